// `/sign-in`: the auth dialog in sign-in mode and its action (success goes to /dashboard).
import type { ActionFunctionArgs } from "@remix-run/node";
import { AuthForm, type AuthModeHandle } from "~/components/auth/auth-form";
import { signInAction } from "~/auth/session-actions.server";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
import { forwardRetryAfter } from "~/lib/retry-after";
import { keepFormWhenUnreachable } from "~/forms/unreachable";

export const handle: AuthRouteHandle & AuthModeHandle & SharedPageHandle = {
  sharedPage: true,
  authMode: "sign-in",
  authDialog: { title: "Welcome back", description: "Sign in to follow your programme." },
};

/** A rate-limited post tells the client when to try again. */
export const headers = forwardRetryAfter;

export function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context);
}

// The same component as the other mode's route, so a switch keeps the form's inputs.
export const clientAction = keepFormWhenUnreachable;

export default AuthForm;
