// The auth service's admin API, on the server alone: a user's current role (a token's can be stale),
// every user for the directory, invitations. Its key (SUPABASE_SERVICE_ROLE_KEY, or the embedded
// server's own) never leaves the server (decision 034).
import { createClient, type User } from "@supabase/supabase-js";
import ws from "ws";
import { getEnv } from "~/lib/env.server";
import { authServiceUrl } from "~/session/auth-service.server";
import { STAFF_ROLE } from "~/lib/roles";

/** How long one admin call may take before the auth service counts as unreachable. */
const ADMIN_FETCH_TIMEOUT_MS = 8_000;
const PAGE_SIZE = 1000;

function adminClient() {
  const key = getEnv().SUPABASE_SERVICE_ROLE_KEY;
  if (!key) throw new Error("SUPABASE_SERVICE_ROLE_KEY is not set: the staff console needs it");
  return createClient(authServiceUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: {
      fetch: (input, init) =>
        fetch(input, { ...init, signal: AbortSignal.timeout(ADMIN_FETCH_TIMEOUT_MS) }),
    },
  });
}

export function isStaffUser(user: Pick<User, "app_metadata">): boolean {
  return user.app_metadata?.role === STAFF_ROLE;
}

/**
 * The user as the auth service knows them now: null when there is no such user, and throws when
 * the service cannot be asked.
 */
export async function currentUser(userId: string): Promise<User | null> {
  const { data, error } = await adminClient().auth.admin.getUserById(userId);
  if (!error) return data.user;
  if (error.status === 404 || error.status === 422 || error.code === "user_not_found") return null;
  throw error;
}

/**
 * Deletes user `userId` while they are invited and have never confirmed (a cancelled invitation);
 * false when there is no such invitation. Throws when the service cannot be asked.
 */
export async function cancelInvitation(userId: string): Promise<boolean> {
  const user = await currentUser(userId);
  if (!user || user.email_confirmed_at || !user.invited_at) return false;
  const { error } = await adminClient().auth.admin.deleteUser(userId);
  if (error) throw error;
  return true;
}

/** Every user the auth service knows, page by page. */
export async function* everyUser(): AsyncGenerator<User[]> {
  const client = adminClient();
  for (let page = 1; ; page++) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage: PAGE_SIZE });
    if (error) throw error;
    if (data.users.length > 0) yield data.users;
    if (data.users.length < PAGE_SIZE) return;
  }
}

/** How a staff member is named to a client: their `full_name` at the auth service, else e-mail. */
export function staffName(user: Pick<User, "email" | "user_metadata">): string {
  const name: unknown = user.user_metadata?.full_name;
  return typeof name === "string" && name.trim() ? name.trim() : (user.email ?? "");
}

/** Who sends an invitation: the agency and the staff member, and the client's company if named. */
export interface InvitationSender {
  agencyName: string;
  invitedBy: string;
  company: string;
}

/**
 * Mails an invitation; its link lands on `redirectTo` once the invitee has confirmed. The sender
 * goes in its `data` (the invitee's user_metadata), which the invitation mail names: the embedded
 * auth server's, and Supabase's invite template as `{{ .Data.agency_name }}`,
 * `{{ .Data.invited_by }}` and `{{ .Data.company_name }}` (empty when not named).
 */
export function invite(email: string, redirectTo: string, sender: InvitationSender) {
  const data = { agency_name: sender.agencyName, invited_by: sender.invitedBy };
  return adminClient().auth.admin.inviteUserByEmail(email, {
    redirectTo,
    data: sender.company ? { ...data, company_name: sender.company } : data,
  });
}
