// POST /resend: GoTrue's "send the mail again" for a sign-up confirmation or a pending e-mail
// change, with the same empty answer whether or not a mail went out.
import type { App } from "../app";
import { validationFailed } from "../http/errors";
import { stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { sendConfirmationIfAllowed, sendEmailChange, sendInviteIfAllowed } from "../mailer/mailer";
import { validateEmail } from "../services/email";
import { requestedRedirect } from "../services/redirects";

const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"];

/**
 * POST /resend: `email` is the account's current address (an e-mail change's mail goes to the
 * pending new one). Unknown addresses, confirmed sign-ups and accounts with no pending change get
 * the same empty answer and no mail; an invited account that has not accepted gets its invitation
 * again, not a sign-up confirmation. A sign-up's mail held back by the per-address gap or a mail
 * budget gets that answer too (GoTrue says 429, which tells anyone the address was mailed in the
 * last minute); an e-mail change's, asked for by its account holder, gets GoTrue's 429
 * over_email_send_rate_limit ("…after N seconds.").
 */
export async function resend(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  app.limiter.check("signup", ctx.clientKey());
  const type = stringField(body, "type") ?? "";
  const rawEmail = stringField(body, "email");
  if (!RESEND_TYPES.includes(type)) {
    throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  }
  if (type === "sms" || type === "phone_change") {
    throw validationFailed(`Resending ${type} is not supported by this server`);
  }
  if (!rawEmail) throw validationFailed("Type provided requires an email address");
  const email = validateEmail(rawEmail);
  const redirectTo = requestedRedirect(app.config, ctx);
  const user = app.store.users.findByEmail(email);
  if (!user || user.deletedAt !== null) return json({});
  const clientKey = ctx.clientKey();
  if (type === "signup" && user.emailConfirmedAt === null && user.invitedAt !== null) {
    // An invitation's link stays the way in: the invitation is mailed again, to the invitee
    // (GoTrue mails a sign-up confirmation, whose token voids the invitation's link).
    sendInviteIfAllowed(app, { user, pkce: false, redirectTo: app.config.siteUrl, clientKey });
  } else if (type === "signup" && user.emailConfirmedAt === null) {
    sendConfirmationIfAllowed(app, { user, pkce: false, redirectTo, clientKey });
  } else if (type === "email_change" && user.emailChange !== null) {
    sendEmailChange(app, {
      user,
      newEmail: user.emailChange,
      pkce: false,
      redirectTo,
      clientKey,
    });
  }
  return json({});
}
