// A new password with the sign-up rules: the eye toggle, the strength bar and, once hydrated, a
// submit that stays disabled while the password is too weak (`onAcceptableChange`).
import { useEffect, useRef, useState } from "react";
import { Label } from "~/components/ui/label";
import { PASSWORD_MIN_LENGTH } from "~/forms/validation";
import { errorProps, FieldError } from "./field-error";
import { PasswordField } from "./password-field";
import { PasswordStrength } from "./password-strength";

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
