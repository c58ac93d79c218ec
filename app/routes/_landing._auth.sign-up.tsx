// `/sign-up`: the auth dialog in sign-up mode and its action (success keeps the dialog open).
import type { ActionFunctionArgs } from "@remix-run/node";
import { AuthForm, type AuthModeHandle } from "~/components/auth/auth-form";
import { signUpAction } from "~/auth/session-actions.server";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
import { forwardRetryAfter } from "~/lib/retry-after";

export const handle: AuthRouteHandle & AuthModeHandle & SharedPageHandle = {
  sharedPage: true,
  authMode: "sign-up",
  authDialog: {
    title: "Create your account",
    description: "Join the portal to start your first sprint.",
  },
};

/** A rate-limited post tells the client when to try again. */
export const headers = forwardRetryAfter;

export function action({ request, context }: ActionFunctionArgs) {
  return signUpAction(request, context);
}

// The same component as the other mode's route, so a switch keeps the form's inputs.
export default AuthForm;
