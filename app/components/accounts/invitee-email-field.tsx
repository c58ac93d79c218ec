// The address an invitation goes to, as the console's invitation forms ask it: typed as written
// (no autocomplete, capitals or spelling fixes), with its hint under the field when refused.
import { errorProps, FieldError } from "~/components/auth/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { EMAIL_MAX_LENGTH } from "~/forms/validation";

export function InviteeEmailField({
  id,
  label,
  defaultValue,
  error,
}: {
  id: string;
  label: string;
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <div className="grid flex-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="email"
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={EMAIL_MAX_LENGTH}
        defaultValue={defaultValue}
        {...errorProps(`${id}-error`, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
