// The "Your name" field (on /welcome and the account page): optional, one line, its refusal under it.
import { errorProps, FieldError } from "~/components/auth/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PROFILE_TEXT_MAX } from "~/forms/schemas";

export function PersonNameField({ value, error }: { value: string; error: string | undefined }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="person-name">Your name (optional)</Label>
      <Input
        id="person-name"
        name="personName"
        defaultValue={value}
        maxLength={PROFILE_TEXT_MAX}
        autoComplete="name"
        placeholder="Dana Whitfield"
        {...errorProps("person-name-error", error)}
      />
      <FieldError id="person-name-error" message={error} />
      <p className="text-sm text-muted-foreground">Your colleagues and the agency see it.</p>
    </div>
  );
}
