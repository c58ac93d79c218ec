// Posts only: 'Sign out of all devices' from the account page; every session of the user ends,
// the others at their next page view.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutEverywhereAction } from "~/auth/account.server";
import { requireUser } from "~/session/guards.server";
import { HOME_PATH } from "~/lib/paths";
export { clientAction } from "~/forms/page-hooks";

export function loader() {
  return redirect(HOME_PATH);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context);
  return signOutEverywhereAction(request, context, user);
}
