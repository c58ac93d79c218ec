// Replies by mail from an IMAP mailbox (Debian's Dovecot) on both engines: each mail in it is kept,
// then deleted from it, and read as any other (posted, held, dropped, a copy logged once); the
// poller outlives a refused login and takes mail as it arrives.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ImapFlow } from "imapflow";
import type { AuthServer } from "@portal/auth-server";
import { startDovecot, type RunningDovecot } from "../support/dovecot";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import { appEnv, startAdminAuthServer, uniqueEmail } from "../support/harness";
import { clientWithKey, fixture, inboundLog, readMail, thread } from "../support/inbound-mail";

let dovecot: RunningDovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
});

afterAll(async () => {
  await stopEngines();
  await dovecot?.stop();
});

/** Runs `use` on a connection of its own to the test mailbox, as a mail server delivering to it. */
async function withMailbox<T>(use: (mailbox: ImapFlow) => Promise<T>): Promise<T> {
  const url = new URL(dovecot.url);
  const mailbox = new ImapFlow({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  });
  await mailbox.connect();
  try {
    return await use(mailbox);
  } finally {
    await mailbox.logout();
  }
}

/** Delivers `raw` into the mailbox. */
const deliver = (raw: string) => withMailbox((mailbox) => mailbox.append("INBOX", raw));

/** How many mails the mailbox holds. */
const mailsInMailbox = () =>
  withMailbox(async (mailbox) => {
    const status = await mailbox.status("INBOX", { messages: true });
    return status ? status.messages : undefined;
  });

/** The inbound log's outcome and source of each mail, oldest first. */
async function outcomesAndSources() {
  const { database } = await import("~/data/connection.server");
  return (await database())
    .selectFrom("inbound_mails")
    .select(["outcome", "source"])
    .orderBy("id")
    .execute();
}

/** The inbound log's row for the mail with this Message-ID: its outcome and source. */
async function loggedAs(messageKey: string) {
  const { database } = await import("~/data/connection.server");
  return (await database())
    .selectFrom("inbound_mails")
    .select(["outcome", "source"])
    .where("message_key", "=", messageKey)
    .executeTakeFirst();
}

/** A structured log line (see log.server), or undefined for other output. */
function parsedLogLine(line: string): { event?: string; detail?: string } | undefined {
  try {
    return JSON.parse(line) as { event?: string; detail?: string };
  } catch {
    return undefined;
  }
}

/** Resolves once `check` is true, asking again until a generous deadline. */
async function waitFor(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(ENGINES)("replies from an IMAP mailbox on %s", (engine) => {
  let auth: AuthServer;

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
  });

  afterAll(async () => {
    await auth.close();
  });

  beforeEach(async () => {
    // Each test starts from an empty mailbox, whatever one before it left.
    await withMailbox(async (mailbox) => {
      const lock = await mailbox.getMailboxLock("INBOX");
      try {
        if (mailbox.mailbox && mailbox.mailbox.exists > 0) await mailbox.messageDelete("1:*");
      } finally {
        lock.release();
      }
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("keeps a reply from the mailbox, posts its new words as the client, and deletes it there", async () => {
    const { pollMailboxOnce } = await import("~/inbound/imap-mailbox.server");
    const { client, to } = await clientWithKey(auth, `imap-${engine}`);
    const before = (await outcomesAndSources()).length;
    await deliver(fixture("gmail", { to, from: client.email }));
    expect(await mailsInMailbox()).toBe(1);
    expect(await pollMailboxOnce(dovecot.url)).toEqual({ kept: 1, copies: 0, refused: 0 });
    expect(await mailsInMailbox()).toBe(0);
    await readMail();
    const messages = await thread(client.accountId);
    expect(messages.map((message) => [message.body, message.authorEmail])).toEqual([
      ["Thanks, Friday works", client.email],
    ]);
    expect((await outcomesAndSources()).slice(before)).toEqual([
      { outcome: "posted", source: "imap" },
    ]);
  });

  it("holds another sender's reply and drops an out-of-office, taken in one round", async () => {
    const { pollMailboxOnce } = await import("~/inbound/imap-mailbox.server");
    const { client, to } = await clientWithKey(auth, `imap-others-${engine}`);
    const stranger = uniqueEmail("stranger");
    const before = (await inboundLog()).length;
    await deliver(fixture("gmail", { to, from: stranger }));
    await deliver(fixture("out-of-office", { to, from: client.email }));
    expect(await pollMailboxOnce(dovecot.url)).toEqual({ kept: 2, copies: 0, refused: 0 });
    expect(await mailsInMailbox()).toBe(0);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => [row.outcome, row.reason, row.sender])).toEqual([
      ["held", "Sent from an address that may not post here", stranger],
      ["dropped", "An automatic mail (Auto-Submitted: auto-replied)", client.email],
    ]);
    expect(await thread(client.accountId)).toEqual([]);
  });

  it("posts a mail delivered twice (one Message-ID) once and logs the second as a copy", async () => {
    const { pollMailboxOnce } = await import("~/inbound/imap-mailbox.server");
    const { client, to } = await clientWithKey(auth, `imap-twice-${engine}`);
    const before = (await inboundLog()).length;
    const once = fixture("thunderbird", { to, from: client.email });
    await deliver(once);
    await deliver(once);
    expect(await pollMailboxOnce(dovecot.url)).toEqual({ kept: 1, copies: 1, refused: 0 });
    expect(await mailsInMailbox()).toBe(0);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => row.outcome).sort()).toEqual(["duplicate", "posted"]);
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
  });

  it("loses nothing and posts nothing twice when the poller stops between keeping a mail and deleting it", async () => {
    const { pollMailboxOnce } = await import("~/inbound/imap-mailbox.server");
    const { receiveMail } = await import("~/inbound/inbound.server");
    const { client, to } = await clientWithKey(auth, `imap-crash-${engine}`);
    const before = (await inboundLog()).length;
    await deliver(fixture("outlook", { to, from: client.email }));
    const stopsAfterKeeping: typeof receiveMail = async (raw, source) => {
      await receiveMail(raw, source);
      throw new Error("stopped after keeping");
    };
    await expect(pollMailboxOnce(dovecot.url, { receive: stopsAfterKeeping })).rejects.toThrow(
      "stopped after keeping",
    );
    expect(await mailsInMailbox()).toBe(1);
    expect(await pollMailboxOnce(dovecot.url)).toEqual({ kept: 0, copies: 1, refused: 0 });
    expect(await mailsInMailbox()).toBe(0);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => row.outcome).sort()).toEqual(["duplicate", "posted"]);
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
  });

  it("deletes a mail past 25 MB unread, keeping nothing of it", async () => {
    const { pollMailboxOnce } = await import("~/inbound/imap-mailbox.server");
    const { client, to } = await clientWithKey(auth, `imap-huge-${engine}`);
    const before = (await inboundLog()).length;
    const attachment = "a"
      .repeat(76)
      .concat("\r\n")
      .repeat(26 * 13_800);
    await deliver(`${fixture("thunderbird", { to, from: client.email })}\r\n${attachment}`);
    expect(await pollMailboxOnce(dovecot.url)).toEqual({ kept: 0, copies: 0, refused: 1 });
    expect(await mailsInMailbox()).toBe(0);
    expect(await inboundLog()).toHaveLength(before);
  });

  // Dovecot answers the logins that follow a refused one from the same address late (up to 15 s).
  it("logs a refused login and tries again without throwing; with the right one takes mail as it comes", async () => {
    const { startMailboxPolling } = await import("~/inbound/imap-mailbox.server");
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const failures = () =>
      lines.flatMap((line) => {
        const entry = parsedLogLine(line);
        return entry?.event === "inbound_imap_failed" ? [entry] : [];
      });
    const wrong = new URL(dovecot.url);
    wrong.password = "not-the-password";
    const refused = startMailboxPolling(wrong.href, 100);
    // A second failure: the poller went on after the first.
    await waitFor(() => failures().length >= 2, "two failed rounds logged");
    await refused.close();
    expect(failures()[0]?.detail).toMatch(/Authentication failed/);

    const { client, to } = await clientWithKey(auth, `imap-poller-${engine}`);
    const reply = fixture("apple-mail", { to, from: client.email });
    const messageKey = /^Message-ID: (<[^>]+>)/im.exec(reply)?.[1] ?? "";
    expect(messageKey).not.toBe("");
    const polling = startMailboxPolling(dovecot.url, 100);
    try {
      await deliver(reply);
      await waitFor(async () => (await loggedAs(messageKey)) !== undefined, "the reply kept");
    } finally {
      await polling.close();
    }
    expect(await mailsInMailbox()).toBe(0);
    await readMail();
    expect(await loggedAs(messageKey)).toEqual({ outcome: "posted", source: "imap" });
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
  }, 120_000);
});
