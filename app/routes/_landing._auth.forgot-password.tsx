// `/forgot-password`: the auth dialog asking for the address to send a reset link to.
import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useOutletContext } from "@remix-run/react";
import type { AuthOutletContext } from "~/components/auth/auth-form";
import { DialogSwitch } from "~/components/auth/dialog-switch";
import { EmailField } from "~/components/auth/email-field";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { forgotPasswordAction } from "~/auth/recovery.server";
import type { FormAnswer } from "~/forms/answer";
import { useSubmitting } from "~/hooks/use-submitting";
import { FORGOT_PASSWORD_PATH } from "~/lib/paths";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
import { forwardRetryAfter } from "~/lib/retry-after";
import { keepFormWhenUnreachable } from "~/forms/unreachable";

export const handle: AuthRouteHandle & SharedPageHandle = {
  sharedPage: true,
  authDialog: {
    title: "Reset your password",
    description: "Enter your email and we'll send you a link to set a new password.",
  },
};

/** A rate-limited post tells the client when to try again. */
export const headers = forwardRetryAfter;

export function action({ request, context }: ActionFunctionArgs) {
  return forgotPasswordAction(request, context);
}

export const clientAction = keepFormWhenUnreachable;

export default function ForgotPassword() {
  const result = useActionData<FormAnswer<"email">>();
  useActionToast(result?.toast);
  const { email, setEmail } = useOutletContext<AuthOutletContext>();
  const pending = useSubmitting(FORGOT_PASSWORD_PATH);
  const alert = useFormAlert();
  return (
    <Form method="post" action={FORGOT_PASSWORD_PATH} className="grid gap-4" {...alert.formProps}>
      <EmailField
        email={email}
        defaultValue={result?.values.email ?? email}
        serverError={result?.errors.email}
        onEmailChange={setEmail}
      />
      <FormAlert {...alert.alertProps} />
      <SubmitButton pending={pending} className="w-full" {...alert.submitProps}>
        Send Reset Link
      </SubmitButton>
      <p className="text-center text-sm text-muted-foreground">
        Remembered it? <DialogSwitch to="sign-in">Back to sign in</DialogSwitch>
      </p>
    </Form>
  );
}
