// Access checks: the gateway's API-key check, GoTrue's requireAuthentication and requireAdmin.
import type { JWTPayload } from "jose";
import type { App } from "../app";
import { apiKeyRole, verifyBearer, type ApiKeyRole } from "../keys/jwt";
import {
  badRequest,
  forbidden,
  GatewayError,
  unauthorized,
  validationFailed,
} from "../http/errors";
import type { RequestContext } from "../http/request";
import type { SessionRecord } from "../store/sessions";
import type { UserRecord } from "../store/users";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export const isUuid = (value: string) => UUID.test(value);

/**
 * The API gateway's check (Kong on Supabase): `apikey` header or `?apikey=` must be a JWT with
 * role anon or service_role signed by our secret or keys. Answers with Kong's exact 401 bodies.
 */
export async function requireApiKey(app: App, ctx: RequestContext): Promise<ApiKeyRole> {
  const key = ctx.header("apikey") ?? ctx.query.get("apikey") ?? undefined;
  if (!key) {
    throw new GatewayError(
      "No API key found in request",
      "No `apikey` request header or url param was found.",
    );
  }
  const role = await apiKeyRole(app.keyring, key, app.now());
  if (!role) {
    throw new GatewayError(
      "Invalid API key",
      "Double check your Supabase `anon` or `service_role` API key.",
    );
  }
  return role;
}

/** The bearer token's verified claims, or 401 no_authorization / 403 bad_jwt. */
async function bearerClaims(
  app: App,
  ctx: RequestContext,
  use: "session" | "admin",
): Promise<JWTPayload> {
  const token = ctx.bearer();
  if (!token) throw unauthorized("no_authorization", "This endpoint requires a valid Bearer token");
  return verifyBearer(app.keyring, token, app.now(), use);
}

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
  claims: JWTPayload;
}

const sessionNotFound = () =>
  forbidden("session_not_found", "Session from session_id claim in JWT does not exist");

/**
 * GoTrue's requireAuthentication + maybeLoadUserOrSession, stricter: the token must be signed by a
 * configured key and carry a session_id whose session still exists, so sign-out, a ban or a deletion
 * ends it at once and no token minted outside a sign-in ever counts as one.
 */
export async function requireUser(app: App, ctx: RequestContext): Promise<Authenticated> {
  const claims = await bearerClaims(app, ctx, "session");
  if (!claims.sub) throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  if (!isUuid(claims.sub)) throw badRequest("bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = app.store.users.findById(claims.sub);
  if (!user || user.deletedAt !== null) {
    throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  }
  const sessionId = claims.session_id;
  if (typeof sessionId !== "string" || sessionId === "" || sessionId === NIL_UUID) {
    throw sessionNotFound();
  }
  if (!isUuid(sessionId))
    throw forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID");
  const session = app.store.sessions.find(sessionId);
  if (!session || session.userId !== user.id) throw sessionNotFound();
  if (isBanned(app, user)) throw forbidden("user_banned", "User is banned");
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(app.config.jwtAud)) {
    throw validationFailed("Token audience doesn't match request audience");
  }
  return { user, session, claims };
}

/** GoTrue's requireAdminCredentials: a valid bearer whose role is an admin role. */
export async function requireAdmin(app: App, ctx: RequestContext): Promise<void> {
  const claims = await bearerClaims(app, ctx, "admin");
  if (typeof claims.role !== "string" || !app.config.jwtAdminRoles.includes(claims.role)) {
    throw forbidden("not_admin", "User not allowed");
  }
}

export function isBanned(app: App, user: UserRecord): boolean {
  return user.bannedUntil !== null && user.bannedUntil > app.now();
}
