// The sign-in / sign-up form shared by both modes: posts to the landing route's action through a
// keyed fetcher (a plain document POST without JavaScript), shows the action's errors inline.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { AuthActionData } from "~/lib/auth-actions.server";
import { AUTH_FETCHER_KEY, authHref, type AuthMode } from "~/lib/auth-mode";
import { useHydrated } from "~/hooks/use-hydrated";
import {
  INVALID_EMAIL_HINT,
  isAcceptablePassword,
  isValidEmail,
  PASSWORD_MIN_LENGTH,
  stripAngleBrackets,
} from "~/lib/validation";
import { PasswordField } from "./password-field";
import { PasswordStrength } from "./password-strength";

const SUBMIT_LABEL: Record<AuthMode, string> = {
  "sign-in": "Sign In",
  "sign-up": "Create Account",
};

/** The attributes that tie an input to its error message, when there is one. */
function errorProps(errorId: string, message: string | undefined) {
  return message ? { "aria-invalid": true, "aria-describedby": errorId } : {};
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export function AuthForm({
  mode,
  documentResult,
}: {
  mode: AuthMode;
  documentResult?: AuthActionData;
}) {
  const fetcher = useFetcher<AuthActionData>({ key: AUTH_FETCHER_KEY });
  const hydrated = useHydrated();
  const result = fetcher.data ?? (documentResult?.intent === mode ? documentResult : undefined);
  // Uncontrolled inputs mirrored into state: what a client typed before the page hydrated (slow
  // phone networks) is kept, and read back once React takes over.
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(result?.email ?? "");
  const [password, setPassword] = useState("");
  useEffect(() => {
    setEmail(stripAngleBrackets(emailRef.current?.value ?? ""));
    setPassword(passwordRef.current?.value ?? "");
  }, []);
  const onEmailChange = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = stripAngleBrackets(event.target.value);
    if (clean !== event.target.value) event.target.value = clean;
    setEmail(clean);
  };
  const pending = fetcher.state !== "idle";

  const emailInvalid = email !== "" && !isValidEmail(email);
  const emailError = emailInvalid ? INVALID_EMAIL_HINT : result?.errors.email;
  const passwordError = result?.errors.password;
  const signUp = mode === "sign-up";
  const blocked = hydrated && signUp && (!isValidEmail(email) || !isAcceptablePassword(password));

  return (
    <fetcher.Form method="post" action={`${authHref(mode)}&index`} className="grid gap-4">
      <input type="hidden" name="intent" value={mode} />
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
          maxLength={254}
          ref={emailRef}
          defaultValue={result?.email ?? ""}
          onChange={onEmailChange}
          {...errorProps("auth-email-error", emailError)}
        />
        <FieldError id="auth-email-error" message={emailError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="auth-password">Password</Label>
        <PasswordField
          id="auth-password"
          name="password"
          required
          minLength={signUp ? PASSWORD_MIN_LENGTH : undefined}
          autoComplete={signUp ? "new-password" : "current-password"}
          ref={passwordRef}
          onChange={(event) => setPassword(event.target.value)}
          {...errorProps("auth-password-error", passwordError)}
        />
        <FieldError id="auth-password-error" message={passwordError} />
        {signUp ? <PasswordStrength password={password} /> : null}
      </div>
      <Button type="submit" disabled={pending || blocked} className="w-full">
        {pending ? "Processing..." : SUBMIT_LABEL[mode]}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {signUp ? "Already have an account? " : "New to the portal? "}
        <Link
          to={authHref(signUp ? "sign-in" : "sign-up")}
          preventScrollReset
          replace
          className="font-medium text-primary underline underline-offset-4"
        >
          {signUp ? "Sign in" : "Create an account"}
        </Link>
      </p>
    </fetcher.Form>
  );
}
