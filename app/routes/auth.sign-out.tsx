// Sign-out: POST only (a GET could be triggered by prefetching or a crawler); ends this device's
// session, clears every auth cookie chunk and goes back to `/`.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutAction } from "~/auth/session-actions.server";
import { HOME_PATH } from "~/lib/paths";
export { clientAction } from "~/forms/page-hooks";

export function loader() {
  return redirect(HOME_PATH);
}

export function action({ request, context }: ActionFunctionArgs) {
  return signOutAction(request, context);
}
