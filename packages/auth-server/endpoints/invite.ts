// POST /invite: GoTrue's admin invitation. Creates the invitee (or re-invites an unconfirmed
// account) and mails "You have been invited"; sign-ups being switched off does not stop it.
import type { App } from "../app";
import { objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { sendInvite } from "../mailer/mailer";
import { validateEmail } from "../services/email";
import { requestedRedirect } from "../services/redirects";
import { userJson } from "../services/user-json";
import { invitee } from "../services/users";

/**
 * POST /invite `{email, data}` (query `redirect_to`): 200 with the user. A confirmed address is 422
 * email_exists and nothing is mailed; a re-invitation within the per-address gap, or with a mail
 * budget spent, is 429 over_email_send_rate_limit and changes nothing.
 */
export async function invite(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  // Every field is read first (GoTrue decodes the whole body): a wrong type is 400 bad_json.
  const rawEmail = stringField(body, "email");
  const data = objectField(body, "data") ?? {};
  const email = validateEmail(rawEmail);
  const redirectTo = requestedRedirect(app.config, ctx);
  const clientKey = ctx.clientKey();
  const user = app.store.db.transaction(() =>
    sendInvite(app, { user: invitee(app, email, data), pkce: false, redirectTo, clientKey }),
  );
  return json(userJson(app, user));
}
