// The staff console's guard: signed in, the token says staff, and the auth service still says so
// now (a revoked member loses the console at their next page view, whatever their token says).
// Anyone else gets the 404 page: the console does not show that it exists.
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "@supabase/supabase-js";
import { notFound } from "~/lib/not-found.server";
import { authUnavailable, requireUser } from "~/session/guards.server";
import type { SessionUser } from "~/session/state.server";
import { STAFF_ROLE } from "~/lib/roles";
import { currentUser, isStaffUser } from "~/identity/auth-admin.server";

/** The auth service's answer about the signed-in user, asked once per request. */
const checked = new WeakMap<AppLoadContext, ReturnType<typeof currentUser>>();

/**
 * The signed-in staff member: `user` from their session, `account` as the auth service knows them
 * now (their metadata, e.g. a name).
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; account: User }> {
  const { user, headers } = await requireUser(request, context);
  if (user.role !== STAFF_ROLE) throw notFound(request);
  let current;
  try {
    let lookup = checked.get(context);
    if (!lookup) {
      lookup = currentUser(user.id);
      checked.set(context, lookup);
    }
    current = await lookup;
  } catch {
    throw authUnavailable(new Headers(headers));
  }
  if (!current || !isStaffUser(current)) throw notFound(request);
  return { user, account: current };
}
