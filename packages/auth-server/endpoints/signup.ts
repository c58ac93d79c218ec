// POST /signup: GoTrue's validation order, autoconfirm vs mailed confirmation, duplicate handling.
import type { App } from "../app";
import { ApiError, badRequest, unprocessable, validationFailed } from "../http/errors";
import { objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { sendConfirmation } from "../mailer/mailer";
import { assertPasswordStrength, hashPassword } from "../passwords";
import { validateEmail } from "../services/email";
import { createFlowState, validatePkce, type PkceParams } from "../services/pkce";
import { requestedRedirect } from "../services/redirects";
import { issueSession } from "../services/sessions";
import { fakeUserJson, userJson } from "../services/user-json";
import { confirmUser, createUser, replacePendingSignup } from "../services/users";
import type { Metadata, UserRecord } from "../store/users";

/** POST /signup */
export async function signup(app: App, ctx: RequestContext): Promise<Reply> {
  const { config } = app;
  const body = await ctx.readJson();
  const clientKey = ctx.clientKey();
  app.limiter.check("signup", clientKey);
  assertSignupsAllowed(app);
  const password = stringField(body, "password");
  const phone = stringField(body, "phone");
  const data = objectField(body, "data") ?? {};
  if (!password) throw validationFailed("Signup requires a valid password");
  assertPasswordStrength(password, config);
  const pkce = validatePkce(
    stringField(body, "code_challenge_method"),
    stringField(body, "code_challenge"),
  );
  const rawEmail = stringField(body, "email");
  if (phone && !rawEmail) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
  if (rawEmail && phone) {
    throw validationFailed("Only an email address or phone number should be provided on signup.");
  }
  if (!config.externalEmailEnabled)
    throw badRequest("email_provider_disabled", "Email signups are disabled");
  const email = validateEmail(rawEmail);
  const redirectTo = requestedRedirect(config, ctx);
  // Hash before looking the address up: every sign-up costs the same time.
  const passwordHash = await hashPassword(password, config.bcryptCost);
  const user = signUpByEmail(app, { email, passwordHash, data, pkce, redirectTo, clientKey });
  if (!user) return json(fakeUserJson(app, email, data));
  if (config.mailerAutoconfirm) return json(await issueSession(app, user, "password"));
  return json(userJson(app, user));
}

/** GOTRUE_DISABLE_SIGNUP: 422 signup_disabled for every new account (also /otp's). */
export function assertSignupsAllowed(app: App): void {
  if (app.config.disableSignup)
    throw unprocessable("signup_disabled", "Signups not allowed for this instance");
}

export interface EmailSignUp {
  email: string;
  passwordHash: string;
  data: Metadata;
  pkce: PkceParams | undefined;
  redirectTo: string;
  /** Who asked: their mail budget pays for the confirmation mail. */
  clientKey: string;
}

/**
 * The sign-up itself, once the request is checked (also /otp's for an address with no confirmed
 * account): a new account, confirmed at once with autoconfirm, else mailed a confirmation. Answers
 * undefined for an already confirmed address (the caller hides that it exists); with autoconfirm,
 * an existing address is 422 user_already_exists.
 */
export function signUpByEmail(app: App, input: EmailSignUp): UserRecord | undefined {
  const { config } = app;
  const { email, passwordHash, data, pkce, redirectTo, clientKey } = input;
  const existing = app.store.users.findByEmail(email);
  if (existing?.emailConfirmedAt != null || (existing && config.mailerAutoconfirm)) {
    if (config.mailerAutoconfirm)
      throw unprocessable("user_already_exists", "User already registered");
    return undefined;
  }
  if (existing) {
    // Unconfirmed: this sign-up's password and metadata replace the pending ones (GoTrue keeps
    // the first, which lets whoever signs an address up first own it after confirmation). The
    // replacement stands even when its mail is held back (429: the per-address gap or a mail
    // budget), and then every link and code mailed before is void too: a mail already in the
    // inbox must not confirm an earlier sign-up's password. The owner asks for a resend.
    const replaced = replacePendingSignup(app, existing, passwordHash, data);
    try {
      return app.store.db.transaction(() => {
        if (pkce) createFlowState(app, existing.id, "email/signup", pkce);
        return sendConfirmation(app, {
          user: replaced,
          pkce: Boolean(pkce),
          redirectTo,
          clientKey,
        });
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        app.store.tokens.deleteOneTimeToken(existing.id, "confirmation_token");
      }
      throw error;
    }
  }
  return app.store.db.transaction(() => {
    const created = createUser(app, { email, passwordHash, data });
    if (config.mailerAutoconfirm) return confirmUser(app, created);
    if (pkce) createFlowState(app, created.id, "email/signup", pkce);
    return sendConfirmation(app, { user: created, pkce: Boolean(pkce), redirectTo, clientKey });
  });
}
