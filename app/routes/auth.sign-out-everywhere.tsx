// Posts only: 'Sign out of all devices' from the account page; every session of the user ends,
// the others at their next page view.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutEverywhereAction } from "~/auth/account.server";
import { HOME_PATH } from "~/lib/paths";
import { keepFormWhenUnreachable } from "~/forms/unreachable";

export function loader() {
  return redirect(HOME_PATH);
}

export function action({ request, context }: ActionFunctionArgs) {
  return signOutEverywhereAction(request, context);
}

export const clientAction = keepFormWhenUnreachable;
