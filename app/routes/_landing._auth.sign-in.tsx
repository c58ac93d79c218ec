// `/sign-in`: the auth dialog in sign-in mode and its action (success goes to /dashboard).
import type { ActionFunctionArgs } from "@remix-run/node";
import { AuthForm, type AuthModeHandle } from "~/components/auth/auth-form";
import { signInAction } from "~/auth/session-actions.server";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle: AuthRouteHandle & AuthModeHandle & SharedPageHandle = {
  sharedPage: true,
  authMode: "sign-in",
  authDialog: { title: "Welcome back", description: "Sign in to follow your programme." },
};

export function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context);
}

export default AuthForm;
