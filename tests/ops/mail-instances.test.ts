// Mail about messages from two app instances on one PostgreSQL, through an SMTP server that takes
// 2.5 s to answer: two messages of one thread, their jobs run by the two instances' workers at once,
// make one mail to the reader, never the same mail twice.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { startMailCatcher } from "@portal/auth-server/tests/smtp-mail";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

const PASSWORD = "Mail-Instances-2026!";

describe("mail about messages from two instances on one PostgreSQL", () => {
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let auth: RunningProcess;
  let one: RunningProcess;
  let two: RunningProcess;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    smtp.delayMs = 2_500;
    auth = await startAuthProcess(freePort());
    const settings = {
      DATABASE_URL: freshPostgres().url,
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "portal@agency.test",
      MESSAGE_MAIL_DELAY_SECONDS: "2",
    };
    [one, two] = await Promise.all([
      startAppProcess(freePort(), auth.url, settings),
      startAppProcess(freePort(), auth.url, settings),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await auth?.stop();
    await smtp?.close();
  });

  it("sends each reader one mail with both messages, once", async () => {
    const staff = await signedInPerson(one, auth.url, "instances-staff", PASSWORD, true);
    const clients = await Promise.all(
      [1, 2, 3].map((n) => signedInPerson(one, auth.url, `instances-client-${n}`, PASSWORD)),
    );
    const write = async (app: RunningProcess, clientId: string, body: string) => {
      const path = `/staff/clients/${await consoleAccountId(app, clientId, staff.cookie)}/messages`;
      const posted = await postForm(app, path, { body }, { Cookie: staff.cookie });
      expect(posted.status).toBe(302);
    };
    for (const client of clients) await write(one, client.id, "First part of the news");
    // The second messages' jobs fall due while the first mails are still being sent.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    for (const client of clients) await write(two, client.id, "Second part of the news");

    const mailsTo = (email: string) =>
      smtp.messages.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
    await vi.waitFor(
      () => {
        for (const client of clients) expect(mailsTo(client.email).length).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    // Long enough for a second worker's mail to arrive: its deferral, and the server's 2.5 s.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    for (const client of clients) {
      const mails = mailsTo(client.email);
      expect(mails, client.email).toHaveLength(1);
      expect(mails[0]?.text).toContain("First part of the news");
      expect(mails[0]?.text).toContain("Second part of the news");
    }
    const ids = smtp.messages.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
