// `/welcome`: where an accepted invitation lands (its link signed the invitee in): the password
// they will sign in with, with the sign-up rules. Success opens their dashboard.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { welcomeAction } from "~/auth/recovery.server";
import { SetPasswordPage } from "~/components/auth/set-password-page";
import { WELCOME_PATH } from "~/lib/paths";
import { requireLinkSession } from "~/session/guards.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction = () => [{ title: "Choose Your Password | Client Portal" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireLinkSession(request, context);
  return { email: user.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireLinkSession(request, context);
  return welcomeAction(request, context, user);
}

export default function Welcome() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <SetPasswordPage
      email={email}
      title="Choose your password"
      description="You will sign in to your portal with your email and this password."
      action={WELCOME_PATH}
      submitLabel="Set Password"
    />
  );
}
