// How long a sign-up or its resend takes must not tell whether a mail went out: with a slow mail
// server, a mailed sign-up answers as fast as a held-back one, a confirmed address's as a new
// one's, and a resend that mails as one for an unknown address (decision 014).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher, type MailCatcher } from "./smtp-mail";
import {
  createConfirmedUser,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

/** How long the mail server takes to accept a message. */
const SMTP_DELAY_MS = 2000;

let smtp: MailCatcher;
let ts: TestServer;

beforeAll(async () => {
  smtp = await startMailCatcher();
  smtp.delayMs = SMTP_DELAY_MS;
  ts = await startTestServer({
    GOTRUE_SMTP_HOST: "127.0.0.1",
    GOTRUE_SMTP_PORT: String(smtp.port),
    GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@agency.example",
  });
});
afterAll(async () => {
  await ts?.close();
  await smtp?.close();
});

const delivered = (email: string) =>
  smtp.messages.filter((message) =>
    message.to && !Array.isArray(message.to) ? message.to.text === email : false,
  );

/** The answer's status and how long it took. */
async function timed(request: () => Promise<{ status: number }>) {
  const started = performance.now();
  const { status } = await request();
  return { status, ms: performance.now() - started };
}

const signUp = (email: string) => () => ts.raw("/signup", { body: { email, password: PASSWORD } });
const resend = (email: string) => () => ts.raw("/resend", { body: { type: "signup", email } });

describe("with a slow mail server", () => {
  it("a mailed sign-up answers as fast as a held-back one; its mail still arrives (no timing oracle)", async () => {
    const email = uniqueEmail("timed");
    const mailed = await timed(signUp(email));
    const heldBack = await timed(signUp(email));
    expect(mailed.status).toBe(200);
    expect(heldBack.status).toBe(200);
    expect(mailed.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(heldBack.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    await vi.waitFor(() => expect(delivered(email)).toHaveLength(1), {
      timeout: SMTP_DELAY_MS * 3,
      interval: 50,
    });
  });

  it("a confirmed address's sign-up answers as fast as a new one; its notice arrives after", async () => {
    const email = uniqueEmail("known");
    await createConfirmedUser(ts, email);
    const known = await timed(signUp(email));
    const fresh = await timed(signUp(uniqueEmail("new")));
    expect(known.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(known.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(fresh.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    await vi.waitFor(
      () =>
        expect(delivered(email).map((message) => message.subject)).toEqual([
          "You already have an account",
        ]),
      { timeout: SMTP_DELAY_MS * 3, interval: 50 },
    );
  });

  it("a resend that mails answers as fast as one for an unknown address", async () => {
    const email = uniqueEmail("resent");
    await ts.raw("/signup", { body: { email, password: PASSWORD } });
    ts.clock.advance(61);
    const mailed = await timed(resend(email));
    const unknown = await timed(resend(uniqueEmail("nobody")));
    expect(mailed.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(mailed.ms).toBeLessThan(SMTP_DELAY_MS / 2);
    await vi.waitFor(() => expect(delivered(email)).toHaveLength(2), {
      timeout: SMTP_DELAY_MS * 5,
      interval: 50,
    });
  });
});
