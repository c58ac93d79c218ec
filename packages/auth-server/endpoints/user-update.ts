// PUT /user: GoTrue's UserUpdate for a new password, metadata and a new e-mail address (recorded as
// pending and mailed a confirmation to the new address, and with secure e-mail change to the current).
import type { App } from "../app";
import { unprocessable, validationFailed } from "../http/errors";
import { objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { sendEmailChange } from "../mailer/mailer";
import { assertPasswordStrength, hashPassword, verifyPassword } from "../passwords";
import { validateEmail } from "../services/email";
import type { Authenticated } from "../services/guard";
import { createFlowState, validatePkce } from "../services/pkce";
import { requestedRedirect } from "../services/redirects";
import { userJson } from "../services/user-json";
import { emailExists, mergeMetadata } from "../services/users";

/**
 * PUT /user. The new password must pass the policy (weak_password) and differ from the current one
 * (same_password); the change spends any mailed link and ends the user's other sessions. A new
 * address is only recorded as pending and mailed a confirmation link and code (with secure e-mail
 * change, the current address too): it becomes the account's address once every mailed link of
 * the change is verified (type email_change).
 */
export async function updateUser(
  app: App,
  ctx: RequestContext,
  { user, session }: Authenticated,
): Promise<Reply> {
  const { config } = app;
  const body = await ctx.readJson();
  const password = stringField(body, "password");
  const data = objectField(body, "data");
  const rawEmail = stringField(body, "email");
  if (stringField(body, "phone")) {
    throw validationFailed("Changing the phone number is not supported here");
  }
  // GoTrue's order: the address's format, the password policy, then the address's owner.
  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  if (password !== undefined) assertPasswordStrength(password, config);
  const newEmail = email !== undefined && email !== user.email ? email : undefined;
  if (newEmail && app.store.users.findByEmail(newEmail)) throw emailExists();
  const pkce = validatePkce(
    stringField(body, "code_challenge_method"),
    stringField(body, "code_challenge"),
  );
  let encryptedPassword: string | undefined;
  if (password !== undefined) {
    if (await verifyPassword(password, user.encryptedPassword, config.bcryptCost)) {
      throw unprocessable(
        "same_password",
        "New password should be different from the old password.",
      );
    }
    encryptedPassword = await hashPassword(password, config.bcryptCost);
  }
  const now = app.now();
  const updated = app.store.db.transaction(() => {
    if (encryptedPassword) {
      app.store.tokens.deleteOneTimeToken(user.id, "confirmation_token");
      app.store.tokens.deleteOneTimeToken(user.id, "recovery_token");
      app.store.sessions.deleteForUser(user.id, session?.id);
    }
    const saved = app.store.users.update(user.id, {
      ...(encryptedPassword ? { encryptedPassword } : {}),
      ...(data ? { userMetadata: mergeMetadata(user.userMetadata, data) } : {}),
      updatedAt: now,
    });
    if (!newEmail) return saved;
    if (pkce) createFlowState(app, user.id, "email_change", pkce);
    return sendEmailChange(app, {
      user: saved,
      newEmail,
      pkce: Boolean(pkce),
      redirectTo: requestedRedirect(config, ctx),
      clientKey: ctx.clientKey(),
    });
  });
  return json(userJson(app, updated));
}
