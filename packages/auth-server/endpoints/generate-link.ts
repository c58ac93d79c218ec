// POST /admin/generate_link: signup | invite | magiclink | recovery links without sending a mail.
import { randomBytes } from "node:crypto";
import type { App } from "../app";
import { notFound, validationFailed } from "../http/errors";
import { objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { assertPasswordStrength, hashPassword } from "../passwords";
import { validateEmail } from "../services/email";
import { isRedirectAllowed, requestedRedirect } from "../services/redirects";
import { userJson } from "../services/user-json";
import { createUser, emailExists, invitee, mergeMetadata } from "../services/users";
import { issueToken } from "../services/verification";
import type { UserRecord } from "../store/users";

type LinkType = "signup" | "invite" | "magiclink" | "recovery";

/** Creates or updates the user a link is for; returns it with the effective link type. */
async function prepareUser(
  app: App,
  type: string,
  email: string,
  body: Record<string, unknown>,
): Promise<{ user: UserRecord; type: LinkType }> {
  const existing = app.store.users.findByEmail(email);
  const data = objectField(body, "data") ?? {};
  switch (type) {
    case "recovery":
      if (!existing) throw notFound("user_not_found", "User with this email not found");
      return { user: existing, type };
    case "magiclink":
      if (existing) return { user: existing, type };
      // GoTrue turns a magic link for an unknown address into a sign-up with a random password.
      return prepareUser(app, "signup", email, {
        ...body,
        password: randomBytes(32).toString("base64url"),
      });
    case "invite":
      return { user: invitee(app, email, data), type };
    case "signup": {
      if (existing?.emailConfirmedAt != null) throw emailExists();
      if (existing) {
        const userMetadata = mergeMetadata(existing.userMetadata, data);
        return { user: app.store.users.update(existing.id, { userMetadata }), type };
      }
      const password = stringField(body, "password");
      if (!password) throw validationFailed("Signup requires a valid password");
      assertPasswordStrength(password, app.config);
      const passwordHash = await hashPassword(password, app.config.bcryptCost);
      if (app.store.users.findByEmail(email)) throw emailExists();
      return { user: createUser(app, { email, passwordHash, data }), type };
    }
    default:
      throw validationFailed(`Invalid email action link type requested: ${type}`);
  }
}

/** POST /admin/generate_link */
export async function generateLink(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  const email = validateEmail(stringField(body, "email"));
  // GoTrue: the body's redirect_to if allowed, else GetReferrer (?redirect_to=, Referer, SITE_URL).
  const bodyRedirect = stringField(body, "redirect_to");
  const redirectTo =
    bodyRedirect && isRedirectAllowed(app.config, bodyRedirect)
      ? bodyRedirect
      : requestedRedirect(app.config, ctx);
  const prepared = await prepareUser(app, stringField(body, "type") ?? "", email, body);
  const now = app.now();
  const recovery = prepared.type === "magiclink" || prepared.type === "recovery";
  const { user, issued } = app.store.db.transaction(() => ({
    issued: issueToken(
      app,
      prepared.user.id,
      recovery ? "recovery_token" : "confirmation_token",
      email,
    ),
    user: app.store.users.update(
      prepared.user.id,
      recovery
        ? { recoverySentAt: now, updatedAt: now }
        : {
            confirmationSentAt: now,
            ...(prepared.type === "invite" ? { invitedAt: now } : {}),
            updatedAt: now,
          },
    ),
  }));
  const query = new URLSearchParams({
    token: issued.linkToken,
    type: prepared.type,
    redirect_to: redirectTo,
  });
  return json({
    ...userJson(app, user),
    action_link: `${app.apiUrl}/verify?${query.toString()}`,
    email_otp: issued.code,
    hashed_token: issued.linkToken,
    verification_type: prepared.type,
    redirect_to: redirectTo,
  });
}
