// With a public site and a loopback API_EXTERNAL_URL, mails carry the site's /auth/confirm link
// only: no dead /verify link, no 6-digit code (nor one stored to be guessed). A public
// API_EXTERNAL_URL, or a loopback site, keeps both links, and the code unless AUTH_MAIL_CODES=false.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  mailsTo,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type OutboxMail,
  type TestServer,
} from "./helpers";

const SITE = "https://portal.example.com";

/**
 * One mail of every kind: confirmation, invitation, recovery, magic link, both change mails, and
 * the notice to a confirmed address signed up again.
 */
async function everyKindOfMail(ts: TestServer): Promise<OutboxMail[]> {
  const signedUp = uniqueEmail("signup");
  await ts.raw("/signup", { body: { email: signedUp, password: PASSWORD } });
  const invited = uniqueEmail("invited");
  await ts.raw("/invite", { bearer: ts.server.serviceRoleKey, body: { email: invited } });
  const recovering = uniqueEmail("recover");
  await createConfirmedUser(ts, recovering);
  await ts.raw("/recover", { body: { email: recovering } });
  const magic = uniqueEmail("magic");
  await createConfirmedUser(ts, magic);
  await ts.raw("/otp", { body: { email: magic } });
  const changing = uniqueEmail("current");
  await createConfirmedUser(ts, changing);
  const newEmail = uniqueEmail("new");
  await ts.raw("/user", {
    method: "PUT",
    bearer: (await signIn(ts, changing)).access_token,
    body: { email: newEmail },
  });
  const known = uniqueEmail("known");
  await createConfirmedUser(ts, known);
  await ts.raw("/signup", { body: { email: known, password: PASSWORD } });
  const mails = await Promise.all(
    [signedUp, invited, recovering, magic, changing, newEmail, known].map(
      async (address) => (await mailsTo(ts, address))[0],
    ),
  );
  const subjects = mails.map((mail) => mail?.subject);
  expect(subjects).toEqual([
    "Confirm Your Signup",
    "You have been invited",
    "Reset Your Password",
    "Your Magic Link",
    "Confirm Email Change",
    "Confirm Change of Email",
    "You already have an account",
  ]);
  return mails as OutboxMail[];
}

describe("a public site with the auth server on loopback (API_EXTERNAL_URL unset)", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      GOTRUE_SITE_URL: SITE,
      GOTRUE_OUTBOX_ENABLED: "true",
      AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
    });
  });
  afterAll(() => ts.close());

  it("mails only the site's link: no /verify link on 127.0.0.1 and no code nobody can enter", async () => {
    expect(ts.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    for (const mail of await everyKindOfMail(ts)) {
      expect(mail.confirmation_url.startsWith(`${SITE}/auth/confirm?token_hash=`)).toBe(true);
      expect(mail.verify_url, mail.subject).toBeNull();
      for (const body of [mail.text, mail.html]) {
        expect(body, mail.subject).not.toContain("/auth/v1/verify");
        expect(body, mail.subject).not.toContain(ts.url);
        expect(body, mail.subject).not.toMatch(/code/i);
        expect(body, mail.subject).not.toMatch(/\b\d{6}\b/);
      }
      expect(mail.text).toContain(mail.confirmation_url);
    }
  });

  it("keeps no code to guess (none is stored), and the site's link still verifies", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "auth-public-site-"));
    const persisted = await startTestServer(
      { GOTRUE_SITE_URL: SITE, GOTRUE_OUTBOX_ENABLED: "true" },
      { dataDir },
    );
    const email = uniqueEmail("nocode");
    try {
      await persisted.raw("/signup", { body: { email, password: PASSWORD } });
      const [mail] = await mailsTo(persisted, email);
      const tokenHash = new URL(mail!.confirmation_url).searchParams.get("token_hash");
      const verified = await persisted.raw("/verify", {
        body: { type: "email", token_hash: tokenHash },
      });
      expect(verified.status).toBe(200);
      await persisted.raw("/recover", { body: { email } });
    } finally {
      await persisted.close();
    }
    const db = new Database(join(dataDir, "auth.sqlite"), { readonly: true });
    const count = (table: string) =>
      Number((db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);
    try {
      // The recovery mail's link is pending; no code was stored with it (nor the confirmation's).
      expect(count("one_time_tokens")).toBe(1);
      expect(count("one_time_codes")).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe("a public site whose auth server has a public API_EXTERNAL_URL", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      GOTRUE_SITE_URL: SITE,
      API_EXTERNAL_URL: "https://auth.example.com/auth/v1",
      GOTRUE_OUTBOX_ENABLED: "true",
      AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
    });
  });
  afterAll(() => ts.close());

  it("mails, as before, the site's link, GoTrue's /verify link on the public API and the code", async () => {
    for (const mail of await everyKindOfMail(ts)) {
      expect(mail.confirmation_url.startsWith(`${SITE}/auth/confirm?token_hash=`)).toBe(true);
      expect(mail.verify_url.startsWith("https://auth.example.com/auth/v1/verify?token=")).toBe(
        true,
      );
      expect(mail.text).toContain(mail.verify_url);
      expect(mail.text).toMatch(/Or enter this code: \d{6}/);
    }
  });
});

describe("a loopback site with AUTH_MAIL_CODES=false (the portal's embedded server)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "auth-no-codes-"));
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(
      {
        GOTRUE_SITE_URL: "http://localhost:3000",
        AUTH_MAIL_CODES: "false",
        AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
      },
      { dataDir },
    );
  });
  afterAll(() => ts.close());

  it("mails both links and no code, and stores none", async () => {
    for (const mail of await everyKindOfMail(ts)) {
      expect(mail.verify_url.startsWith(`${ts.url}/auth/v1/verify?token=`)).toBe(true);
      for (const body of [mail.text, mail.html]) {
        expect(body, mail.subject).not.toMatch(/code/i);
        expect(body, mail.subject).not.toMatch(/\b\d{6}\b/);
      }
    }
    const db = new Database(join(dataDir, "auth.sqlite"), { readonly: true });
    try {
      const { n } = db.prepare("SELECT COUNT(*) AS n FROM one_time_codes").get() as { n: number };
      expect(Number(n)).toBe(0);
    } finally {
      db.close();
    }
  });
});
