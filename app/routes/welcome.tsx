// `/welcome`: where an accepted invitation lands (its link signed the invitee in), and a sign-up
// confirmed in another browser (which says why it asks): the password they will sign in with, with
// the sign-up rules, and the name they go by if they give one. Success opens their dashboard.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { welcomeAction } from "~/auth/recovery.server";
import { SetPasswordPage } from "~/components/auth/set-password-page";
import { CONFIRMED_ELSEWHERE_PARAM, WELCOME_PATH } from "~/lib/paths";
import { requireLinkSession } from "~/session/guards.server";
import { titleOf } from "~/lib/page-meta";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const meta: MetaFunction = ({ matches }) => [
  { title: titleOf("Choose Your Password", matches) },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireLinkSession(request, context);
  const confirmedElsewhere = new URL(request.url).searchParams.has(CONFIRMED_ELSEWHERE_PARAM);
  return { email: user.email, confirmedElsewhere };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireLinkSession(request, context);
  return welcomeAction(request, context, user);
}

export default function Welcome() {
  const { email, confirmedElsewhere } = useLoaderData<typeof loader>();
  return (
    <SetPasswordPage
      email={email}
      title="Choose your password"
      description={
        confirmedElsewhere
          ? "You confirmed your email in a different browser from the one you signed up in. In case someone else chose the password at sign-up, it no longer works: choose the one you will sign in with."
          : "You will sign in to your portal with your email and this password."
      }
      // The form posts to this address, so a refused password keeps the page's explanation.
      action={confirmedElsewhere ? `${WELCOME_PATH}?${CONFIRMED_ELSEWHERE_PARAM}` : WELCOME_PATH}
      submitLabel="Set Password"
      askName
    />
  );
}
