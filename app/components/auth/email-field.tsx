// An e-mail input: strips < and > as the user types and reports every change (before hydration
// too). Its red hint waits until the field is left or a submit is tried, then follows the typing;
// the server's hint stands while the field holds the address it judged (decision 039).
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { EMAIL_MAX_LENGTH, emailHint, stripAngleBrackets } from "~/forms/validation";
import { useHydrated } from "~/hooks/use-hydrated";
import { errorProps, FieldError, useSubmitTried } from "./field-error";

export function EmailField({
  id = "auth-email",
  name = "email",
  label = "Email",
  autoComplete = "email",
  email,
  defaultValue,
  serverError,
  onEmailChange,
}: {
  id?: string;
  name?: string;
  label?: string;
  autoComplete?: "email" | "username";
  /** The current value, for the inline hint. */
  email: string;
  /** What the field starts with: the address the server's answer judged, if there is one. */
  defaultValue: string;
  serverError?: string;
  onEmailChange: (email: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [left, setLeft] = useState(false);
  const submitted = useSubmitTried(ref);
  useEffect(() => {
    onEmailChange(stripAngleBrackets(ref.current?.value ?? ""));
  }, [onEmailChange]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = stripAngleBrackets(event.target.value);
    if (clean !== event.target.value) event.target.value = clean;
    onEmailChange(clean);
  };
  // Until the page has hydrated, `email` may not hold what the field shows: the server's word.
  const error = hydrated
    ? emailHint({ email, left, submitted, serverHint: serverError, judgedEmail: defaultValue })
    : serverError;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="text"
        inputMode="email"
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={EMAIL_MAX_LENGTH}
        ref={ref}
        defaultValue={defaultValue}
        onChange={onChange}
        onBlur={() => setLeft(true)}
        {...errorProps(`${id}-error`, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
