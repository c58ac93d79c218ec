// Replies by mail on both engines, through the inbound hook and the outbox's Reply form: only a
// reply's new words land in its key's thread, as the person who sent it (Gmail, Outlook, Apple Mail,
// Thunderbird); another sender's is held, an out-of-office dropped, a copy kept once.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import {
  appEnv,
  asData,
  asResponse,
  formPost,
  get,
  settle,
  signedInUser,
  startAdminAuthServer,
  uniqueEmail,
} from "../support/harness";
import {
  clientWithKey,
  fixture,
  inboundLog,
  readMail,
  runJobs,
  thread,
} from "../support/inbound-mail";

afterAll(stopEngines);

const SECRET = "inbound-test-secret-0123456789abcdef-0123";
const context = (): AppLoadContext => ({ clientIp: "203.0.113.48" });

describe.each(ENGINES)("replies by mail on %s", (engine) => {
  let auth: AuthServer;

  beforeAll(async () => {
    appEnv();
    process.env.INBOUND_MAIL_SECRET = SECRET;
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
  });

  afterAll(async () => {
    delete process.env.INBOUND_MAIL_SECRET;
    await auth.close();
  });

  /** Posts `raw` to the hook as a provider would; its status. */
  async function hook(raw: string, { secret = SECRET, type = "message/rfc822" } = {}) {
    const { action } = await import("~/routes/hooks.inbound-mail");
    const request = new Request("http://portal.test/hooks/inbound-mail", {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": type },
      body: raw,
    });
    const answer = await action({ request, context: context(), params: {} });
    return answer.status;
  }

  it("posts only the new words of a reply from Gmail, Outlook, Apple Mail and Thunderbird", async () => {
    const { client, to } = await clientWithKey(auth, `clients-${engine}`);
    for (const name of ["gmail", "outlook", "apple-mail", "thunderbird"]) {
      expect(await hook(fixture(name, { to, from: client.email })), name).toBe(202);
    }
    await readMail();
    const messages = await thread(client.accountId);
    expect(messages.map((message) => [message.body, message.authorEmail])).toEqual(
      Array.from({ length: 4 }, () => ["Thanks, Friday works", client.email]),
    );
    expect(messages.every((message) => !message.internal)).toBe(true);
    const rows = (await inboundLog()).slice(-4);
    expect(rows.map((row) => row.outcome)).toEqual(["posted", "posted", "posted", "posted"]);
  });

  it("holds another sender's reply, drops an out-of-office, and keeps a copy once", async () => {
    const { client, to } = await clientWithKey(auth, `others-${engine}`);
    const stranger = uniqueEmail("stranger");
    const before = (await inboundLog()).length;
    expect(await hook(fixture("gmail", { to, from: stranger }))).toBe(202);
    expect(await hook(fixture("out-of-office", { to, from: client.email }))).toBe(202);
    const once = fixture("thunderbird", { to, from: client.email });
    expect(await hook(once)).toBe(202);
    expect(await hook(once)).toBe(202);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => [row.outcome, row.reason])).toEqual([
      ["held", "Sent from an address that may not post here"],
      ["dropped", "An automatic mail (Auto-Submitted: auto-replied)"],
      ["posted", "Posted to the thread"],
      ["duplicate", "A copy of a mail received before"],
    ]);
    expect(rows[0]?.sender).toBe(stranger);
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
  });

  it("finds the key in Cc, or in the ids a reply answers when the address lost its tag", async () => {
    const { client, key, to } = await clientWithKey(auth, `headers-${engine}`);
    const inCc = fixture("apple-mail", { to: "someone@else.test", from: client.email }).replace(
      "To: someone@else.test",
      `To: someone@else.test\r\nCc: ${to}`,
    );
    expect(await hook(inCc)).toBe(202);
    const untagged = fixture("gmail", {
      to: to.replace(`+${key}`, ""),
      from: client.email,
      inReplyTo: `<reply-${key}.messages.x@portal.test>`,
    });
    expect(await hook(untagged)).toBe(202);
    await readMail();
    expect(await thread(client.accountId)).toHaveLength(2);
  });

  it("closes the loop through the outbox: the agency's message, its mail, the Reply form, the thread", async () => {
    const client = await signedInUser(auth, uniqueEmail(`loop-${engine}`));
    const staff = await signedInUser(auth, uniqueEmail(`ada-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
    });
    const { receiveMail } = await import("~/inbound/inbound.server");
    auth.takeOutboxReplies(async (raw) => {
      await receiveMail(raw, "outbox");
    });
    const { inTransaction } = await import("~/data/connection.server");
    const { writeMessage } = await import("~/messages/posting.server");
    const author = { id: staff.id, email: staff.email, role: "staff" as const };
    await inTransaction((trx) =>
      writeMessage(
        trx,
        { clientId: client.accountId, author, body: "Can we meet on Friday?", internal: false },
        Date.now(),
      ),
    );
    // The message's mail, once its delay is over.
    await runJobs("message-mail", Date.now() + 10 * 60_000);
    const outbox = `${auth.url}/outbox/messages?to=${encodeURIComponent(client.email)}`;
    const [mail] = (await (await fetch(outbox)).json()) as {
      id: string;
      reply_to: string | null;
      text: string;
    }[];
    expect(mail?.reply_to).toMatch(/^reply\+[a-z2-7]{26}@portal\.test$/);
    expect(mail?.text).toContain("-- Reply above this line to answer in the portal. --");
    expect(await (await fetch(`${auth.url}/outbox`)).text()).toContain("Send Reply");
    const sent = await fetch(`${auth.url}/outbox/reply`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: mail!.id, text: "Thanks, Friday works" }),
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    await readMail();
    const messages = await thread(client.accountId);
    expect(messages.map((message) => [message.authorEmail, message.body])).toEqual([
      [staff.email, "Can we meet on Friday?"],
      [client.email, "Thanks, Friday works"],
    ]);
  });

  it("lists held mail for staff, who post it to its thread as the person it went to, or discard it", async () => {
    const { client, to } = await clientWithKey(auth, `held-${engine}`);
    const staff = await signedInUser(auth, uniqueEmail(`grace-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
    });
    const forwarded = uniqueEmail("assistant");
    await hook(fixture("gmail", { to, from: forwarded }));
    await hook(fixture("thunderbird", { to: "nobody@else.test", from: forwarded }));
    await readMail();
    const route = await import("~/routes/staff.held-mail");
    const page = async () =>
      (
        await route.loader({
          request: get("/staff/held-mail", staff.cookie),
          context: context(),
          params: {},
        })
      ).held;
    const post = (fields: Record<string, string>) =>
      settle(() =>
        route.action({
          request: formPost("/staff/held-mail", fields, staff.cookie),
          context: context(),
          params: {},
        }),
      );
    const held = (await page()).filter((mail) => mail.sender === forwarded);
    expect(held.map((mail) => [mail.reason, mail.reply])).toEqual([
      ["Sent from an address that may not post here", "Thanks, Friday works"],
      ["It names no thread (no reply key)", "Thanks, Friday works"],
    ]);
    const [withThread, withoutThread] = held;
    expect(asResponse(await post({ id: String(withThread!.id), intent: "post" })).status).toBe(302);
    expect(
      (await thread(client.accountId)).map((message) => [message.authorEmail, message.body]),
    ).toEqual([[client.email, "Thanks, Friday works"]]);
    // Decided once; a mail that names no thread is only discarded.
    expect(asData(await post({ id: String(withThread!.id), intent: "post" })).init?.status).toBe(
      409,
    );
    expect(asData(await post({ id: String(withoutThread!.id), intent: "post" })).init?.status).toBe(
      422,
    );
    expect(
      asResponse(await post({ id: String(withoutThread!.id), intent: "discard" })).status,
    ).toBe(302);
    expect((await page()).filter((mail) => mail.sender === forwarded)).toEqual([]);
    // A client reaches none of it.
    const answer = await settle(() =>
      route.loader({
        request: get("/staff/held-mail", client.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(answer instanceof Response ? answer.status : asData(answer).init?.status).toBe(404);
  });

  it("takes real SMTP on the built-in listener: 250 once kept, 550 for another domain, 552 past 25 MB", async () => {
    const { client, to } = await clientWithKey(auth, `smtp-${engine}`);
    const { startSmtpListener } = await import("~/inbound/smtp-listener.server");
    const listener = await startSmtpListener(0, "127.0.0.1", {
      resolver: () => Promise.reject(Object.assign(new Error("no DNS"), { code: "ENOTFOUND" })),
    });
    const { createTransport } = await import("nodemailer");
    const transport = createTransport({
      host: "127.0.0.1",
      port: listener.port,
      secure: false,
      ignoreTLS: true,
    });
    const send = (recipient: string, raw: string | Buffer) =>
      transport.sendMail({ envelope: { from: client.email, to: [recipient] }, raw });
    try {
      const accepted = await send(to, fixture("outlook", { to, from: client.email }));
      expect(accepted.response).toMatch(/^250 /);
      await expect(
        send("someone@elsewhere.test", fixture("gmail", { to, from: client.email })),
      ).rejects.toMatchObject({ responseCode: 550 });
      const huge = Buffer.concat([
        Buffer.from(fixture("thunderbird", { to, from: client.email })),
        Buffer.alloc(26 * 1024 * 1024, "a"),
      ]);
      await expect(send(to, huge)).rejects.toMatchObject({ responseCode: 552 });
    } finally {
      transport.close();
      await listener.close();
    }
    await readMail();
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
  });

  /** The mails in the outbox to `email`, newest first. */
  async function outboxTo(email: string) {
    const response = await fetch(`${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`);
    return (await response.json()) as { subject: string; text: string }[];
  }

  /** A reply as nodemailer writes one, with `attachments`. */
  async function replyWithFiles(
    fill: { to: string; from: string; text: string },
    attachments: { filename: string; content: Buffer; cid?: string }[],
  ) {
    const { default: MailComposer } = await import("nodemailer/lib/mail-composer/index.js");
    const logo = attachments.find((file) => file.cid);
    return new MailComposer({
      ...fill,
      subject: "Re: The brief",
      html: `<p>${fill.text}</p>${logo ? `<img src="cid:${logo.cid}">` : ""}`,
      attachments,
    })
      .compile()
      .build();
  }

  it("keeps the files a reply brings, shared by its sender and linked from its message, and names those refused", async () => {
    const { client, to } = await clientWithKey(auth, `files-${engine}`);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const program = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(512, 1)]);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const raw = await replyWithFiles({ to, from: client.email, text: "Here is the brief" }, [
      { filename: "brief.pdf", content: pdf },
      { filename: "setup.exe", content: program },
      // The signature's logo, shown by the mail's own HTML: not a file sent.
      { filename: "logo.png", content: png, cid: "logo@mail.test" },
    ]);
    expect(await hook(raw.toString("latin1"))).toBe(202);
    await readMail();
    const [message] = await thread(client.accountId);
    expect(message?.body).toBe("Here is the brief");
    expect(message?.files.map((file) => file.name)).toEqual(["brief.pdf"]);
    const { database } = await import("~/data/connection.server");
    const { clientFiles } = await import("~/data/shared-files.server");
    const files = await clientFiles(await database(), client.accountId);
    expect(
      files.map((file) => [file.name, file.sharedByEmail, file.note, file.contentType]),
    ).toEqual([["brief.pdf", client.email, "Sent by mail", "application/pdf"]]);
    const { fileStore } = await import("~/files/store.server");
    const stored = await fileStore().read(message!.files[0]!.id);
    expect(Buffer.concat(await stored!.stream.toArray())).toEqual(pdf);
    const [row] = (await inboundLog()).slice(-1);
    expect(row?.outcome).toBe("posted");
    expect(row?.reason).toContain("Not kept: “setup.exe”: this kind of file cannot be shared.");
    // Its sender, the key's reader, is told which file was not kept.
    await runJobs("reply-notice");
    const [notice] = await outboxTo(client.email);
    expect(notice?.subject).toBe("Your reply was posted without some of its files");
    expect(notice?.text).toContain("“setup.exe”: this kind of file cannot be shared.");
    // The thread's page links the file.
    const page = await import("~/routes/dashboard.messages");
    const loaded = (await page.loader({
      request: get("/dashboard/messages", client.cookie),
      context: context(),
      params: {},
    })) as unknown as { messages: { files: { id: string; name: string }[] }[] };
    expect(loaded.messages.at(-1)?.files).toEqual([
      { id: message!.files[0]!.id, name: "brief.pdf" },
    ]);
  });

  it("keeps no file a reply brings past the account's room, and says so; the words are posted", async () => {
    const { client, to } = await clientWithKey(auth, `full-${engine}`);
    const { getEnv } = await import("~/lib/env.server");
    const { inTransaction } = await import("~/data/connection.server");
    const { recordSharedFile } = await import("~/data/shared-files.server");
    const quota = getEnv().UPLOAD_MAX_CLIENT_BYTES;
    // The account's files already take all its room.
    await inTransaction((trx) =>
      recordSharedFile(trx, {
        id: crypto.randomUUID(),
        clientId: client.accountId,
        name: "archive.zip",
        bytes: quota,
        sha256: "0".repeat(64),
        note: "",
        sharedBy: { id: client.id, email: client.email, role: "client" },
        at: Date.now(),
      }),
    );
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const raw = await replyWithFiles({ to, from: client.email, text: "The brief, again" }, [
      { filename: "brief.pdf", content: pdf },
    ]);
    expect(await hook(raw.toString("latin1"))).toBe(202);
    await readMail();
    const [message] = await thread(client.accountId);
    expect(message?.body).toBe("The brief, again");
    expect(message?.files).toEqual([]);
    const [row] = (await inboundLog()).slice(-1);
    expect(row?.reason).toContain("Not kept: “brief.pdf”: Your files can take up to");
  });

  it("tells the key's reader why their mail was not posted at most once an hour, and never another sender", async () => {
    const { client, to } = await clientWithKey(auth, `notice-${engine}`);
    const stranger = uniqueEmail("notice-stranger");
    const tooLong = (from: string) =>
      fixture("gmail", { to, from }).replaceAll("Thanks, Friday works", "word ".repeat(1_200));
    for (const raw of [tooLong(client.email), tooLong(client.email), tooLong(stranger)]) {
      expect(await hook(raw)).toBe(202);
    }
    await readMail();
    const rows = (await inboundLog()).slice(-3);
    expect(rows.map((row) => row.outcome)).toEqual(["held", "held", "held"]);
    await runJobs("reply-notice");
    const notices = await outboxTo(client.email);
    expect(notices.map((mail) => mail.subject)).toEqual(["Your reply was not posted"]);
    expect(notices[0]?.text).toContain("Its words are not a message the thread takes (too long?)");
    expect(await outboxTo(stranger)).toEqual([]);
  });

  it("removes raw copies of mails read once they are 30 days old, keeping each row and any mail not read yet", async () => {
    const { client, to } = await clientWithKey(auth, `raw-${engine}`);
    const { receiveMail } = await import("~/inbound/inbound.server");
    expect(await hook(fixture("gmail", { to, from: client.email }))).toBe(202);
    await readMail();
    expect(
      await receiveMail(Buffer.from(fixture("outlook", { to, from: client.email })), "webhook"),
    ).toBe("kept");
    const before = await inboundLog();
    const read = before.filter((row) => row.outcome !== "received" && row.raw_key !== null);
    const unread = before.filter((row) => row.outcome === "received");
    expect(read.length).toBeGreaterThan(0);
    expect(unread).toHaveLength(1);
    const { removeExpiredRawCopies } = await import("~/inbound/raw-copies.server");
    const { fileStore } = await import("~/files/store.server");
    // Not yet 30 days old: all stay.
    await removeExpiredRawCopies(Date.now() + 29 * 86_400_000);
    expect((await inboundLog()).filter((row) => row.raw_key !== null)).toHaveLength(
      read.length + 1,
    );
    await removeExpiredRawCopies(Date.now() + 31 * 86_400_000);
    const after = await inboundLog();
    expect(after).toHaveLength(before.length);
    expect(after.filter((row) => row.raw_key !== null).map((row) => row.raw_key)).toEqual([
      unread[0]!.raw_key,
    ]);
    for (const row of read) expect(await fileStore().read(row.raw_key!)).toBeNull();
    expect(await fileStore().read(unread[0]!.raw_key!)).not.toBeNull();
    await readMail();
  });

  it("gives a digest of several threads no reply address: it links each thread", async () => {
    const staff = await signedInUser(auth, uniqueEmail(`digest-staff-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: "198.51.100.251",
    });
    const { client: first } = await clientWithKey(auth, `digest-a-${engine}`);
    const { client: second } = await clientWithKey(auth, `digest-b-${engine}`);
    const { inTransaction } = await import("~/data/connection.server");
    const { setMailMode } = await import("~/data/mail.server");
    const { writeMessage } = await import("~/messages/posting.server");
    await inTransaction(async (trx) => {
      await setMailMode(trx, staff.id, "messages", "daily", Date.now());
      for (const client of [first, second]) {
        const author = { id: client.id, email: client.email, role: "client" as const };
        const message = { clientId: client.accountId, author, body: "A question", internal: false };
        await writeMessage(trx, message, Date.now());
      }
    });
    const { runMessageDigest } = await import("~/mail/message-mail.server");
    const reader = { id: staff.id, email: staff.email, role: "staff" };
    await runMessageDigest({ id: 1, kind: "message-digest", payload: reader, attempts: 1 });
    const response = await fetch(
      `${auth.url}/outbox/messages?to=${encodeURIComponent(staff.email)}`,
    );
    const mails = (await response.json()) as {
      subject: string;
      text: string;
      reply_to: string | null;
    }[];
    // Every thread staff follow with messages unread, these two among them.
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Your daily messages: \d+ new messages$/);
    expect(mails[0]?.reply_to ?? "").not.toContain("reply+");
    expect(mails[0]?.text).not.toContain("Reply above this line");
    for (const client of [first, second]) {
      expect(mails[0]?.text).toContain(`/staff/clients/${client.accountId}/messages`);
    }
  });

  it("answers a wrong secret 401 and a body that is no mail 415, keeping nothing", async () => {
    const before = (await inboundLog()).length;
    expect(await hook("Subject: x\r\n\r\nhello", { secret: "wrong" })).toBe(401);
    expect(await hook("{}", { type: "application/json" })).toBe(415);
    expect(await inboundLog()).toHaveLength(before);
  });
});
