// The built-in SMTP listener (INBOUND_SMTP_PORT): mail for the inbound domain only, kept with its
// own check of the sender (SPF, DKIM, DMARC) on top, then 250 (a crash after loses nothing); 552
// past 25 MB, 452 while too much mail waits to be read; each connecting address limited.
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import { countReceived } from "~/data/inbound-mails.server";
import { database } from "~/data/connection.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { receiveMail } from "./inbound.server";
import { INBOUND_MAX_BYTES } from "./limits";
import { checkSender, listenerName, systemResolver, type DnsResolver } from "./sender-check.server";

/** Mail kept and not yet read past which the listener asks senders to come back later. */
export const WAITING_CAP = 1_000;
/** Connections one address may hold at once, and mails it may send a minute. */
const CONNECTIONS_PER_ADDRESS = 5;
const MAILS_PER_MINUTE = 30;

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

async function bytesOf(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

export interface SmtpListenerOptions {
  /** Where the sender checks ask their DNS questions; the system's DNS with short timeouts. */
  resolver?: DnsResolver;
}

export async function startSmtpListener(
  port: number,
  host: string,
  { resolver = systemResolver() }: SmtpListenerOptions = {},
): Promise<SmtpListener> {
  const open = new Map<string, number>();
  const sent = new Map<string, number[]>();
  const server = new SMTPServer({
    name: listenerName(),
    banner: "the portal takes replies here",
    size: INBOUND_MAX_BYTES,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      const count = (open.get(session.remoteAddress) ?? 0) + 1;
      if (count > CONNECTIONS_PER_ADDRESS) {
        return callback(smtpError(421, "Too many connections from your address"));
      }
      open.set(session.remoteAddress, count);
      callback();
    },
    onClose(session) {
      const count = (open.get(session.remoteAddress) ?? 1) - 1;
      if (count <= 0) open.delete(session.remoteAddress);
      else open.set(session.remoteAddress, count);
    },
    onRcptTo(address, _session, callback) {
      const inbound = getEnv().inbound;
      const domain = address.address.split("@").pop()?.toLowerCase();
      if (!inbound || domain !== inbound.domain) {
        return callback(smtpError(550, "No such recipient here"));
      }
      database()
        .then((db) => countReceived(db))
        .then(
          (waiting) =>
            callback(
              waiting >= WAITING_CAP
                ? smtpError(452, "Too much mail waits here; try again later")
                : undefined,
            ),
          () => callback(smtpError(451, "Try again later")),
        );
    },
    onData(stream, session, callback) {
      const now = Date.now();
      const recent = (sent.get(session.remoteAddress) ?? []).filter((at) => now - at < 60_000);
      sent.set(session.remoteAddress, [...recent, now]);
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      bytesOf(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) throw smtpError(552, "A mail is at most 25 MB");
          if (recent.length >= MAILS_PER_MINUTE) throw smtpError(450, "Too many mails; slow down");
          const sender = {
            ip: session.remoteAddress,
            helo: session.hostNameAppearsAs,
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          };
          const checked = await checkSender(raw, sender, resolver);
          // The verdict on top may take a mail just under the limit past it.
          if ((await receiveMail(checked.raw, "smtp", recipients)) === "too-large") {
            throw smtpError(552, "A mail is at most 25 MB");
          }
        })
        .then(
          () => callback(),
          (error: Error & { responseCode?: number }) => {
            if (!error.responseCode) log("error", "inbound_smtp_failed", { detail: error.message });
            callback(error.responseCode ? error : smtpError(451, "Try again later"));
          },
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  server.on("error", (error) => log("warn", "inbound_smtp_error", { detail: error.message }));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
