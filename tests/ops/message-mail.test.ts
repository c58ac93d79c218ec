// Mail about messages on the built server, both engines, a real SMTP server: what waited unread is
// mailed once, batched, never a note, to each of the client's people; read first, skipped; the link
// turns mail off; a refusal retried; a digest at its hour; never to former staff or members.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { startMailCatcher, type MailCatcher } from "@portal/auth-server/tests/smtp-mail";
import type { ParsedMail } from "mailparser";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runOnAppDatabase } from "../support/app-database";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  consoleAccountId,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Message-Mail-2026!";
const DELAY_SECONDS = 2;

type Person = { id: string; email: string; cookie: string };

function mailsTo(smtp: MailCatcher, email: string): ParsedMail[] {
  return smtp.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === email);
}

/** Waits until `email` has `count` mails, then a while longer to see that no other comes. */
async function settledMails(smtp: MailCatcher, email: string, count: number) {
  await vi.waitFor(
    () => {
      if (mailsTo(smtp, email).length < count) throw new Error(`fewer than ${count} mails yet`);
    },
    { timeout: 15_000, interval: 100 },
  );
  await new Promise((resolve) => setTimeout(resolve, (DELAY_SECONDS + 1.5) * 1000));
  return mailsTo(smtp, email);
}

async function html(app: RunningProcess, path: string, cookie: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
  return (await response.text()).replaceAll("<!-- -->", "");
}

describe.each(["sqlite", "postgres"] as const)("mail about messages (%s)", (engine) => {
  let smtp: MailCatcher;
  let auth: RunningProcess;
  let app: RunningProcess;
  let staff: Person;
  let client: Person;
  let colleague: Person;
  /** The client's account, as the console names it. */
  let clientAccount: string;
  let moveDigestsToNow: () => Promise<void>;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    auth = await startAuthProcess(freePort());
    const dataDir = mkdtempSync(join(tmpdir(), "portal-mail-"));
    const postgresUrl = engine === "postgres" ? freshPostgres().url : undefined;
    app = await startAppProcess(freePort(), auth.url, {
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      DATA_DIR: dataDir,
      ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "portal@agency.test",
      AGENCY_NAME: "Test Agency",
      MESSAGE_MAIL_DELAY_SECONDS: String(DELAY_SECONDS),
    });
    // The clock moved to the digest hour: the digest jobs made due now.
    moveDigestsToNow = () =>
      runOnAppDatabase(
        { dataDir, databaseUrl: postgresUrl },
        "update jobs set run_after = 0 where kind = 'message-digest'",
      );
    staff = await signedInPerson(app, auth.url, "mail-staff", PASSWORD, true);
    client = await signedInPerson(app, auth.url, "mail-client", PASSWORD);
    // A colleague of the client's, one of their account's people (as staff's invitation leaves them).
    colleague = await signedInPerson(app, auth.url, "mail-colleague", PASSWORD);
    clientAccount = await consoleAccountId(app, client.id, staff.cookie);
    // Their own account, opened at their sign-in, is closed as joining closes it.
    await runOnAppDatabase(
      { dataDir, databaseUrl: postgresUrl },
      `insert into clients (user_id, email, auth_state, is_staff, account_id, created_at, updated_at)
       values ('${colleague.id}', '${colleague.email}', 'confirmed', 0, '${clientAccount}', 0, 0)
       on conflict (user_id) do update set account_id = excluded.account_id;
       delete from clients where account_only = 1 and primary_contact_id = '${colleague.id}'`,
    );
    // The console's directory knows the staff member from its first sync.
    expect((await fetch(`${app.url}/staff`, { headers: { Cookie: staff.cookie } })).status).toBe(
      200,
    );
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
    await smtp?.close();
  });

  const thread = () => `/staff/clients/${clientAccount}/messages`;
  const staffPost = (fields: Record<string, string>) =>
    postForm(app, thread(), fields, { Cookie: staff.cookie });

  it("mails the client's people once for the agency's messages that waited unread, never a note", async () => {
    expect((await staffPost({ body: "Internal: slow payer", internal: "on" })).status).toBe(302);
    expect((await staffPost({ body: "Your offer draft is ready." })).status).toBe(302);
    expect((await staffPost({ body: "Line one\nline <b>two</b>" })).status).toBe(302);

    const [mail, ...more] = await settledMails(smtp, client.email, 1);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("2 new messages from Test Agency");
    const [colleagues, ...again] = await settledMails(smtp, colleague.email, 1);
    expect(again).toEqual([]);
    expect(colleagues?.subject).toBe("2 new messages from Test Agency");
    expect(colleagues?.text).toContain("Your offer draft is ready.");
    expect(mail?.from?.text).toContain("portal@agency.test");
    expect(mail?.text).toContain("Your offer draft is ready.");
    expect(mail?.text).toContain("Line one\nline <b>two</b>");
    expect(mail?.text).toContain(`/dashboard/messages`);
    expect(mail?.text).not.toContain("slow payer");
    expect(mail?.html).not.toContain("slow payer");
    expect(mail?.html).toContain("line &#60;b&#62;two&#60;/b&#62;");
    expect(mail?.html).not.toMatch(/<img/i);
    expect(mail?.messageId).toMatch(/^<messages\.[\w.-]+@127\.0\.0\.1>$/);
    // The header's line as sent, unfolded.
    const header = (name: string) =>
      mail?.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <http:\/\/\S+\/unsubscribe\?user=/,
    );
    expect(header("list-unsubscribe-post")).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );

    const console = await html(app, thread(), staff.cookie);
    expect(console).toContain("Mail deliveries");
    expect(console).toMatch(/Sent<\/span><span class="break-all">[^<]*mail-client/);
  });

  it("skips a message the client read in the portal first", async () => {
    expect((await staffPost({ body: "Read this one at once" })).status).toBe(302);
    expect(await html(app, "/dashboard/messages", client.cookie)).toContain(
      "Read this one at once",
    );
    await vi.waitFor(
      async () => {
        expect(await html(app, thread(), staff.cookie)).toContain("read in the portal first");
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(mailsTo(smtp, client.email)).toHaveLength(1);
  });

  it("mails staff about a client's message, under the client's address", async () => {
    expect(
      (
        await postForm(
          app,
          "/dashboard/messages",
          { body: "When is our next call?" },
          { Cookie: client.cookie },
        )
      ).status,
    ).toBe(302);
    const [mail] = await settledMails(smtp, staff.email, 1);
    expect(mail?.subject).toBe(`1 new message from ${client.email}`);
    expect(mail?.text).toContain("When is our next call?");
    expect(mail?.text).toContain(`/staff/clients/${clientAccount}/messages`);
  });

  it("retries a mail the server refused, and shows the failure meanwhile", async () => {
    smtp.refuse = true;
    expect((await staffPost({ body: "This one bounces first" })).status).toBe(302);
    await vi.waitFor(
      async () => {
        expect(await html(app, thread(), staff.cookie)).toMatch(/Failed<\/span>[^]*550/);
      },
      { timeout: 15_000, interval: 250 },
    );
    smtp.refuse = false;
    const mails = await settledMails(smtp, client.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("This one bounces first");
  });

  /** `person` chooses a daily digest of message mail on their account page. */
  const chooseDaily = async (person: Person) => {
    const saved = await postForm(
      app,
      "/dashboard/account",
      { intent: "mail-settings", messages: "daily" },
      { Cookie: person.cookie },
    );
    expect(saved.status).toBe(302);
  };

  it("sends a daily digest instead when the client chose one", async () => {
    await chooseDaily(client);
    expect(await html(app, "/dashboard/account", client.cookie)).toMatch(
      /checked="" value="daily"/,
    );
    expect((await staffPost({ body: "Digest me, please" })).status).toBe(302);
    // Not at once: the digest waits for its hour.
    await new Promise((resolve) => setTimeout(resolve, (DELAY_SECONDS + 2) * 1000));
    expect(mailsTo(smtp, client.email)).toHaveLength(2);
    await moveDigestsToNow();
    const mails = await settledMails(smtp, client.email, 3);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.subject).toBe("Your daily messages: 1 new message");
    expect(mails[2]?.text).toContain("Digest me, please");
  });

  it("turns message mail off from the mail's link, with one click and without signing in", async () => {
    const link = String(mailsTo(smtp, client.email)[0]?.text?.match(/\S+\/unsubscribe\?\S+/)?.[0]);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop e-mails about messages?");
    // The signature with its first character changed.
    const forged = new URL(link);
    const sig = forged.searchParams.get("sig") ?? "";
    forged.searchParams.set("sig", `${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`);
    const tampered = await fetch(forged);
    expect(tampered.status).toBe(400);
    // RFC 8058's one-click post, as a mail provider sends it: no Origin, no cookie.
    const oneClick = await fetch(link, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(303);
    const done = await fetch(new URL(oneClick.headers.get("location") ?? "", link));
    expect(await done.text()).toContain("Message e-mails are off");
    expect(await html(app, "/dashboard/account", client.cookie)).toMatch(/checked="" value="off"/);
    expect((await staffPost({ body: "Nobody is mailed this" })).status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, (DELAY_SECONDS + 2) * 1000));
    await moveDigestsToNow();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(mailsTo(smtp, client.email)).toHaveLength(3);
  });

  it("stops mailing a staff member about a client they stopped following", async () => {
    const stopped = await staffPost({ intent: "follow", follow: "off" });
    expect(stopped.status).toBe(302);
    expect(await html(app, thread(), staff.cookie)).toContain("E-mail me about this client");
    expect(
      (
        await postForm(
          app,
          "/dashboard/messages",
          { body: "Anyone there?" },
          { Cookie: client.cookie },
        )
      ).status,
    ).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, (DELAY_SECONDS + 2) * 1000));
    expect(mailsTo(smtp, staff.email)).toHaveLength(1);
  });

  it("mails no one who lost the staff role: not the first message after, nor a digest queued before", async () => {
    const asker = await signedInPerson(app, auth.url, "mail-asker", PASSWORD);
    const leaver = await signedInPerson(app, auth.url, "mail-leaver", PASSWORD, true);
    const daily = await signedInPerson(app, auth.url, "mail-daily", PASSWORD, true);
    const stayer = await signedInPerson(app, auth.url, "mail-stayer", PASSWORD, true);
    await chooseDaily(daily);
    const ask = async (body: string) =>
      expect(
        (await postForm(app, "/dashboard/messages", { body }, { Cookie: asker.cookie })).status,
      ).toBe(302);
    await ask("First question, while everyone is staff");
    await vi.waitFor(
      () => {
        expect(mailsTo(smtp, stayer.email)).toHaveLength(1);
        expect(mailsTo(smtp, leaver.email)).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(mailsTo(smtp, daily.email)).toHaveLength(0);

    for (const former of [leaver, daily]) {
      const revoked = await fetch(`${auth.url}/auth/v1/admin/users/${former.id}`, {
        method: "PUT",
        headers: {
          apikey: DEMO_SERVICE_ROLE_KEY,
          Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ app_metadata: { role: null } }),
      });
      expect(revoked.status).toBe(200);
    }
    await ask("Second question, after two of them left");
    await moveDigestsToNow();
    // Each mail's outcome is in the deliveries: the stayer's sent, the two former members' skipped.
    const skipped = (email: string) =>
      new RegExp(
        `Skipped</span><span class="break-all">${email}</span>[^<]*<[^>]*>no longer staff`,
      );
    await vi.waitFor(
      async () => {
        // Read by a colleague: the stayer reading the thread would skip their own mail.
        const asked = await consoleAccountId(app, asker.id, staff.cookie);
        const deliveries = await html(app, `/staff/clients/${asked}/messages`, staff.cookie);
        expect(deliveries).toMatch(skipped(leaver.email));
        expect(deliveries).toMatch(skipped(daily.email));
        expect(mailsTo(smtp, stayer.email)).toHaveLength(2);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(mailsTo(smtp, leaver.email)).toHaveLength(1);
    expect(mailsTo(smtp, daily.email)).toHaveLength(0);
  });

  it("mails no one staff removed from the client's account", async () => {
    // Mailed about the agency's message while one of the account's people…
    const colleagueHad = mailsTo(smtp, colleague.email).length;
    expect((await staffPost({ body: "Before the team changed" })).status).toBe(302);
    const before = await settledMails(smtp, colleague.email, colleagueHad + 1);
    expect(before.at(-1)?.text).toContain("Before the team changed");
    // …and no more once staff removed them.
    const removed = await postForm(
      app,
      `/staff/clients/${clientAccount}/people`,
      { intent: "remove-person", personId: colleague.id },
      { Cookie: staff.cookie },
    );
    expect(removed.status).toBe(302);
    expect((await staffPost({ body: "After the team changed" })).status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, (DELAY_SECONDS + 3) * 1000));
    expect(mailsTo(smtp, colleague.email)).toHaveLength(colleagueHad + 1);
  });

  it("mails no one of an account staff deactivated, and its people again once reactivated", async () => {
    const access = (value: string) =>
      postForm(
        app,
        `/staff/clients/${clientAccount}/people`,
        { intent: "account-access", access: value },
        { Cookie: staff.cookie },
      );
    // Mailed about each message again (an earlier test turned it off).
    const each = await postForm(
      app,
      "/dashboard/account",
      { intent: "mail-settings", messages: "each" },
      { Cookie: client.cookie },
    );
    expect(each.status).toBe(302);
    const clientHad = mailsTo(smtp, client.email).length;
    expect((await access("deactivate")).status).toBe(302);
    expect((await staffPost({ body: "While they were away" })).status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, (DELAY_SECONDS + 3) * 1000));
    expect(mailsTo(smtp, client.email)).toHaveLength(clientHad);
    expect((await access("reactivate")).status).toBe(302);
    expect((await staffPost({ body: "Welcome back" })).status).toBe(302);
    const after = await settledMails(smtp, client.email, clientHad + 1);
    expect(after.at(-1)?.text).toContain("Welcome back");
  });
});

describe("mail about messages with no mail server configured", () => {
  it("lands in the embedded auth server's outbox, once per mail", async () => {
    const auth = await startAuthProcess(freePort());
    const app = await startAppProcess(freePort(), auth.url, {
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      MESSAGE_MAIL_DELAY_SECONDS: "1",
    });
    try {
      const staff = await signedInPerson(app, auth.url, "outbox-staff", PASSWORD, true);
      const client = await signedInPerson(app, auth.url, "outbox-client", PASSWORD);
      const posted = await postForm(
        app,
        `/staff/clients/${await consoleAccountId(app, client.id, staff.cookie)}/messages`,
        { body: "Welcome aboard!" },
        { Cookie: staff.cookie },
      );
      expect(posted.status).toBe(302);
      const outbox = `${auth.url}/outbox/messages?to=${encodeURIComponent(client.email)}`;
      const mails = await vi.waitFor(
        async () => {
          const found = (await (await fetch(outbox)).json()) as { subject: string; text: string }[];
          if (found.length === 0) throw new Error("no mail in the outbox yet");
          return found;
        },
        { timeout: 15_000, interval: 200 },
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("1 new message from Client Portal");
      expect(mails[0]?.text).toContain("Welcome aboard!");
    } finally {
      await app.stop();
      await auth.stop();
    }
  });
});
