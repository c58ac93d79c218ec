// `/reset-password`: after a verified reset link (which signed the user in), the new password with
// the sign-up rules and strength bar. Success lands on /dashboard and signs out the other devices.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { resetPasswordAction } from "~/auth/recovery.server";
import { SetPasswordPage } from "~/components/auth/set-password-page";
import { RESET_PASSWORD_PATH } from "~/lib/paths";
import { requireLinkSession } from "~/session/guards.server";
import { titleOf } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction = ({ matches }) => [
  { title: titleOf("Choose a New Password", matches) },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireLinkSession(request, context);
  return { email: user.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireLinkSession(request, context);
  return resetPasswordAction(request, context, user);
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <SetPasswordPage
      email={email}
      title="Choose a new password"
      description="Your other devices will be signed out once it is set."
      action={RESET_PASSWORD_PATH}
      submitLabel="Update Password"
    />
  );
}
