// PUT /user: GoTrue's UserUpdate for a new password. The new password must pass the policy
// (weak_password) and differ from the current one (same_password); the change spends any mailed
// link and ends the user's other sessions (all of them when the token has no session).
import type { App } from "../app";
import { unprocessable, validationFailed } from "../http/errors";
import { objectField, stringField } from "../http/params";
import { json } from "../http/reply";
import type { Route } from "../http/router";
import { assertPasswordStrength, hashPassword, verifyPassword } from "../passwords";
import { requireUser } from "../services/guard";
import { userJson } from "../services/user-json";
import { mergeMetadata } from "../services/users";

export function userUpdateRoutes(app: App): Route[] {
  const { config } = app;
  return [
    {
      method: "PUT",
      path: "/auth/v1/user",
      access: "apikey",
      handler: async (ctx) => {
        const { user, session } = await requireUser(app, ctx);
        const body = await ctx.readJson();
        const password = stringField(body, "password");
        const data = objectField(body, "data");
        if (stringField(body, "email") || stringField(body, "phone")) {
          throw validationFailed("Changing the email address or phone is not supported here");
        }
        let encryptedPassword: string | undefined;
        if (password !== undefined) {
          assertPasswordStrength(password, config);
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
          return app.store.users.update(user.id, {
            ...(encryptedPassword ? { encryptedPassword } : {}),
            ...(data ? { userMetadata: mergeMetadata(user.userMetadata, data) } : {}),
            updatedAt: now,
          });
        });
        return json(userJson(app, updated));
      },
    },
  ];
}
