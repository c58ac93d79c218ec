// GET /verify (mail link: 303 with fragment tokens or ?code=) and POST /verify (token_hash → session);
// the first link of a secure e-mail change answers GoTrue's "proceed to the other email" instead.
import type { App } from "../app";
import { ApiError, badRequest, validationFailed } from "../http/errors";
import { stringField } from "../http/params";
import { json, seeOther, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { authMethodForVerifyType } from "../services/pkce";
import { requestedRedirect } from "../services/redirects";
import { issueSession, type TokenResponse } from "../services/sessions";
import {
  applyVerification,
  findByEmailOtp,
  findByTokenHash,
  OTHER_ADDRESS_PENDING,
  PKCE_PREFIX,
  type Verified,
} from "../services/verification";

/** GoTrue's oauthErrorMap: HTTP status to the OAuth `error` value of a redirect. */
const OAUTH_ERRORS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

/** Go's url.Values.Encode: keys sorted, spaces as "+". */
function encode(values: Record<string, string>): string {
  const params = new URLSearchParams(values);
  params.sort();
  return params.toString();
}

function withoutFragment(url: string): URL {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed;
}

/** Implicit flow: tokens in the fragment (a server never sees them). */
function tokenRedirect(redirectTo: string, session: TokenResponse, type: string): string {
  const fragment = encode({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    type,
    sb: "",
  });
  return `${withoutFragment(redirectTo).toString()}#${fragment}`;
}

/** PKCE flow: ?code=<auth code> for exchangeCodeForSession. */
function codeRedirect(redirectTo: string, code: string): string {
  const url = withoutFragment(redirectTo);
  url.searchParams.set("code", code);
  return url.toString();
}

/** GoTrue's prepRedirectURL: a message in the fragment, and in the query too for PKCE. */
function messageRedirect(redirectTo: string, message: string, pkce: boolean): string {
  const url = withoutFragment(redirectTo);
  if (pkce) url.searchParams.set("message", message);
  return `${url.toString()}#${encode({ message })}`;
}

/** GoTrue's prepErrorRedirectURL: error keys in the fragment, and in the query too for PKCE. */
function errorRedirect(redirectTo: string, error: ApiError, pkce: boolean): string {
  const values: Record<string, string> = {
    ...(OAUTH_ERRORS[error.status] ? { error: OAUTH_ERRORS[error.status] as string } : {}),
    error_code: error.code,
    error_description: error.message,
  };
  const url = withoutFragment(redirectTo);
  if (pkce) for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  return `${url.toString()}#${encode({ ...values, sb: "" })}`;
}

/** Issues the PKCE auth code: the user's newest flow state for this method. */
function issueAuthCode(app: App, verified: Verified): string {
  const flow = app.store.tokens.latestFlowState(
    verified.user.id,
    authMethodForVerifyType(verified.type),
  );
  if (!flow) {
    throw badRequest(
      "flow_state_not_found",
      "No associated flow state found. No valid flow state found for user.",
    );
  }
  app.store.tokens.markAuthCodeIssued(flow.id, app.now());
  return flow.authCode;
}

/** GET /verify: the mail link (open: mail links carry no API key). */
export async function verifyGet(app: App, ctx: RequestContext): Promise<Reply> {
  app.limiter.check("verify", ctx.clientKey());
  const token = ctx.query.get("token") ?? "";
  const type = ctx.query.get("type") ?? "";
  const redirectTo = requestedRedirect(app.config, ctx);
  if (!type) throw validationFailed("Verify requires a verification type");
  if (!token) throw validationFailed("Verify requires a token or a token hash");
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    const outcome = app.store.db.transaction(() => {
      const verified = findByTokenHash(app, type, token);
      const user = applyVerification(app, verified);
      if (!user) return undefined;
      return {
        user,
        type: verified.type,
        code: pkce ? issueAuthCode(app, { ...verified, user }) : undefined,
      };
    });
    if (!outcome) return seeOther(messageRedirect(redirectTo, OTHER_ADDRESS_PENDING, pkce));
    if (outcome.code) return seeOther(codeRedirect(redirectTo, outcome.code));
    const session = await issueSession(app, outcome.user, "otp");
    return seeOther(tokenRedirect(redirectTo, session, type));
  } catch (error) {
    if (error instanceof ApiError) return seeOther(errorRedirect(redirectTo, error, pkce));
    throw error;
  }
}

/** POST /verify: a token hash, or an address and its code (open like GET). */
export async function verifyPost(app: App, ctx: RequestContext): Promise<Reply> {
  app.limiter.check("verify", ctx.clientKey());
  const body = await ctx.readJson();
  const type = stringField(body, "type") ?? "";
  const token = stringField(body, "token") ?? "";
  const hash = stringField(body, "token_hash") ?? "";
  const email = stringField(body, "email") ?? "";
  const phone = stringField(body, "phone") ?? "";
  const redirect = stringField(body, "redirect_to") ?? "";
  if (!type) throw validationFailed("Verify requires a verification type");
  if ((token === "") === (hash === "")) {
    throw validationFailed("Verify requires either a token or a token hash");
  }
  let verified: Verified;
  if (hash) {
    if (email || phone || redirect)
      throw validationFailed("Only the token_hash and type should be provided");
    verified = findByTokenHash(app, type, hash);
  } else {
    if (!email || phone) {
      throw validationFailed("Only an email address or phone number should be provided on verify");
    }
    verified = findByEmailOtp(app, type, email, token);
  }
  const user = app.store.db.transaction(() => applyVerification(app, verified));
  // GoTrue's answer to the first of a secure e-mail change's two links: no session yet.
  if (!user) return json({ msg: OTHER_ADDRESS_PENDING, code: "200" });
  return json(await issueSession(app, user, "otp"));
}
