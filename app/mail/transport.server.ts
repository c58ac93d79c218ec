// Hands one of the app's mails on: to the configured SMTP server (from the agency's sender name),
// or, with none, to the embedded auth server's outbox (where `npm start` shows it). The mail's key
// is its Message-ID and outbox id, so a mail handed on again after a crash is the same one.
import { sendSmtp } from "@portal/auth-server/smtp";
import { currentBrand } from "~/brand/brand.server";
import { getEnv } from "~/lib/env.server";
import { authServiceUrl } from "~/session/auth-service.server";

export interface AppMail {
  /** The idempotency key: one per mail. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Where replies go, over the agency's reply-to address. */
  replyTo?: string;
  /** The Message-ID's part before `@host`, when not the key alone. */
  messageIdPart?: string;
}

const OUTBOX_TIMEOUT_MS = 10_000;

async function toOutbox(mail: AppMail): Promise<void> {
  const key = getEnv().SUPABASE_SERVICE_ROLE_KEY ?? "";
  const response = await fetch(`${authServiceUrl()}/outbox/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: key, Authorization: `Bearer ${key}` },
    body: JSON.stringify({
      id: mail.key,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // The outbox's Reply form answers it: the reply goes in as a mail received.
      reply_to: mail.replyTo ?? null,
    }),
    signal: AbortSignal.timeout(OUTBOX_TIMEOUT_MS),
  });
  if (response.status === 404) {
    throw new Error(
      "no mail server is configured (set SMTP_URL) and the auth server has no outbox",
    );
  }
  if (!response.ok) throw new Error(`the outbox answered ${response.status}`);
}

/**
 * Sends `mail` from the agency's sender name, replies going where Settings says; rejects with the
 * reason when it was not accepted.
 */
export async function sendAppMail(mail: AppMail): Promise<void> {
  const { smtp, SITE_URL } = getEnv();
  if (!smtp) return toOutbox(mail);
  const host = new URL(SITE_URL).hostname;
  const brand = await currentBrand();
  const replyAddress = mail.replyTo ?? brand.replyTo;
  const replyTo: Record<string, string> = replyAddress ? { "Reply-To": replyAddress } : {};
  const { key, to, subject, text, html } = mail;
  await sendSmtp({ ...smtp, senderName: brand.senderName ?? brand.name }, host, {
    to,
    subject,
    text,
    html,
    headers: { ...mail.headers, ...replyTo },
    messageId: `<${mail.messageIdPart ?? key}@${host}>`,
  });
}
