// `/reset-password`: after a verified reset link (which signed the user in), the new password with
// the sign-up rules and strength bar. Success lands on /dashboard and signs out the other devices.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useState } from "react";
import { resetPasswordAction } from "~/auth/recovery.server";
import { AuthPage } from "~/components/auth/auth-page";
import { NewPasswordField } from "~/components/auth/new-password-field";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import type { FormAnswer } from "~/forms/answer";
import { newPasswordSchema } from "~/forms/schemas";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitting } from "~/hooks/use-submitting";
import { RESET_PASSWORD_PATH } from "~/lib/paths";
import { forwardRetryAfter } from "~/lib/retry-after";
import { requireUser } from "~/session/guards.server";

export const meta: MetaFunction = () => [{ title: "Choose a New Password | Client Portal" }];

export const headers = forwardRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return { email: user.email };
}

export function action({ request, context }: ActionFunctionArgs) {
  return resetPasswordAction(request, context);
}

export default function ResetPassword() {
  const result = useActionData<FormAnswer<"password">>();
  useActionToast(result?.toast);
  const [password, setPassword] = useState("");
  const hydrated = useHydrated();
  const pending = useSubmitting(RESET_PASSWORD_PATH);
  return (
    <AuthPage
      title="Choose a new password"
      description="Your other devices will be signed out once it is set."
    >
      <Form method="post" action={RESET_PASSWORD_PATH} className="grid gap-4">
        <NewPasswordField
          id="new-password"
          label="New password"
          error={result?.errors.password}
          onPasswordChange={setPassword}
        />
        <SubmitButton
          pending={pending}
          className="w-full"
          disabled={hydrated && !newPasswordSchema.safeParse({ password }).success}
        >
          Update Password
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
