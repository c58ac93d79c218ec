// The sign-in / sign-up form: posts to its own route's action (a plain document POST without
// JavaScript), shows the answer's errors inline and its toast. What is typed lives in the dialog's
// layout (`AuthOutletContext`), so it survives a switch between the modes.
import { Form, Link, useActionData, useNavigation, useOutletContext } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent } from "react";
import { useActionToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { AuthActionData } from "~/lib/auth-actions.server";
import { authHref, type AuthMode } from "~/lib/auth-mode";
import { useHydrated } from "~/lib/use-hydrated";
import {
  INVALID_EMAIL_HINT,
  isAcceptablePassword,
  isValidEmail,
  PASSWORD_MIN_LENGTH,
  stripAngleBrackets,
} from "~/lib/validation";
import { PasswordField } from "./password-field";
import { PasswordStrength } from "./password-strength";

/** What the dialog's layout keeps across its modes: the typed e-mail and password. */
export interface AuthOutletContext {
  email: string;
  setEmail: (email: string) => void;
  password: string;
  setPassword: (password: string) => void;
}

const SUBMIT_LABEL: Record<AuthMode, string> = {
  "sign-in": "Sign In",
  "sign-up": "Create Account",
};

/** The attributes that tie an input to its error message, when there is one. */
export function errorProps(errorId: string, message: string | undefined) {
  return message ? { "aria-invalid": true, "aria-describedby": errorId } : {};
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** True while this form's own post is in flight. */
export function useSubmitting(action: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formAction?.split("?")[0] === action;
}

export function AuthForm({ mode }: { mode: AuthMode }) {
  const result = useActionData<AuthActionData>();
  useActionToast(result?.toast);
  const { email, setEmail, password, setPassword } = useOutletContext<AuthOutletContext>();
  const hydrated = useHydrated();
  // Uncontrolled inputs mirrored into state: what a client typed before the page hydrated (slow
  // phone networks), or in the other mode's form a moment ago, is kept and read back on mount.
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setEmail(stripAngleBrackets(emailRef.current?.value ?? ""));
    setPassword(passwordRef.current?.value ?? "");
  }, [setEmail, setPassword]);
  const onEmailChange = (event: ChangeEvent<HTMLInputElement>) => {
    const clean = stripAngleBrackets(event.target.value);
    if (clean !== event.target.value) event.target.value = clean;
    setEmail(clean);
  };
  const action = authHref(mode);
  const pending = useSubmitting(action);

  const emailInvalid = email !== "" && !isValidEmail(email);
  const emailError = emailInvalid ? INVALID_EMAIL_HINT : result?.errors.email;
  const passwordError = result?.errors.password;
  const signUp = mode === "sign-up";
  const blocked = hydrated && signUp && (!isValidEmail(email) || !isAcceptablePassword(password));

  return (
    <Form method="post" action={action} className="grid gap-4">
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
          defaultValue={result?.email ?? email}
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
          defaultValue={password}
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
          prefetch="intent"
          preventScrollReset
          replace
          className="font-medium text-primary underline underline-offset-4"
        >
          {signUp ? "Sign in" : "Create an account"}
        </Link>
      </p>
    </Form>
  );
}
