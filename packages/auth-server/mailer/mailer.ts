// Confirmation mails: token + OTP, send limits (per-address gap, mail budgets), outbox + SMTP + log line.
import type { App } from "../app";
import { tooManyRequests } from "../http/errors";
import { issueToken } from "../services/verification";
import type { TokenSnapshot } from "../store/tokens";
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

/** Both links of a confirmation mail for a link token (which may carry the pkce_ prefix). */
export function confirmationLinks(
  app: App,
  linkToken: string,
  type: string,
  redirectTo: string,
): ConfirmationLinks {
  const confirm = new URLSearchParams({ token_hash: linkToken, type: "email", next: redirectTo });
  const verify = new URLSearchParams({ token: linkToken, type, redirect_to: redirectTo });
  return {
    confirmationUrl: `${app.config.siteUrl}/auth/confirm?${confirm.toString()}`,
    verifyUrl: `${app.apiUrl}/verify?${verify.toString()}`,
  };
}

/** "j***@example.com": enough to tell mails apart in a log, not enough to harvest addresses. */
function redactAddress(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Sends (to the outbox) a sign-up confirmation mail with a fresh token, replacing any earlier one.
 * `clientKey` is who asked for it (their mail budget pays). Throws 429 over_email_send_rate_limit
 * before touching anything when a limit applies.
 */
export function sendConfirmation(
  app: App,
  user: UserRecord,
  pkce: boolean,
  redirectTo: string,
  clientKey: string,
): UserRecord {
  const email = user.email ?? "";
  assertSendFrequency(app, user.confirmationSentAt);
  app.limiter.takeEmail(clientKey, email);
  const now = app.now();
  const updated = app.store.db.transaction(() => {
    const previous = app.store.tokens.snapshot(user.id, "confirmation_token");
    const { linkToken, code } = issueToken(app, user.id, "confirmation_token", email, { pkce });
    const links = confirmationLinks(app, linkToken, "signup", redirectTo);
    const saved = app.store.users.update(user.id, { confirmationSentAt: now, updatedAt: now });
    queueMail(app, {
      message: { to: email, ...confirmationMail(links, code) },
      failureMessage: "Error sending confirmation email",
      undo: (request) => undoConfirmation(app, request, user, previous),
    });
    return { saved, links };
  });
  logMailSent(app, email, CONFIRM_SUBJECT, updated.links.confirmationUrl);
  return updated.saved;
}

/**
 * The `mail_sent` line: the live link and full address only on a developer's machine with no SMTP
 * server; in production, or once mail really leaves, logs hold neither.
 */
export function logMailSent(app: App, to: string, subject: string, link: string): void {
  const details = app.config.exposure.logMailDetails && !app.config.smtp;
  app.log(
    "info",
    "mail_sent",
    details ? { to, subject, link } : { to: redactAddress(to), subject },
  );
}

/**
 * A confirmation mail that never left: a user created by this very request (a new sign-up) is
 * removed, so the address can sign up again; otherwise the earlier link, code and send time come back.
 */
function undoConfirmation(
  app: App,
  request: RequestMails,
  before: UserRecord,
  previous: TokenSnapshot,
): void {
  if (before.confirmationSentAt === null && before.createdAt >= request.startedAt) {
    app.store.users.delete(before.id);
    return;
  }
  app.store.tokens.restore(before.id, "confirmation_token", previous);
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
