// SMTP delivery with nodemailer, connecting the way GoTrue's mailer does: port 465 speaks TLS from
// the first byte, any other port upgrades with STARTTLS when the server offers it (certificate
// checked against GOTRUE_SMTP_HOST), and the user/password log in only when a user is set.
import { createTransport } from "nodemailer";
import type { SmtpConfig } from "../config/auth-config";
export type { SmtpConfig };
import { EnvReader } from "../config/env-parsers";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID: one per mail, so a receiver can drop a copy sent again. */
  messageId?: string;
  /** Further headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** How long a silent mail server may hold a request before the mail counts as failed. */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Sends one mail over a fresh connection (as GoTrue dials per mail); rejects when it is not accepted. */
export async function sendSmtp(
  smtp: SmtpConfig,
  /** The name this server greets with (EHLO): the host of its public API URL, as GoTrue does. */
  localName: string,
  mail: OutgoingMail,
): Promise<void> {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    name: localName,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? "" } : undefined,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: { name: smtp.senderName ?? "", address: smtp.adminEmail },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: mail.headers,
    });
  } finally {
    transport.close();
  }
}

/** GOTRUE_SMTP_*: the mail server, or undefined without GOTRUE_SMTP_HOST (mails go to the outbox). */
export function readSmtp(read: EnvReader): SmtpConfig | undefined {
  const host = read.raw("GOTRUE_SMTP_HOST");
  if (!host) return undefined;
  const port = read.integer("GOTRUE_SMTP_PORT", 587, 1);
  if (port > 65535) read.problem("GOTRUE_SMTP_PORT", "must be 1-65535");
  const adminEmail = read.raw("GOTRUE_SMTP_ADMIN_EMAIL");
  if (!adminEmail) {
    read.problem(
      "GOTRUE_SMTP_ADMIN_EMAIL",
      "must be set when GOTRUE_SMTP_HOST is (the From address)",
    );
  }
  return {
    host,
    port,
    user: read.raw("GOTRUE_SMTP_USER"),
    pass: read.raw("GOTRUE_SMTP_PASS"),
    adminEmail: adminEmail ?? "",
    senderName: read.raw("GOTRUE_SMTP_SENDER_NAME"),
  };
}

/**
 * The mail server of GOTRUE_SMTP_* alone, for another sender sharing the auth mails' server.
 * Throws one Error listing every bad value.
 */
export function loadSmtpConfig(env: Record<string, string | undefined>): SmtpConfig | undefined {
  const read = new EnvReader(env);
  const smtp = readSmtp(read);
  if (read.problems.length > 0) {
    throw new Error(
      `Invalid SMTP configuration:\n${read.problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return smtp;
}
