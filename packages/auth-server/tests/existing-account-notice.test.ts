// A sign-up of an address that already has a confirmed account: the answer is a new sign-up's, and
// the address's owner is mailed "You already have an account" (where to sign in, and a working
// password reset link) within the same mail limits as every other mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  latestMail,
  mailsTo,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type RawResponse,
  type TestServer,
} from "./helpers";

const NOTICE_SUBJECT = "You already have an account";

const signUp = (ts: TestServer, email: string, password = "someone-else-7") =>
  ts.raw("/signup", { body: { email, password, data: { plan: "pro" } } });

/** What a sign-up's answer shows a caller: its status and the fields it carries. */
const shape = (answer: RawResponse) => ({
  status: answer.status,
  keys: Object.keys(answer.body).sort(),
});

/** A mailed link's form: where it leads, its parameters and its type. */
function linkForm(url: string) {
  const link = new URL(url);
  return {
    page: `${link.origin}${link.pathname}`,
    params: [...link.searchParams.keys()].sort(),
    type: link.searchParams.get("type"),
  };
}

const tokenHashOf = (url: string) => new URL(url).searchParams.get("token_hash");

describe("a sign-up of a confirmed address", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it("mails the owner a notice with the sign-in page and a reset link that opens a recovery session", async () => {
    const email = uniqueEmail("owner");
    await createConfirmedUser(ts, email);
    expect((await signUp(ts, email)).status).toBe(200);

    const notice = await latestMail(ts, email);
    expect(notice.subject).toBe(NOTICE_SUBJECT);
    expect(notice.text).toContain("You already have an account");
    expect(notice.text).toContain("Someone, perhaps you, just tried to sign up");
    expect(notice.text).toContain(`${ts.config.siteUrl}/sign-in`);
    expect(notice.html).toContain(`href="${ts.config.siteUrl}/sign-in"`);
    expect(notice.text).toContain(notice.confirmation_url);

    // The same link as a recovery mail's, so the app's /auth/confirm opens its reset page.
    const recovering = uniqueEmail("recovering");
    await createConfirmedUser(ts, recovering);
    await ts.raw("/recover", { body: { email: recovering } });
    const recovery = await latestMail(ts, recovering);
    expect(linkForm(notice.confirmation_url)).toEqual(linkForm(recovery.confirmation_url));
    expect(linkForm(notice.confirmation_url).type).toBe("recovery");

    const verified = await ts.raw<{ access_token: string; user: { email: string } }>("/verify", {
      body: { type: "recovery", token_hash: tokenHashOf(notice.confirmation_url) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.access_token).toEqual(expect.any(String));
    expect(verified.body.user.email).toBe(email);
    // The sign-up changed nothing: the owner's password still signs in, the stranger's does not.
    await signIn(ts, email);
    const stranger = await ts.raw("/token?grant_type=password", {
      body: { email, password: "someone-else-7" },
    });
    expect(stranger.status).toBe(400);
  });

  it("carries a link its reader can open even when a PKCE client signed up (no stranger's verifier)", async () => {
    const email = uniqueEmail("owner");
    await createConfirmedUser(ts, email);
    const { error } = await ts
      .client({ flowType: "pkce" })
      .auth.signUp({ email, password: "someone-else-7" });
    expect(error).toBeNull();
    const notice = await latestMail(ts, email);
    expect(tokenHashOf(notice.confirmation_url)).not.toMatch(/^pkce_/);
    const opened = await ts.raw(`/verify${new URL(notice.verify_url).search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toMatch(/#access_token=/);
  });

  it("answers exactly like a new sign-up: the same status and fields", async () => {
    const email = uniqueEmail("owner");
    await createConfirmedUser(ts, email);
    const repeated = await signUp(ts, email);
    const fresh = await signUp(ts, uniqueEmail("fresh"));
    expect(shape(repeated)).toEqual(shape(fresh));
    expect(repeated.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
    expect((await latestMail(ts, email)).subject).toBe(NOTICE_SUBJECT);
  });

  it("sends one notice per 60 s gap: a second sign-up within it mails nothing more and is logged", async () => {
    const email = uniqueEmail("owner");
    await createConfirmedUser(ts, email);
    const first = await signUp(ts, email);
    ts.clock.advance(5);
    const second = await signUp(ts, email);
    expect(shape(second)).toEqual(shape(first));
    expect(await mailsTo(ts, email)).toHaveLength(1);
    expect(ts.logs).toContainEqual(
      expect.objectContaining({
        event: "mail_held_back",
        to: email,
        subject: NOTICE_SUBJECT,
        reason: expect.stringMatching(/only request this after \d+ seconds/),
      }),
    );
    ts.clock.advance(60);
    await signUp(ts, email);
    expect((await mailsTo(ts, email)).map((mail) => mail.subject)).toEqual([
      NOTICE_SUBJECT,
      NOTICE_SUBJECT,
    ]);
  });

  it("leaves an unconfirmed address's sign-up as it was: a new confirmation mail", async () => {
    const email = uniqueEmail("pending");
    await signUp(ts, email, PASSWORD);
    ts.clock.advance(61);
    await signUp(ts, email, PASSWORD);
    const mails = await mailsTo(ts, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Confirm Your Signup",
      "Confirm Your Signup",
    ]);
    expect(linkForm(mails[0]!.confirmation_url).type).toBe("email");
  });
});

describe("the notice and the mail budgets", () => {
  // One mail (a recovery mail to the address, from the same client) spends each budget set to 1.
  it.each([
    ["the address's", { AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "1" }],
    ["the client's", { AUTH_RATE_LIMIT_EMAIL_PER_IP: "1" }],
    ["the whole server's", { GOTRUE_RATE_LIMIT_EMAIL_SENT: "1" }],
  ])(
    "%s spent budget holds it back: no notice, the same answer, logged",
    async (_budget, limit) => {
      const ts = await startTestServer(limit);
      try {
        const email = uniqueEmail("owner");
        await createConfirmedUser(ts, email);
        await ts.raw("/recover", { body: { email } });
        ts.clock.advance(61);
        const held = await signUp(ts, email);
        expect(shape(held)).toEqual({
          status: 200,
          keys: Object.keys((await signUp(ts, uniqueEmail("fresh"))).body).sort(),
        });
        expect((await mailsTo(ts, email)).map((mail) => mail.subject)).toEqual([
          "Reset Your Password",
        ]);
        expect(ts.logs).toContainEqual(
          expect.objectContaining({
            event: "mail_held_back",
            subject: NOTICE_SUBJECT,
            reason: "email rate limit exceeded",
          }),
        );
      } finally {
        await ts.close();
      }
    },
  );
});

describe("with autoconfirm on", () => {
  it("a confirmed address's sign-up is still 422 user_already_exists and mails nothing", async () => {
    const ts = await startTestServer({ GOTRUE_MAILER_AUTOCONFIRM: "true" });
    try {
      const email = uniqueEmail("owner");
      await createConfirmedUser(ts, email);
      const repeated = await signUp(ts, email);
      expect(repeated.status).toBe(422);
      expect(repeated.body.code).toBe("user_already_exists");
      expect(await mailsTo(ts, email)).toEqual([]);
    } finally {
      await ts.close();
    }
  });
});
