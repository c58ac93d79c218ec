// `/sign-up`: the auth dialog in sign-up mode and its action (success keeps the dialog open).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { AuthForm, type AuthModeHandle } from "~/components/auth/auth-form";
import { signUpAction } from "~/auth/session-actions.server";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
import { SIGN_IN_PATH } from "~/lib/paths";
import { forwardRetryAfter } from "~/lib/retry-after";
import { signUpsOpen } from "~/session/auth-settings.server";
import { keepFormWhenUnreachable, keepPageAfterUnreachable } from "~/forms/unreachable";

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

/** A rate-limited post tells the client when to try again. */
export const headers = forwardRetryAfter;

export function action({ request, context }: ActionFunctionArgs) {
  return signUpAction(request, context);
}

// The same component as the other mode's route, so a switch keeps the form's inputs.
export const clientAction = keepFormWhenUnreachable;

export const shouldRevalidate = keepPageAfterUnreachable;

export default AuthForm;
