// Where a visitor was going when a page asked them to sign in: the path travels as `redirectTo` to
// the sign-in form, and sign-in lands there. Only a path of the user's own signed-in area is
// followed, so it never sends anyone off the site or into a redirect loop (decision 041).
import { safeRedirect } from "./safe-redirect";
import { DASHBOARD_PATH, STAFF_PATH } from "./paths";

export const RETURN_TO_PARAM = "redirectTo";

/** Whether `path` is `area` itself or one of its pages (not `/dashboardx`). */
function isWithin(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}?`);
}

/** A signed-in page's path from a request's `redirectTo`, or null for anything else. */
export function returnToPath(value: FormDataEntryValue | string | null | undefined): string | null {
  const path = safeRedirect(value, "");
  return [DASHBOARD_PATH, STAFF_PATH].some((area) => isWithin(path, area)) ? path : null;
}

/** Where a signed-in user goes: `returnTo` when it lies in their own area, else their home. */
export function landingAfterSignIn(returnTo: string | null, home: string): string {
  return returnTo !== null && isWithin(returnTo, home) ? returnTo : home;
}

/** `path` with `returnTo` carried as its query (none: `path` as it is). */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo === null
    ? path
    : `${path}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}
