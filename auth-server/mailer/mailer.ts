// Mailed links (sign-up confirmation, password recovery): token + OTP, send limits (per-address
// gap, global budget), outbox + console line.
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { tooManyRequests } from "../http/errors";
import { generateOtp, PKCE_PREFIX, tokenHash } from "../services/email";
import type { OneTimeTokenType } from "../store/tokens";
import type { UserRecord } from "../store/users";
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

/**
 * Both links of a mail for a stored token hash (which may carry the pkce_ prefix); `appType` is
 * the app link's type (`email` for a sign-up, `recovery` for a password reset).
 */
export function confirmationLinks(
  app: App,
  storedHash: string,
  type: string,
  redirectTo: string,
  appType = "email",
): ConfirmationLinks {
  const confirm = new URLSearchParams({ token_hash: storedHash, type: appType, next: redirectTo });
  const verify = new URLSearchParams({ token: storedHash, type, redirect_to: redirectTo });
  return {
    confirmationUrl: `${app.config.siteUrl}/auth/confirm?${confirm.toString()}`,
    verifyUrl: `${app.apiUrl}/verify?${verify.toString()}`,
  };
}

/** What differs between the mails this server sends. */
interface MailKind {
  tokenType: OneTimeTokenType;
  /** The `type` of GoTrue's /verify link and of the app's /auth/confirm link. */
  verifyType: string;
  appType: string;
  sentAt: (user: UserRecord) => number | null;
  sentAtField: "confirmationSentAt" | "recoverySentAt";
  subject: string;
  heading: string;
  action: string;
  linkLabel: string;
}

const CONFIRMATION: MailKind = {
  tokenType: "confirmation_token",
  verifyType: "signup",
  appType: "email",
  sentAt: (user) => user.confirmationSentAt,
  sentAtField: "confirmationSentAt",
  subject: "Confirm Your Signup",
  heading: "Confirm your signup",
  action: "Follow this link to confirm your user:",
  linkLabel: "Confirm your mail",
};

const RECOVERY: MailKind = {
  tokenType: "recovery_token",
  verifyType: "recovery",
  appType: "recovery",
  sentAt: (user) => user.recoverySentAt,
  sentAtField: "recoverySentAt",
  subject: "Reset Your Password",
  heading: "Reset Password",
  action: "Follow this link to reset the password for your user:",
  linkLabel: "Reset Password",
};

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
  return sendLinkMail(app, user, CONFIRMATION, pkce, redirectTo);
}

/** Sends a password recovery mail (GoTrue's sendPasswordRecovery), with the same limits. */
export function sendRecovery(
  app: App,
  user: UserRecord,
  pkce: boolean,
  redirectTo: string,
): UserRecord {
  return sendLinkMail(app, user, RECOVERY, pkce, redirectTo);
}

function sendLinkMail(
  app: App,
  user: UserRecord,
  kind: MailKind,
  pkce: boolean,
  redirectTo: string,
): UserRecord {
  const email = user.email ?? "";
  assertSendFrequency(app, kind.sentAt(user));
  app.limiter.takeEmail();
  const now = app.now();
  const otp = generateOtp();
  const stored = (pkce ? PKCE_PREFIX : "") + tokenHash(email, otp);
  const links = confirmationLinks(app, stored, kind.verifyType, redirectTo, kind.appType);
  const updated = app.store.db.transaction(() => {
    app.store.tokens.putOneTimeToken({
      id: randomUUID(),
      userId: user.id,
      tokenType: kind.tokenType,
      tokenHash: stored,
      relatesTo: email,
      createdAt: now,
    });
    const saved = app.store.users.update(user.id, { [kind.sentAtField]: now, updatedAt: now });
    app.store.outbox.insert({ id: randomUUID(), to: email, ...linkMail(kind, links, otp) }, now);
    return saved;
  });
  app.log("info", "mail_sent", {
    to: email,
    subject: kind.subject,
    link: links.confirmationUrl,
  });
  return updated;
}

function linkMail(kind: MailKind, links: ConfirmationLinks, otp: string) {
  const text = [
    kind.heading,
    "",
    kind.action,
    links.confirmationUrl,
    "",
    `Or enter this code: ${otp}`,
    "",
    "If that link does not work, this one works through the auth server:",
    links.verifyUrl,
  ].join("\n");
  const html = [
    `<h2>${escapeHtml(kind.heading)}</h2>`,
    `<p>${escapeHtml(kind.action)}</p>`,
    `<p><a href="${escapeHtml(links.confirmationUrl)}">${escapeHtml(kind.linkLabel)}</a></p>`,
    `<p>Or enter this code: <strong>${otp}</strong></p>`,
    `<p>If that link does not work, <a href="${escapeHtml(links.verifyUrl)}">use the auth server's link</a>.</p>`,
  ].join("\n");
  return {
    subject: kind.subject,
    text,
    html,
    confirmation_url: links.confirmationUrl,
    verify_url: links.verifyUrl,
  };
}
