// A real SMTP server for the tests (npm's smtp-server on a loopback port): keeps every delivered
// message, parsed, and can be told to refuse recipients, to take its time, or to offer STARTTLS.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface MailCatcher {
  port: number;
  messages: ParsedMail[];
  /** Logins seen (user/password), to check GOTRUE_SMTP_USER / _PASS are sent. */
  logins: { username: string; password: string }[];
  /** While true every recipient is refused with 550. */
  refuse: boolean;
  /** Milliseconds the server waits before accepting a message (a slow or distant mail server). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startMailCatcher({
  starttls = false,
  port = 0,
}: { starttls?: boolean; port?: number } = {}): Promise<MailCatcher> {
  const catcher: MailCatcher = {
    port: 0,
    messages: [],
    logins: [],
    refuse: false,
    delayMs: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // Without STARTTLS (hidden) the login runs in the clear, which the test allows.
    hideSTARTTLS: !starttls,
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      catcher.logins.push({ username: auth.username ?? "", password: auth.password ?? "" });
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      callback(
        catcher.refuse
          ? Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 })
          : undefined,
      );
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          setTimeout(() => {
            catcher.messages.push(parsed);
            callback();
          }, catcher.delayMs);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  catcher.port = (server.server.address() as AddressInfo).port;
  return catcher;
}
