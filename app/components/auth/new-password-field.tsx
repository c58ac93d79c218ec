// A new password with the sign-up rules: the eye toggle and the strength bar; the form learns the
// password through `onPasswordChange` (to keep its submit disabled while it is too weak). And the
// account's address for password managers, so they file the new password under the right login.
import { useEffect, useRef, useState } from "react";
import { Label } from "~/components/ui/label";
import { PASSWORD_MIN_LENGTH } from "~/forms/validation";
import { errorProps, FieldError } from "./field-error";
import { PasswordField } from "./password-field";
import { PasswordStrength } from "./password-strength";

/**
 * The signed-in account's address as the form's username (`autocomplete="username"`), so password
 * managers file the new password under the right login: read-only, never posted, out of sight and
 * out of the Tab order; a screen reader reads it as the account's email.
 */
export function AccountUsername({ email }: { email: string }) {
  return (
    <input
      type="text"
      aria-label="Account email"
      autoComplete="username"
      value={email}
      readOnly
      tabIndex={-1}
      className="sr-only"
    />
  );
}

export function NewPasswordField({
  id,
  label,
  error,
  onPasswordChange,
}: {
  id: string;
  label: string;
  error?: string;
  onPasswordChange: (password: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const update = (value: string) => {
    setPassword(value);
    onPasswordChange(value);
  };
  // What was typed before hydration counts too.
  useEffect(() => update(ref.current?.value ?? ""), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <PasswordField
        id={id}
        name="password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
        ref={ref}
        onChange={(event) => update(event.target.value)}
        {...errorProps(`${id}-error`, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
      <PasswordStrength password={password} />
    </div>
  );
}
