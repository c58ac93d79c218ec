// The page that sets a password after a mailed link (a reset link, an invitation): the sign-up
// rules and strength bar, a submit that waits for an acceptable password, the answer's error kept
// in the form, and the account's address as the username for password managers (decision 039).
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { useState } from "react";
import { PersonNameField } from "~/components/account/person-name-field";
import { AuthPage } from "~/components/auth/auth-page";
import { AccountUsername, NewPasswordField } from "~/components/auth/new-password-field";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import type { FormAnswer } from "~/forms/answer";
import { newPasswordSchema } from "~/forms/schemas";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitting } from "~/hooks/use-submitting";
import { BrowserTimeZone } from "./browser-time-zone";

export function SetPasswordPage({
  title,
  description,
  action,
  submitLabel,
  email,
  askName = false,
}: {
  title: string;
  description: string;
  action: string;
  submitLabel: string;
  /** The signed-in account's address. */
  email: string;
  /** Whether the page also offers "Your name" (an accepted invitation's). */
  askName?: boolean;
}) {
  const result = useActionData<FormAnswer<"password" | "personName">>();
  useActionToast(result?.toast);
  const [password, setPassword] = useState("");
  const hydrated = useHydrated();
  const pending = useSubmitting(action);
  const alert = useFormAlert();
  return (
    <AuthPage title={title} description={description}>
      <Form method="post" action={action} className="grid gap-4" {...alert.formProps}>
        <AccountUsername email={email} />
        {askName ? (
          <>
            <PersonNameField
              value={result?.values.personName ?? ""}
              error={result?.errors.personName}
            />
            <BrowserTimeZone />
          </>
        ) : null}
        <NewPasswordField
          id="new-password"
          label="New password"
          error={result?.errors.password}
          onPasswordChange={setPassword}
        />
        <FormAlert {...alert.alertProps} />
        <SubmitButton
          pending={pending}
          className="w-full"
          disabled={hydrated && !newPasswordSchema.safeParse({ password }).success}
          {...alert.submitProps}
        >
          {submitLabel}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
