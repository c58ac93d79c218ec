// The auth forms' e-mail input: strips < and > as the user types, shows the red hint for an
// invalid address, and reports every change (what was typed before hydration too).
import { useEffect, useRef, type ChangeEvent } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  EMAIL_MAX_LENGTH,
  INVALID_EMAIL_HINT,
  isValidEmail,
  stripAngleBrackets,
} from "~/forms/validation";
import { errorProps, FieldError } from "./field-error";

export function EmailField({
  email,
  defaultValue,
  serverError,
  onEmailChange,
}: {
  /** The current value, for the inline hint. */
  email: string;
  defaultValue: string;
  serverError?: string;
  onEmailChange: (email: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    onEmailChange(stripAngleBrackets(ref.current?.value ?? ""));
  }, [onEmailChange]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = stripAngleBrackets(event.target.value);
    if (clean !== event.target.value) event.target.value = clean;
    onEmailChange(clean);
  };
  const error = email !== "" && !isValidEmail(email) ? INVALID_EMAIL_HINT : serverError;
  return (
    <div className="grid gap-2">
      <Label htmlFor="auth-email">Email</Label>
      <Input
        id="auth-email"
        name="email"
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={EMAIL_MAX_LENGTH}
        ref={ref}
        defaultValue={defaultValue}
        onChange={onChange}
        {...errorProps("auth-email-error", error)}
      />
      <FieldError id="auth-email-error" message={error} />
    </div>
  );
}
