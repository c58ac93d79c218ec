// The sidebar toggle without JavaScript: sets the `sidebar_state` cookie (or opens the phone sheet)
// and redirects back to the page the form was posted from.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { cookieValue } from "~/lib/cookies.server";
import { DASHBOARD_PATH } from "~/lib/paths";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  parseSidebarForm,
  SIDEBAR_COOKIE_NAME,
  sidebarCookie,
  sidebarOpenFrom,
  withMobileSidebar,
} from "~/components/ui/sidebar-model";
export { clientAction } from "~/forms/page-hooks";

export function loader() {
  return redirect(DASHBOARD_PATH);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const choice = form ? parseSidebarForm(form) : null;
  if (!form || !choice) {
    return new Response("Bad Request", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  const back = safeRedirect(form.get("redirectTo"), DASHBOARD_PATH);
  if (choice.kind === "mobile") return redirect(withMobileSidebar(back, true));
  const open =
    choice.kind === "set"
      ? choice.open
      : !sidebarOpenFrom(cookieValue(request.headers.get("Cookie"), SIDEBAR_COOKIE_NAME));
  return redirect(withMobileSidebar(back, false), {
    headers: { "Set-Cookie": sidebarCookie(open) },
  });
}
