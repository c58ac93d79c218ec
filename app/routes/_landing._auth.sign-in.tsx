// `/sign-in`: the auth dialog in sign-in mode and its action (success goes to /dashboard).
import type { ActionFunctionArgs } from "@remix-run/node";
import { AuthForm } from "~/components/auth/auth-form";
import { signInAction } from "~/lib/auth-actions.server";
import type { AuthRouteHandle } from "./_landing._auth";

export const handle: AuthRouteHandle = {
  authDialog: { title: "Welcome back", description: "Sign in to follow your programme." },
};

export function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context);
}

export default function SignIn() {
  return <AuthForm mode="sign-in" />;
}
