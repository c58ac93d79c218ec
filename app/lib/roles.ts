// The one role the portal knows besides "client": staff, set in a user's app_metadata through the
// auth service's admin API (never by the user). Each kind of user has a home page.
import { DASHBOARD_PATH, STAFF_PATH } from "./paths";

export const STAFF_ROLE = "staff";

/** Where a user lands after signing in: staff on the console, clients on their dashboard. */
export function homePathFor(role: string | null | undefined): string {
  return role === STAFF_ROLE ? STAFF_PATH : DASHBOARD_PATH;
}
