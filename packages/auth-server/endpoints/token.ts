// POST /token: grant_type=password | refresh_token (rotation + reuse window) | pkce.
import type { App } from "../app";
import { badRequest, notFound, OAuthError, unprocessable, validationFailed } from "../http/errors";
import { stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { passwordWeakness, upgradeLegacyHash, verifyPassword } from "../passwords";
import { isBanned } from "../services/guard";
import { verifierMatches } from "../services/pkce";
import {
  issueSession,
  REFRESH_TOKEN_LENGTH,
  tokenResponse,
  uniqueRefreshToken,
} from "../services/sessions";

const invalidCredentials = () => badRequest("invalid_credentials", "Invalid login credentials");

async function passwordGrant(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  const email = stringField(body, "email");
  const phone = stringField(body, "phone");
  const password = stringField(body, "password") ?? "";
  if (email && phone) {
    throw validationFailed("Only an email address or phone number should be provided on login.");
  }
  if (!email && !phone) throw validationFailed("missing email or phone");
  if (!email) throw unprocessable("phone_provider_disabled", "Phone logins are disabled");
  if (!app.config.externalEmailEnabled)
    throw unprocessable("email_provider_disabled", "Email logins are disabled");

  const found = app.store.users.findByEmail(email);
  // Always hash (a dummy when there is no account) so timing does not reveal which addresses exist.
  const valid = await verifyPassword(
    password,
    found?.encryptedPassword ?? null,
    app.config.bcryptCost,
  );
  const user = found && app.store.users.findById(found.id);
  // Unknown, deleted and banned accounts answer like a wrong password, whatever the password:
  // GoTrue's user_banned after a matching password would confirm a guessed password.
  if (
    !user ||
    !user.encryptedPassword ||
    user.deletedAt !== null ||
    !valid ||
    isBanned(app, user)
  ) {
    throw invalidCredentials();
  }
  // Only reported once the password matched, so it never tells whether an account exists.
  if (user.emailConfirmedAt === null)
    throw badRequest("email_not_confirmed", "Email not confirmed");

  const session = await issueSession(app, await upgradeLegacyHash(app, user, password), "password");
  const weakness = passwordWeakness(password, app.config);
  return json(weakness ? { ...session, weak_password: weakness } : session);
}

const REFRESH_TOKEN_FORMAT = new RegExp(`^[a-z0-9]{${REFRESH_TOKEN_LENGTH}}$`);

/**
 * GoTrue's legacy refresh-token grant. A revoked token that is the parent of the session's active
 * token gets that active token back; any other revoked token is accepted within the reuse interval
 * (a new child is issued); outside it the session is revoked and refresh_token_already_used returned.
 */
async function refreshGrant(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  const presented = stringField(body, "refresh_token");
  if (!presented) throw new OAuthError("invalid_request", "refresh_token required");
  if (!REFRESH_TOKEN_FORMAT.test(presented)) throw validationFailed("Refresh token is not valid");

  const { sessions, users } = app.store;
  const token = sessions.findRefreshToken(presented);
  const user = token && users.findById(token.userId);
  if (!token || !user) {
    throw badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  }
  if (isBanned(app, user)) throw badRequest("user_banned", "Invalid Refresh Token: User Banned");
  const session = sessions.find(token.sessionId);
  if (!session)
    throw badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found");

  const now = app.now();
  const issued = app.store.db.transaction(() => {
    if (token.revoked) {
      const active = sessions.activeRefreshToken(session.id);
      if (active && active.parent === token.token) return active.token;
      const reuseUntil = token.updatedAt + app.config.refreshTokenReuseInterval * 1000;
      if (now > reuseUntil) return undefined;
    } else {
      sessions.revokeRefreshToken(token.id, now);
    }
    sessions.markRefreshed(session.id, now);
    return sessions.insertRefreshToken({
      token: uniqueRefreshToken(app),
      userId: user.id,
      sessionId: session.id,
      parent: token.token,
      createdAt: now,
      updatedAt: now,
    }).token;
  });
  if (issued === undefined) {
    if (app.config.refreshTokenRotationEnabled) sessions.delete(session.id);
    app.log("warn", "refresh_token_reuse", { session_id: session.id });
    throw badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  return json(await tokenResponse(app, user, session, issued));
}

async function pkceGrant(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  const authCode = stringField(body, "auth_code");
  const verifier = stringField(body, "code_verifier");
  if (!authCode || !verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const flow = app.store.tokens.findFlowStateByCode(authCode);
  if (!flow || flow.authCodeIssuedAt === null) {
    throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
  }
  if (app.now() > flow.createdAt + app.config.flowStateExpiry * 1000) {
    throw unprocessable("flow_state_expired", "invalid flow state, flow state has expired");
  }
  if (!verifierMatches(flow, verifier)) {
    throw badRequest(
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
  const user = app.store.users.findById(flow.userId);
  if (!user) throw notFound("user_not_found", "User not found");
  if (isBanned(app, user)) throw badRequest("user_banned", "User is banned");
  app.store.tokens.deleteFlowState(flow.id);
  return json(await issueSession(app, user, flow.authenticationMethod));
}

/** A Map, so `constructor` or `__proto__` is just an unknown grant, never an Object method. */
const GRANTS = new Map<string, (app: App, ctx: RequestContext) => Promise<Reply>>([
  ["password", passwordGrant],
  ["refresh_token", refreshGrant],
  ["pkce", pkceGrant],
]);

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(app: App, ctx: RequestContext): Promise<Reply> {
  app.limiter.check("token", ctx.clientKey());
  const grant = GRANTS.get(ctx.query.get("grant_type") ?? "");
  if (!grant) throw badRequest("invalid_credentials", "unsupported_grant_type");
  return grant(app, ctx);
}
