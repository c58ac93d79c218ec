// Mailed links (confirmation, invitation, recovery, magic link, both e-mail change mails, the
// notice to a confirmed address signed up again): token and OTP (the site's link alone when the API
// is not public), send limits (per-address gap, mail budgets), outbox, SMTP, log (decision 014).
import type { App } from "../app";
import { isLoopbackUrl } from "../config/loopback";
import { ApiError, tooManyRequests } from "../http/errors";
import { issueToken, storedLinkHash } from "../services/verification";
import type { OneTimeTokenType, TokenSnapshot } from "../store/tokens";
import type { UserRecord } from "../store/users";
import { logMailHeldBack, queueMail, type RequestMails } from "./delivery";
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
 * Both links of a mail for a link token (which may carry the pkce_ prefix); `appType` is the app
 * link's type (`email` for a sign-up, `recovery` for a password reset).
 */
export function confirmationLinks(
  app: App,
  linkToken: string,
  type: string,
  redirectTo: string,
  appType = "email",
): ConfirmationLinks {
  const confirm = new URLSearchParams({ token_hash: linkToken, type: appType, next: redirectTo });
  const verify = new URLSearchParams({ token: linkToken, type, redirect_to: redirectTo });
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
  sentAtField: "confirmationSentAt" | "recoverySentAt" | "emailChangeSentAt";
  subject: string;
  /** GoTrue's 500 message when the mail cannot be sent. */
  failureMessage: string;
  heading: string;
  /** A paragraph of text right under the heading. */
  intro?: string;
  /** A paragraph between the heading and the action, with a link of its own. */
  lead?: (words: ActionWords) => LinkParagraph;
  /** The sentence above the link. */
  action: (words: ActionWords) => string;
  linkLabel: string;
  /** Sending it records the address asked for as the user's pending `emailChange`. */
  toPendingAddress: boolean;
  /** Sending it also records the time as the user's `invited_at`. */
  marksInvitation?: boolean;
}

/** A paragraph of a mail and the link under it. */
interface LinkParagraph {
  text: string;
  url: string;
  linkLabel: string;
}

/** What a mail's sentence may name. */
interface ActionWords {
  /** The account's address when the mail was asked for. */
  current: string;
  /** An e-mail change's new address. */
  newEmail: string;
  siteUrl: string;
}

const CONFIRMATION: MailKind = {
  tokenType: "confirmation_token",
  verifyType: "signup",
  appType: "email",
  sentAt: (user) => user.confirmationSentAt,
  sentAtField: "confirmationSentAt",
  subject: "Confirm Your Signup",
  failureMessage: "Error sending confirmation email",
  heading: "Confirm your signup",
  action: () => "Follow this link to confirm your user:",
  linkLabel: "Confirm your mail",
  toPendingAddress: false,
};

/**
 * GoTrue's invite mail: the confirmation token (and its send time, so its per-address gap) behind
 * "Accept the invite"; verified with type `invite`.
 */
const INVITE: MailKind = {
  ...CONFIRMATION,
  verifyType: "invite",
  appType: "invite",
  subject: "You have been invited",
  failureMessage: "Error sending invite email",
  heading: "You have been invited",
  action: ({ siteUrl }) =>
    `You have been invited to create a user on ${siteUrl}. Follow this link to accept the invite:`,
  linkLabel: "Accept the invite",
  marksInvitation: true,
};

/**
 * The keys of an invitation's `data` (the invitee's user_metadata, kept from the first invitation
 * as GoTrue keeps it) that name who sends it; Supabase's invite template reads them as `.Data.…`.
 */
const AGENCY_NAME_KEY = "agency_name";
const INVITED_BY_KEY = "invited_by";
/** The client's company the invitee joins, when the agency named it. */
const COMPANY_NAME_KEY = "company_name";
/** Longer metadata values are not put in a mail's subject. */
const MAX_SENDER_NAME_LENGTH = 255;

/** A metadata value fit to name someone in a mail: text on one line, neither empty nor too long. */
function senderName(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const name = value.replace(/[\s\p{Cc}]+/gu, " ").trim();
  return name && name.length <= MAX_SENDER_NAME_LENGTH ? name : undefined;
}

/**
 * The invitation `user` gets: from an agency's staff member when its metadata names both (the
 * portal's invitations do), saying what the portal is for; else GoTrue's.
 */
function invitationFor(user: UserRecord): MailKind {
  const agency = senderName(user.userMetadata[AGENCY_NAME_KEY]);
  const invitedBy = senderName(user.userMetadata[INVITED_BY_KEY]);
  if (!agency || !invitedBy) return INVITE;
  const company = senderName(user.userMetadata[COMPANY_NAME_KEY]);
  const portal = company ? `${company}'s client portal` : "your client portal";
  return {
    ...INVITE,
    subject: `${invitedBy} at ${agency} has invited you to ${portal}`,
    heading: `Your invitation from ${agency}`,
    intro:
      `${invitedBy} at ${agency} has invited you to ` +
      (company ? `${company}'s client portal with the agency` : "the agency's client portal") +
      ": the place where you follow your programme, message the agency and hand in your work.",
    action: () => "Follow this link to accept the invitation and choose your password:",
    linkLabel: "Accept the invitation",
  };
}

const RECOVERY: MailKind = {
  tokenType: "recovery_token",
  verifyType: "recovery",
  appType: "recovery",
  sentAt: (user) => user.recoverySentAt,
  sentAtField: "recoverySentAt",
  subject: "Reset Your Password",
  failureMessage: "Error sending recovery email",
  heading: "Reset Password",
  action: () => "Follow this link to reset the password for your user:",
  linkLabel: "Reset Password",
  toPendingAddress: false,
};

/** GoTrue's magic link: the recovery token and its send time (so its gap), in another mail. */
const MAGIC_LINK: MailKind = {
  ...RECOVERY,
  verifyType: "magiclink",
  appType: "magiclink",
  subject: "Your Magic Link",
  failureMessage: "Error sending magic link email",
  heading: "Magic Link",
  action: () => "Follow this link to login:",
  linkLabel: "Log In",
};

/** The app's sign-in page, named in the notice to an address that already has an account. */
const SIGN_IN_PATH = "/sign-in";

/**
 * The notice to a confirmed address that someone signed up with: it already has an account, where
 * to sign in, and a password reset link. The reset link is a recovery mail's (its token, which it
 * replaces, its link and code, its per-address gap), so it opens the app's reset page.
 */
const EXISTING_ACCOUNT: MailKind = {
  ...RECOVERY,
  subject: "You already have an account",
  heading: "You already have an account",
  lead: ({ siteUrl }) => ({
    text:
      `Someone, perhaps you, just tried to sign up on ${siteUrl} with this address. ` +
      "You already have an account there, so nothing was changed; if it was not you, you can " +
      "ignore this mail. Sign in here:",
    url: `${siteUrl}${SIGN_IN_PATH}`,
    linkLabel: "Sign in",
  }),
  action: () => "Forgot your password? Follow this link to choose a new one:",
  linkLabel: "Reset your password",
};

const EMAIL_CHANGE: MailKind = {
  tokenType: "email_change_token_new",
  verifyType: "email_change",
  appType: "email_change",
  sentAt: (user) => user.emailChangeSentAt,
  sentAtField: "emailChangeSentAt",
  subject: "Confirm Change of Email",
  failureMessage: "Error sending change email",
  heading: "Confirm Change of Email",
  action: ({ current, newEmail }) =>
    `Follow this link to confirm the update of your email from ${current} to ${newEmail}:`,
  linkLabel: "Change Email",
  toPendingAddress: true,
};

/**
 * Secure e-mail change: the mail to the current address, with its own token (GoTrue's
 * email_change_token_current), saying what was asked and what to do if it was not the holder.
 */
const EMAIL_CHANGE_CURRENT: MailKind = {
  ...EMAIL_CHANGE,
  tokenType: "email_change_token_current",
  subject: "Confirm Email Change",
  heading: "Confirm Email Change",
  action: ({ current, newEmail }) =>
    `A change of your account's e-mail address from ${current} to ${newEmail} was requested. ` +
    "It takes effect only once confirmed from both addresses. " +
    "If you did not ask for this, do not open the link and change your password. " +
    "To confirm the change, follow this link:",
  linkLabel: "Confirm the change",
};

/** What every link mail needs: whom it is for, how it verifies, where it leads, who pays. */
export interface LinkMailOptions {
  user: UserRecord;
  /** The link token carries the pkce_ prefix: /verify answers with ?code= instead of tokens. */
  pkce: boolean;
  /** Where the link leads once verified: the allowed redirect_to, else SITE_URL. */
  redirectTo: string;
  /** Who asked for the mail: their mail budget pays. */
  clientKey: string;
}

/** An e-mail change mail also names the new address it goes to. */
export interface EmailChangeMailOptions extends LinkMailOptions {
  newEmail: string;
}

/**
 * Sends (to the outbox) a sign-up confirmation mail with a fresh token, replacing any earlier one,
 * for an answer that must not depend on the address's history (a sign-up, a /resend of one): when
 * a limit holds it back (the per-address gap, a mail budget) nothing is sent or changed, the
 * operator's log says so and undefined comes back instead of a 429 that would tell the caller the
 * address received a mail recently.
 */
export function sendConfirmationIfAllowed(
  app: App,
  options: LinkMailOptions,
): UserRecord | undefined {
  return sendUnlessHeldBack(app, options, CONFIRMATION);
}

/**
 * "You already have an account" to a confirmed address someone signed up with, with a fresh
 * password reset link replacing any earlier one (see EXISTING_ACCOUNT). A sign-up answers the same
 * whether or not it went out, so a limit holding it back is only logged, as for
 * sendConfirmationIfAllowed.
 */
export function sendExistingAccountNoticeIfAllowed(app: App, options: LinkMailOptions): void {
  sendUnlessHeldBack(app, options, EXISTING_ACCOUNT);
}

/**
 * One mail of `kind` to the user, unless a limit holds it back (the per-address gap, a mail
 * budget): then nothing is sent or changed, the log says so (`mail_held_back`) and undefined comes
 * back instead of the 429.
 */
function sendUnlessHeldBack(
  app: App,
  options: LinkMailOptions,
  kind: MailKind,
): UserRecord | undefined {
  const to = options.user.email ?? "";
  try {
    return sendLinkMails(app, options, [{ kind, to }]);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "over_email_send_rate_limit")) throw error;
    logMailHeldBack(app, to, kind.subject, error.message);
    return undefined;
  }
}

/**
 * Sends the invitation (GoTrue's sendInvite; see invitationFor) with a fresh confirmation token,
 * replacing any earlier one, and records `invited_at`; the same limits as a confirmation mail.
 */
export function sendInvite(app: App, options: LinkMailOptions): UserRecord {
  const { user } = options;
  return sendLinkMails(app, options, [{ kind: invitationFor(user), to: user.email ?? "" }]);
}

/**
 * The invitation again, for an invited address someone asked a sign-up confirmation for (a resend,
 * a sign-up): its fresh link replaces the first, and the invitee, not the asker, is mailed it. A
 * limit holding it back is only logged, as for sendConfirmationIfAllowed.
 */
export function sendInviteIfAllowed(app: App, options: LinkMailOptions): UserRecord | undefined {
  return sendUnlessHeldBack(app, options, invitationFor(options.user));
}

/** Sends a password recovery mail (GoTrue's sendPasswordRecovery), with the same limits. */
export function sendRecovery(app: App, options: LinkMailOptions): UserRecord {
  return sendLinkMails(app, options, [{ kind: RECOVERY, to: options.user.email ?? "" }]);
}

/**
 * Sends "Your Magic Link" (GoTrue's sendMagicLink): it replaces the recovery link and code and
 * shares their per-address gap.
 */
export function sendMagicLink(app: App, options: LinkMailOptions): UserRecord {
  return sendLinkMails(app, options, [{ kind: MAGIC_LINK, to: options.user.email ?? "" }]);
}

/**
 * Records a pending change of the user's address to `newEmail` and mails it a link (GoTrue's
 * sendEmailChange); also resends a pending change. With secure e-mail change (the default) the
 * current address is mailed its own link too, and the change needs both (a newer request or a
 * resend replaces both); without it, the new address alone confirms and a current-address link left
 * from before is voided. The per-address gap counts from the previous change mail.
 */
export function sendEmailChange(app: App, options: EmailChangeMailOptions): UserRecord {
  const { user, newEmail } = options;
  const letters: [Letter, ...Letter[]] = [{ kind: EMAIL_CHANGE, to: newEmail }];
  const current = app.config.mailerSecureEmailChangeEnabled ? user.email : null;
  if (current) letters.push({ kind: EMAIL_CHANGE_CURRENT, to: current });
  return app.store.db.transaction(() => {
    const saved = sendLinkMails(app, options, letters, newEmail);
    if (!current) app.store.tokens.deleteOneTimeToken(user.id, EMAIL_CHANGE_CURRENT.tokenType);
    return saved;
  });
}

/** One mail of a send: its kind (words, token) and where it goes. */
interface Letter {
  kind: MailKind;
  to: string;
}

/**
 * One send: the per-address gap and the mail budgets for all its letters at once (429 before
 * anything changes), then, in one transaction, the send time (and a pending address, an invitation)
 * and each letter's fresh token, queued to its address. Letters of one send share their kind's send
 * time (an e-mail change's two mails expire together, as GoTrue's).
 */
function sendLinkMails(
  app: App,
  { user, pkce, redirectTo, clientKey }: LinkMailOptions,
  letters: [Letter, ...Letter[]],
  newEmail = "",
): UserRecord {
  const { kind } = letters[0];
  assertSendFrequency(app, kind.sentAt(user));
  app.limiter.takeEmail(clientKey, ...letters.map((letter) => letter.to));
  const now = app.now();
  const words: ActionWords = { current: user.email ?? "", newEmail, siteUrl: app.config.siteUrl };
  const apiLink = mailsCarryApiLink(app);
  return app.store.db.transaction(() => {
    const saved = app.store.users.update(user.id, {
      ...(kind.toPendingAddress ? { emailChange: newEmail } : {}),
      ...(kind.marksInvitation ? { invitedAt: now } : {}),
      [kind.sentAtField]: now,
      updatedAt: now,
    });
    for (const { kind: letterKind, to } of letters) {
      const previous = app.store.tokens.snapshot(user.id, letterKind.tokenType);
      const { linkToken, code } = issueToken(app, user.id, letterKind.tokenType, to, {
        pkce,
        code: apiLink && app.config.mailCodes,
      });
      const links = confirmationLinks(
        app,
        linkToken,
        letterKind.verifyType,
        redirectTo,
        letterKind.appType,
      );
      const sent = { before: user, kind: letterKind, previous, issued: storedLinkHash(linkToken) };
      const mail = linkMail(letterKind, words, links.confirmationUrl, {
        verifyUrl: apiLink ? links.verifyUrl : undefined,
        code,
      });
      // The embedding app's dress, when it gave one: its words around the mail, its sender.
      const { text, html, ...from } = app.mailFrame?.(mail) ?? { text: mail.text, html: mail.html };
      queueMail(app, {
        message: { to, ...mail, text, html },
        from,
        failureMessage: letterKind.failureMessage,
        undo: (request) => undoLinkMail(app, request, sent),
      });
    }
    return saved;
  });
}

/** What a mail's undo needs: the user before it, its kind, the token it replaced and its own. */
interface SentLinkMail {
  before: UserRecord;
  kind: MailKind;
  previous: TokenSnapshot;
  /** The stored hash of the link this mail carried. */
  issued: string;
}

/**
 * A mail that never left. Unless a later request already replaced its link (then that request's
 * state stands): a user created by this very request (a new sign-up or invitee) is removed when the
 * request has not answered yet, so it answers 500 and the address can sign up or be invited again;
 * otherwise the earlier link, code and send time (and invitation time) come back. A sign-up
 * answered before its mail left keeps its account, with no pending link, so sign-in says the
 * address is unconfirmed and a resend mails at once.
 */
function undoLinkMail(
  app: App,
  request: RequestMails,
  { before, kind, previous, issued }: SentLinkMail,
): void {
  if (app.store.tokens.snapshot(before.id, kind.tokenType).token?.tokenHash !== issued) return;
  const isNewSignUp = kind.tokenType === "confirmation_token" && before.confirmationSentAt === null;
  const createdByRequest = before.createdAt >= request.startedAt;
  if (isNewSignUp && createdByRequest && request.delivery === "before-answer") {
    app.store.users.delete(before.id);
    return;
  }
  app.store.tokens.restore(before.id, kind.tokenType, previous);
  app.store.users.update(before.id, {
    [kind.sentAtField]: kind.sentAt(before),
    ...(kind.toPendingAddress ? { emailChange: before.emailChange } : {}),
    ...(kind.marksInvitation ? { invitedAt: before.invitedAt } : {}),
  });
}

/**
 * Whether mails carry GoTrue's /verify link (and, unless AUTH_MAIL_CODES is off, the 6-digit code)
 * besides the site's link: not when the API's own address is loopback (API_EXTERNAL_URL unset, the
 * auth server behind the app) while the site is public. That link would open nothing for whoever
 * reads the mail, and no public page takes the code, so the mail carries the site's
 * /auth/confirm link alone.
 */
function mailsCarryApiLink(app: App): boolean {
  return !isLoopbackUrl(app.apiUrl) || isLoopbackUrl(app.config.siteUrl);
}

/** A link paragraph as HTML: the sentence, then the link under its label. */
function linkParagraphHtml({ text, url, linkLabel }: LinkParagraph): string[] {
  return [
    `<p>${escapeHtml(text)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(linkLabel)}</a></p>`,
  ];
}

/**
 * A mail's text and HTML: its intro and lead paragraphs if it has them, the site's link, then the
 * code and GoTrue's link when it carries them.
 */
function linkMail(
  kind: MailKind,
  words: ActionWords,
  confirmationUrl: string,
  { verifyUrl, code }: { verifyUrl: string | undefined; code: string | undefined },
) {
  const paragraphs = [
    ...(kind.lead ? [kind.lead(words)] : []),
    { text: kind.action(words), url: confirmationUrl, linkLabel: kind.linkLabel },
  ];
  const text = [
    kind.heading,
    ...(kind.intro ? ["", kind.intro] : []),
    ...paragraphs.flatMap((paragraph) => ["", paragraph.text, paragraph.url]),
  ];
  const html = [
    `<h2>${escapeHtml(kind.heading)}</h2>`,
    ...(kind.intro ? [`<p>${escapeHtml(kind.intro)}</p>`] : []),
    ...paragraphs.flatMap(linkParagraphHtml),
  ];
  if (code !== undefined) {
    text.push("", `Or enter this code: ${code}`);
    html.push(`<p>Or enter this code: <strong>${code}</strong></p>`);
  }
  if (verifyUrl !== undefined) {
    text.push("", "If that link does not work, this one works through the auth server:", verifyUrl);
    html.push(
      `<p>If that link does not work, <a href="${escapeHtml(verifyUrl)}">use the auth server's link</a>.</p>`,
    );
  }
  return {
    subject: kind.subject,
    text: text.join("\n"),
    html: html.join("\n"),
    confirmation_url: confirmationUrl,
    verify_url: verifyUrl ?? null,
  };
}
