// Polls an IMAP mailbox (INBOUND_IMAP_URL) for replies: each mail is kept by receiveMail first and
// only then deleted from the mailbox, so a crash between the two loses nothing; the mail comes again
// next round and is logged as a copy of itself (by its Message-ID), never posted twice.
import { ImapFlow } from "imapflow";
import { log } from "~/lib/log.server";
import { receiveMail } from "./inbound.server";
import { INBOUND_MAX_BYTES } from "./limits";

/** What one round did with the mailbox's mails: each of them was deleted from it afterwards. */
export interface MailboxRound {
  kept: number;
  copies: number;
  /** Past INBOUND_MAX_BYTES: deleted unread. */
  refused: number;
}

export interface PollOptions {
  /** What keeps each mail: receiveMail (a test puts one that fails in its place). */
  receive?: typeof receiveMail;
}

export interface MailboxPolling {
  /** Stops the rounds; resolves once a round under way has finished. */
  close(): Promise<void>;
}

/** INBOUND_IMAP_URL's parts: imap(s)://user:password@host:port/MAILBOX, INBOX by default. */
function mailboxOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "imaps:";
  const path = decodeURIComponent(parsed.pathname.replace(/^\/+/, ""));
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    path: path || "INBOX",
  };
}

/** An IMAP failure as one line: the server's answer (a refused login) or the socket's error. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { responseText, code } = error as Error & { responseText?: string; code?: string };
  return [error.message, code, responseText].filter(Boolean).join(": ");
}

/** Flags the message \Deleted and expunges it (by UID: with UIDPLUS, only it). */
async function deleteMessage(client: ImapFlow, uid: number) {
  if (!(await client.messageDelete(String(uid), { uid: true }))) {
    throw new Error(`the mailbox did not delete message ${uid}`);
  }
}

/**
 * One round: every mail in the mailbox is handed to receiveMail and, once that returned, deleted
 * from the mailbox. Throws on a failed connection or login (nothing deleted that was not kept).
 */
export async function pollMailboxOnce(
  url: string,
  { receive = receiveMail }: PollOptions = {},
): Promise<MailboxRound> {
  const mailbox = mailboxOf(url);
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.user, pass: mailbox.pass },
    disableAutoIdle: true,
    logger: false,
  });
  // A socket error is also the failure of the command under way, which throws it below; without a
  // listener the event would end the process.
  client.on("error", () => {});
  const round: MailboxRound = { kept: 0, copies: 0, refused: 0 };
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox.path);
    try {
      const exists = client.mailbox ? client.mailbox.exists : 0;
      const messages = exists > 0 ? await client.fetchAll("1:*", { uid: true, size: true }) : [];
      for (const { uid, size } of messages) {
        if (size !== undefined && size > INBOUND_MAX_BYTES) {
          log("warn", "inbound_imap_refused", { uid, bytes: size });
          round.refused += 1;
        } else {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          // Gone since the listing: another poller of the same mailbox took it.
          if (!message || !message.source) continue;
          const outcome = await receive(message.source, "imap");
          if (outcome === "kept") round.kept += 1;
          else if (outcome === "copy") round.copies += 1;
          else {
            log("warn", "inbound_imap_refused", { uid, bytes: message.source.length });
            round.refused += 1;
          }
        }
        await deleteMessage(client, uid);
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return round;
}

/**
 * Polls the mailbox at once and then `everyMs` after each round ends (rounds never overlap). A
 * round that fails (the server unreachable, the login refused) is logged and tried again next time.
 */
export function startMailboxPolling(url: string, everyMs = 60_000): MailboxPolling {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let underWay: Promise<void> | undefined;
  const poll = () => {
    underWay = pollMailboxOnce(url)
      .then(
        () => undefined,
        (error: unknown) => log("warn", "inbound_imap_failed", { detail: describeFailure(error) }),
      )
      .finally(() => {
        underWay = undefined;
        if (!closed) timer = setTimeout(poll, everyMs).unref();
      });
  };
  poll();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await underWay;
    },
  };
}
