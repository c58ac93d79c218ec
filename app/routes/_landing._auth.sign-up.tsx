// `/sign-up`: the auth dialog in sign-up mode and its action (success keeps the dialog open).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { AuthForm, type AuthModeHandle } from "~/components/auth/auth-form";
import { signUpAction } from "~/auth/session-actions.server";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
import { SIGN_IN_PATH } from "~/lib/paths";
import { signUpsOpen } from "~/session/auth-settings.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle: AuthRouteHandle & AuthModeHandle & SharedPageHandle = {
  sharedPage: true,
  authMode: "sign-up",
  authDialog: {
    title: "Create your account",
    description: "Join the portal to start your first sprint.",
  },
};

/** While the auth service takes no sign-ups (the portal is by invitation), this is sign-in. */
export async function loader() {
  if (!(await signUpsOpen())) throw redirect(SIGN_IN_PATH);
  return null;
}

export function action({ request, context }: ActionFunctionArgs) {
  return signUpAction(request, context);
}

export default AuthForm;
