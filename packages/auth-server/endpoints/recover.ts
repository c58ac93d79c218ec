// POST /recover: GoTrue's password recovery mail. The same empty answer whether or not the address
// has an account (no mail goes to an unknown one); the per-address gap and mail budget apply.
import type { App } from "../app";
import { validationFailed } from "../http/errors";
import { stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { sendRecovery } from "../mailer/mailer";
import { validateEmail } from "../services/email";
import { createFlowState, validatePkce } from "../services/pkce";
import { requestedRedirect } from "../services/redirects";

/** POST /recover */
export async function recover(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  app.limiter.check("signup", ctx.clientKey());
  const rawEmail = stringField(body, "email");
  if (!rawEmail) throw validationFailed("Password recovery requires an email");
  const email = validateEmail(rawEmail);
  const pkce = validatePkce(
    stringField(body, "code_challenge_method"),
    stringField(body, "code_challenge"),
  );
  const redirectTo = requestedRedirect(app.config, ctx);
  const user = app.store.users.findByEmail(email);
  if (!user || user.deletedAt !== null) return json({});
  app.store.db.transaction(() => {
    if (pkce) createFlowState(app, user.id, "recovery", pkce);
    sendRecovery(app, { user, pkce: Boolean(pkce), redirectTo, clientKey: ctx.clientKey() });
  });
  return json({});
}
