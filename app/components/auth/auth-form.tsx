// The auth dialog's form in each mode (sign-in, sign-up, 'Forgot password?'): posts to its route's
// action, shows the answer's errors inline and its toast. Every mode renders this one component, so
// its inputs, and what is typed during a switch, survive the switch (decision 018).
import { useActionData, useMatches, useOutletContext, useRouteLoaderData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { useEffect, useRef } from "react";
import { ActionRouteForm } from "~/components/action-route-form";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { useActionToast } from "~/components/toaster";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { authHref, dialogHref, type DialogForm } from "~/auth/auth-mode";
import { withReturnTo } from "~/lib/return-to";
import { useReturnTo } from "~/hooks/use-return-to";
import type { FormAnswer } from "~/forms/answer";
import { signUpSchema } from "~/forms/schemas";
import { PASSWORD_MIN_LENGTH } from "~/forms/validation";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitting } from "~/hooks/use-submitting";
import { RESEND_CONFIRMATION_PATH } from "~/lib/paths";
import { BrowserTimeZone } from "./browser-time-zone";
import { CheckInbox, useInboxAddress } from "./check-inbox";
import { DialogSwitch } from "./dialog-switch";
import { EmailField } from "./email-field";
import { errorProps, FieldError } from "./field-error";
import { PasswordField } from "./password-field";
import { PasswordStrength } from "./password-strength";

/** What the dialog's layout keeps across its modes: the typed e-mail and password. */
export interface AuthOutletContext {
  email: string;
  setEmail: (email: string) => void;
  password: string;
  setPassword: (password: string) => void;
}

/** The route handle that says which mode a route shows the form in. */
export interface AuthModeHandle {
  authMode: DialogForm;
}

const SUBMIT_LABEL: Record<DialogForm, string> = {
  "sign-in": "Sign In",
  "sign-up": "Create Account",
  "forgot-password": "Send Reset Link",
};

/** The landing layout, whose loader says whether the auth service takes new sign-ups. */
const LANDING_ROUTE_ID = "routes/_landing";

const INVITATION_ONLY =
  "New to the portal? It is by invitation: your account manager sends you one, and its link lets you choose your password.";

/**
 * The default export of `/sign-in`, `/sign-up` and `/forgot-password`; the mode comes from the
 * route's handle.
 */
export function AuthForm() {
  const leaf = useMatches().at(-1)?.handle as Partial<AuthModeHandle> | undefined;
  const mode = leaf?.authMode ?? "sign-in";
  const result = useActionData<FormAnswer<"email" | "password">>();
  useActionToast(result?.toast);
  const { email, setEmail, password, setPassword } = useOutletContext<AuthOutletContext>();
  const hydrated = useHydrated();
  // Uncontrolled inputs mirrored into the layout's state: what a client typed before the page
  // hydrated (slow phone networks), or in the other mode's form a moment ago, is kept.
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setPassword(passwordRef.current?.value ?? "");
  }, [setPassword]);
  // The sign-in form posts the page the visitor was sent from along, so it lands there.
  const returnTo = useReturnTo();
  const action = mode === "sign-in" ? withReturnTo(authHref(mode), returnTo) : dialogHref(mode);
  const pending = useSubmitting(dialogHref(mode));
  const alert = useFormAlert();

  const passwordError = result?.errors.password;
  const signUp = mode === "sign-up";
  const forgot = mode === "forgot-password";
  const blocked = hydrated && signUp && !signUpSchema.safeParse({ email, password }).success;
  // After 'Account Created!': where the mail went, in place of the form.
  const inbox = useInboxAddress();
  if (signUp && inbox) return <CheckInbox email={inbox} />;

  return (
    <>
      <Form method="post" action={action} className="grid gap-4" {...alert.formProps}>
        {mode === "sign-in" ? <BrowserTimeZone /> : null}
        <EmailField
          autoComplete={forgot ? "email" : "username"}
          email={email}
          defaultValue={result?.values.email ?? email}
          serverError={result?.errors.email}
          onEmailChange={setEmail}
        />
        {forgot ? null : (
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
        )}
        <FormAlert {...alert.alertProps} />
        <SubmitButton
          pending={pending}
          disabled={blocked}
          className="w-full"
          {...alert.submitProps}
        >
          {SUBMIT_LABEL[mode]}
        </SubmitButton>
        {/* After the submit, so the keyboard goes e-mail, password, submit. */}
        {mode === "sign-in" ? (
          <DialogSwitch to="forgot-password" className="justify-self-center text-sm">
            Forgot password?
          </DialogSwitch>
        ) : null}
        <OtherModes mode={mode} />
      </Form>
      {result?.unconfirmed ? <ResendConfirmation email={result.values.email ?? ""} /> : null}
    </>
  );
}

/** The line under the form that switches to the dialog's other modes. */
function OtherModes({ mode }: { mode: DialogForm }) {
  // While sign-ups are closed (/sign-up then redirects here), the form says how to get access.
  const signUpsOpen =
    useRouteLoaderData<{ signUpsOpen: boolean }>(LANDING_ROUTE_ID)?.signUpsOpen ?? true;
  if (mode === "forgot-password") {
    return (
      <p className="text-center text-sm text-muted-foreground">
        Remembered it? <DialogSwitch to="sign-in">Back to sign in</DialogSwitch>
      </p>
    );
  }
  if (!signUpsOpen) {
    return <p className="text-center text-sm text-muted-foreground">{INVITATION_ONLY}</p>;
  }
  const signUp = mode === "sign-up";
  return (
    <p className="text-center text-sm text-muted-foreground">
      {signUp ? "Already have an account? " : "New to the portal? "}
      <DialogSwitch to={signUp ? "sign-in" : "sign-up"}>
        {signUp ? "Sign in" : "Create an account"}
      </DialogSwitch>
    </p>
  );
}

/** Offered when sign-in found the address unconfirmed: mails the confirmation link again. */
function ResendConfirmation({ email }: { email: string }) {
  return (
    <ActionRouteForm
      action={RESEND_CONFIRMATION_PATH}
      className="grid gap-2 rounded-md border p-3 text-sm"
    >
      {(pending) => (
        <>
          <p>Didn&apos;t get the confirmation email?</p>
          <input type="hidden" name="email" value={email} />
          <SubmitButton pending={pending} variant="outline">
            Send the confirmation email again
          </SubmitButton>
        </>
      )}
    </ActionRouteForm>
  );
}
