// `/forgot-password`: the auth dialog asking for the address to send a reset link to.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AuthForm, type AuthModeHandle } from "~/components/auth/auth-form";
import { forgotPasswordAction } from "~/auth/recovery.server";
import type { AuthRouteHandle } from "./_landing._auth";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
export { clientAction, headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle: AuthRouteHandle & AuthModeHandle & SharedPageHandle = {
  sharedPage: true,
  authMode: "forgot-password",
  authDialog: {
    title: "Reset your password",
    description: "Enter your email and we'll send you a link to set a new password.",
  },
};

export function action({ request, context }: ActionFunctionArgs) {
  return forgotPasswordAction(request, context);
}

// The same component as sign-in's route, so 'Forgot password?' keeps the e-mail input.
export default AuthForm;
