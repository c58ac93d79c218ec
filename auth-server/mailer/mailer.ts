// Confirmation mails: token + OTP, send limits (per-address gap, global budget), outbox + SMTP + log line.
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { tooManyRequests } from "../http/errors";
import { generateOtp, PKCE_PREFIX, tokenHash } from "../services/email";
import type { OneTimeTokenRecord } from "../store/tokens";
import type { UserRecord } from "../store/users";
import { queueMail, type RequestMails } from "./delivery";
import { escapeHtml } from "./html";

/** GoTrue's per-address gap (GOTRUE_SMTP_MAX_FREQUENCY) between confirmation mails. */
function assertSendFrequency(app: App, sentAt: number | null): void {
  const gapMs = app.config.smtpMaxFrequency * 1000;
  const now = app.now();
  if (sentAt !== null && now < sentAt + gapMs) {
    const left = Math.floor((sentAt + gapMs - now) / 1000);
    throw tooManyRequests(
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${left} seconds.`,
    );
  }
}

export interface ConfirmationLinks {
  /** The app's link: {SITE_URL}/auth/confirm?token_hash=…&type=email&next=<RedirectTo>. */
  confirmationUrl: string;
  /** GoTrue's classic link: {API_EXTERNAL_URL}/verify?token=…&type=signup&redirect_to=…. */
  verifyUrl: string;
}

/** Both links of a confirmation mail for a stored token hash (which may carry the pkce_ prefix). */
export function confirmationLinks(
  app: App,
  storedHash: string,
  type: string,
  redirectTo: string,
): ConfirmationLinks {
  const confirm = new URLSearchParams({ token_hash: storedHash, type: "email", next: redirectTo });
  const verify = new URLSearchParams({ token: storedHash, type, redirect_to: redirectTo });
  return {
    confirmationUrl: `${app.config.siteUrl}/auth/confirm?${confirm.toString()}`,
    verifyUrl: `${app.apiUrl}/verify?${verify.toString()}`,
  };
}

/**
 * Sends (to the outbox) a sign-up confirmation mail with a fresh token, replacing any earlier one.
 * Throws 429 over_email_send_rate_limit before touching anything when a limit applies.
 */
export function sendConfirmation(
  app: App,
  user: UserRecord,
  pkce: boolean,
  redirectTo: string,
): UserRecord {
  const email = user.email ?? "";
  assertSendFrequency(app, user.confirmationSentAt);
  app.limiter.takeEmail();
  const now = app.now();
  const otp = generateOtp();
  const stored = (pkce ? PKCE_PREFIX : "") + tokenHash(email, otp);
  const links = confirmationLinks(app, stored, "signup", redirectTo);
  const updated = app.store.db.transaction(() => {
    const previousToken = app.store.tokens.oneTimeTokenFor(user.id, "confirmation_token");
    app.store.tokens.putOneTimeToken({
      id: randomUUID(),
      userId: user.id,
      tokenType: "confirmation_token",
      tokenHash: stored,
      relatesTo: email,
      createdAt: now,
    });
    const saved = app.store.users.update(user.id, { confirmationSentAt: now, updatedAt: now });
    queueMail(app, {
      message: { to: email, ...confirmationMail(links, otp) },
      failureMessage: "Error sending confirmation email",
      undo: (request) => undoConfirmation(app, request, user, previousToken),
    });
    return saved;
  });
  app.log("info", "mail_sent", {
    to: email,
    subject: CONFIRM_SUBJECT,
    // The link is a dev convenience; once mail really leaves, logs must not hold live links.
    link: app.config.smtp ? undefined : links.confirmationUrl,
  });
  return updated;
}

/**
 * A confirmation mail that never left: a user created by this very request (a new sign-up) is
 * removed, so the address can sign up again; otherwise the earlier link and send time come back.
 */
function undoConfirmation(
  app: App,
  request: RequestMails,
  before: UserRecord,
  previousToken: OneTimeTokenRecord | undefined,
): void {
  if (before.confirmationSentAt === null && before.createdAt >= request.startedAt) {
    app.store.users.delete(before.id);
    return;
  }
  app.store.tokens.deleteOneTimeToken(before.id, "confirmation_token");
  if (previousToken) app.store.tokens.putOneTimeToken(previousToken);
  app.store.users.update(before.id, { confirmationSentAt: before.confirmationSentAt });
}

const CONFIRM_SUBJECT = "Confirm Your Signup";

function confirmationMail(links: ConfirmationLinks, otp: string) {
  const text = [
    "Confirm your signup",
    "",
    "Follow this link to confirm your user:",
    links.confirmationUrl,
    "",
    `Or enter this code: ${otp}`,
    "",
    "If that link does not work, this one confirms through the auth server:",
    links.verifyUrl,
  ].join("\n");
  const html = [
    "<h2>Confirm your signup</h2>",
    "<p>Follow this link to confirm your user:</p>",
    `<p><a href="${escapeHtml(links.confirmationUrl)}">Confirm your mail</a></p>`,
    `<p>Or enter this code: <strong>${otp}</strong></p>`,
    `<p>If that link does not work, <a href="${escapeHtml(links.verifyUrl)}">confirm through the auth server</a>.</p>`,
  ].join("\n");
  return {
    subject: CONFIRM_SUBJECT,
    text,
    html,
    confirmation_url: links.confirmationUrl,
    verify_url: links.verifyUrl,
  };
}
