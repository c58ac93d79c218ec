// Landing page `/` (drawn by the layout): links from before the auth routes existed
// (`/?auth=sign-in|sign-up`) are sent on to `/sign-in` or `/sign-up`.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { authHref, LEGACY_AUTH_PARAM, parseAuthMode } from "~/auth/auth-mode";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export const handle: SharedPageHandle = { sharedPage: true };

export function loader({ request }: LoaderFunctionArgs) {
  const mode = parseAuthMode(new URL(request.url).searchParams.get(LEGACY_AUTH_PARAM));
  if (mode) throw redirect(authHref(mode), 301);
  return null;
}

export default function Index() {
  return null;
}
