// POST /signup: GoTrue's validation order, autoconfirm vs mailed confirmation, duplicate handling
// (a confirmed address's owner is mailed a notice; the answer hides that the account exists).
import type { App } from "../app";
import { badRequest, unprocessable, validationFailed } from "../http/errors";
import { objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import {
  sendConfirmationIfAllowed,
  sendExistingAccountNoticeIfAllowed,
  sendInviteIfAllowed,
} from "../mailer/mailer";
import { assertPasswordStrength, hashPassword } from "../passwords";
import { validateEmail } from "../services/email";
import { createFlowState, validatePkce, type PkceParams } from "../services/pkce";
import { requestedRedirect } from "../services/redirects";
import { issueSession } from "../services/sessions";
import { fakeUserJson, signupUserJson } from "../services/user-json";
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
  return json(signupUserJson(app, user));
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
 * account): a new account, confirmed at once with autoconfirm, else mailed a confirmation; an
 * address invited and not yet accepted is answered alike, its invitation mailed again. With
 * autoconfirm, an existing address is 422 user_already_exists. Otherwise an already confirmed
 * address answers undefined (the caller hides that it exists; GoTrue mails nothing) and, unless it
 * was deleted, its owner is mailed "You already have an account" with a password reset link, so
 * whoever signed up waits for no mail in vain. That notice leads to the site, never to this
 * sign-up's redirect, and without PKCE: this request's verifier may be a stranger's.
 *
 * An unconfirmed address is signed up again: this sign-up's password and metadata replace the
 * pending ones (GoTrue keeps the first, which lets whoever signs an address up first own it after
 * confirmation). A limit may hold the new mail back (the per-address gap, a mail budget): the
 * sign-up stands all the same and answers as if mailed, since a 429 would tell anyone that the
 * address signed up or was mailed recently; every link and code mailed before is then void, so a
 * mail already in the inbox cannot confirm an earlier sign-up's password. The owner asks for a
 * resend.
 */
export function signUpByEmail(app: App, input: EmailSignUp): UserRecord | undefined {
  const { config } = app;
  const { email, passwordHash, data, pkce, redirectTo, clientKey } = input;
  const existing = app.store.users.findByEmail(email);
  if (existing && config.mailerAutoconfirm)
    throw unprocessable("user_already_exists", "User already registered");
  if (existing && existing.emailConfirmedAt === null && existing.invitedAt !== null) {
    // An invitation pending: no password of this sign-up's is kept, and the invitee is mailed the
    // invitation again (GoTrue signs the address up, and its confirmation voids the invitation).
    sendInviteIfAllowed(app, {
      user: existing,
      pkce: false,
      redirectTo: config.siteUrl,
      clientKey,
    });
    return undefined;
  }
  if (existing?.emailConfirmedAt != null) {
    if (existing.deletedAt === null) {
      sendExistingAccountNoticeIfAllowed(app, {
        user: existing,
        pkce: false,
        redirectTo: config.siteUrl,
        clientKey,
      });
    }
    return undefined;
  }
  return app.store.db.transaction(() => {
    const user = existing
      ? replacePendingSignup(app, existing, passwordHash, data)
      : createUser(app, { email, passwordHash, data });
    if (config.mailerAutoconfirm) return confirmUser(app, user);
    if (pkce) createFlowState(app, user.id, "email/signup", pkce);
    const mailed = sendConfirmationIfAllowed(app, {
      user,
      pkce: Boolean(pkce),
      redirectTo,
      clientKey,
    });
    if (!mailed) app.store.tokens.deleteOneTimeToken(user.id, "confirmation_token");
    return mailed ?? user;
  });
}
