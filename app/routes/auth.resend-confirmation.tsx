// Posts only: mails the sign-up confirmation link again and goes back to the sign-in dialog with
// a toast (sent, or how long to wait before another mail).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { resendConfirmationAction } from "~/auth/recovery.server";
import { authHref } from "~/auth/auth-mode";
export { clientAction } from "~/forms/page-hooks";

export function loader() {
  return redirect(authHref("sign-in"));
}

export function action({ request, context }: ActionFunctionArgs) {
  return resendConfirmationAction(request, context);
}
