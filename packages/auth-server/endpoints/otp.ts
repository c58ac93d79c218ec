// POST /otp (e-mail; GoTrue's signInWithOtp) and its older alias POST /magiclink: a magic link mail
// for a confirmed account; for any other address a sign-up with a random password, whose
// confirmation mail is the way in (refused with create_user false). Phone OTP is not supported.
import { randomBytes } from "node:crypto";
import type { App } from "../app";
import { badRequest, unprocessable, validationFailed } from "../http/errors";
import { booleanField, objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { JsonObject, RequestContext } from "../http/request";
import { sendMagicLink } from "../mailer/mailer";
import { hashPassword } from "../passwords";
import { validateEmail } from "../services/email";
import { createFlowState, validatePkce } from "../services/pkce";
import { requestedRedirect } from "../services/redirects";
import { assertSignupsAllowed, signUpByEmail } from "./signup";

const otpDisabled = () => unprocessable("otp_disabled", "Signups not allowed for otp");

/** GoTrue's create_user: true unless the body says false (JSON null leaves the default). */
function createUserParam(body: JsonObject): boolean {
  return body.create_user === undefined || body.create_user === null
    ? true
    : booleanField(body, "create_user");
}

/** Whether `rawEmail` names an account; a malformed address names none (GoTrue's shouldCreateUser). */
function accountExists(app: App, rawEmail: string): boolean {
  try {
    return app.store.users.findByEmail(validateEmail(rawEmail)) !== undefined;
  } catch {
    return false;
  }
}

/** GoTrue's MagicLink handler, shared by /magiclink and the e-mail branch of /otp. */
async function magicLink(app: App, ctx: RequestContext, body: JsonObject): Promise<Reply> {
  const { config } = app;
  if (!config.externalEmailEnabled)
    throw unprocessable("email_provider_disabled", "Email logins are disabled");
  const rawEmail = stringField(body, "email");
  if (!rawEmail) throw unprocessable("validation_failed", "Password recovery requires an email");
  const email = validateEmail(rawEmail);
  const pkce = validatePkce(
    stringField(body, "code_challenge_method"),
    stringField(body, "code_challenge"),
  );
  const data = objectField(body, "data") ?? {};
  const redirectTo = requestedRedirect(config, ctx);
  const clientKey = ctx.clientKey();

  let user = app.store.users.findByEmail(email);
  if (!user || (user.emailConfirmedAt === null && !config.mailerAutoconfirm)) {
    // No confirmed account: sign the address up with a password nobody knows. Its confirmation
    // mail signs in like a magic link; with autoconfirm the new account gets the magic link.
    assertSignupsAllowed(app);
    const passwordHash = await hashPassword(
      randomBytes(32).toString("base64url"),
      config.bcryptCost,
    );
    const signedUp = signUpByEmail(app, { email, passwordHash, data, pkce, redirectTo, clientKey });
    if (!signedUp || !config.mailerAutoconfirm) return json({});
    user = signedUp;
  }
  const account = user;
  app.store.db.transaction(() => {
    if (pkce) createFlowState(app, account.id, "magiclink", pkce);
    sendMagicLink(app, { user: account, pkce: Boolean(pkce), redirectTo, clientKey });
  });
  return json({});
}

/** POST /otp: e-mail only; phone is 400 phone_provider_disabled. */
export async function otp(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  app.limiter.check("signup", ctx.clientKey());
  // Every field is read first (GoTrue decodes the whole body): a wrong type is 400 bad_json.
  const email = stringField(body, "email");
  const phone = stringField(body, "phone");
  const channel = stringField(body, "channel");
  const createUser = createUserParam(body);
  objectField(body, "data");
  if (email && phone) {
    throw validationFailed("Only an email address or phone number should be provided");
  }
  if (email && channel) {
    throw validationFailed("Channel should only be specified with Phone OTP");
  }
  validatePkce(stringField(body, "code_challenge_method"), stringField(body, "code_challenge"));
  // create_user false: only an existing account (there are no phone accounts here).
  if (!createUser && (phone || (email && !accountExists(app, email)))) throw otpDisabled();
  if (email) return magicLink(app, ctx, body);
  if (phone) throw badRequest("phone_provider_disabled", "Unsupported phone provider");
  throw validationFailed("One of email or phone must be set");
}

/** POST /magiclink: GoTrue's older alias of /otp for e-mail. */
export async function magiclink(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  app.limiter.check("signup", ctx.clientKey());
  return magicLink(app, ctx, body);
}
