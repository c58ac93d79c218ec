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
    const listener = await startSmtpListener(0, "127.0.0.1");
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

  it("answers a wrong secret 401 and a body that is no mail 415, keeping nothing", async () => {
    const before = (await inboundLog()).length;
    expect(await hook("Subject: x\r\n\r\nhello", { secret: "wrong" })).toBe(401);
    expect(await hook("{}", { type: "application/json" })).toBe(415);
    expect(await inboundLog()).toHaveLength(before);
  });
});
