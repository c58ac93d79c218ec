// SMTP delivery with nodemailer, connecting the way GoTrue's mailer does: port 465 speaks TLS from
// the first byte, any other port upgrades with STARTTLS when the server offers it (certificate
// checked against GOTRUE_SMTP_HOST), and the user/password log in only when a user is set.
import { createTransport } from "nodemailer";
import type { SmtpConfig } from "../config/auth-config";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
    });
  } finally {
    transport.close();
  }
}
