// Secure e-mail change (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default): PUT /user mails
// both addresses a link and code; the first verification only records itself, the second moves
// the account, so a held session cannot move it unnoticed (decision 036).
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  latestMail,
  mailsTo,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type OutboxMail,
  type TestServer,
} from "./helpers";

const SITE = "http://localhost:3000";
const ACCOUNT_PAGE = `${SITE}/dashboard/account`;
const HALF_DONE =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ GOTRUE_SITE_URL: SITE, AUTH_RATE_LIMIT_EMAIL_PER_IP: "0" });
});
afterAll(() => ts.close());

/** A confirmed user, signed in through supabase-js. */
async function signedInUser() {
  const email = uniqueEmail("current");
  const id = await createConfirmedUser(ts, email);
  const client = ts.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { email, id, client, accessToken: data.session!.access_token };
}

/** A mail's app link token, GoTrue link and 6-digit code. */
function linkOf(mail: OutboxMail) {
  const link = new URL(mail.confirmation_url);
  return {
    mail,
    link,
    tokenHash: link.searchParams.get("token_hash") as string,
    verifyUrl: new URL(mail.verify_url),
    code: /enter this code: (\d{6})/.exec(mail.text)?.[1] as string,
  };
}

/** Asks for the change through supabase-js and returns both mails' links. */
async function askForChange() {
  const user = await signedInUser();
  const newEmail = uniqueEmail("new");
  const { data, error } = await user.client.auth.updateUser(
    { email: newEmail },
    { emailRedirectTo: ACCOUNT_PAGE },
  );
  expect(error).toBeNull();
  expect(data.user?.email).toBe(user.email);
  expect(data.user?.new_email).toBe(newEmail);
  return {
    ...user,
    newEmail,
    current: linkOf(await latestMail(ts, user.email)),
    next: linkOf(await latestMail(ts, newEmail)),
  };
}

const verifyHash = (tokenHash: string) =>
  ts.client().auth.verifyOtp({ type: "email_change", token_hash: tokenHash });

/** The account as its (unchanged) session sees it. */
const currentUser = async (accessToken: string) =>
  (await ts.raw("/user", { bearer: accessToken })).body;

describe("PUT /user with a new email", () => {
  it("mails the current address what was asked, with its own link, besides the new address's mail", async () => {
    const { email, newEmail, current, next } = await askForChange();
    expect(current.mail.subject).toBe("Confirm Email Change");
    expect(current.mail.text).toContain(
      `A change of your account's e-mail address from ${email} to ${newEmail} was requested. ` +
        "It takes effect only once confirmed from both addresses. " +
        "If you did not ask for this, do not open the link and change your password.",
    );
    expect(current.link.origin + current.link.pathname).toBe(`${SITE}/auth/confirm`);
    expect(current.link.searchParams.get("type")).toBe("email_change");
    expect(current.link.searchParams.get("next")).toBe(ACCOUNT_PAGE);
    expect(current.verifyUrl.searchParams.get("type")).toBe("email_change");
    expect(current.code).toMatch(/^\d{6}$/);
    expect(next.mail.subject).toBe("Confirm Change of Email");
    expect(next.tokenHash).not.toBe(current.tokenHash);
    expect(await mailsTo(ts, email)).toHaveLength(1);
    expect(await mailsTo(ts, newEmail)).toHaveLength(1);
  });
});

describe("verifying the two links (POST /verify, supabase-js verifyOtp)", () => {
  it("the new address's link alone moves nothing: no session, the old address still signs in (no silent takeover)", async () => {
    const { email, newEmail, accessToken, next } = await askForChange();
    const raw = await ts.raw("/verify", {
      body: { type: "email_change", token_hash: next.tokenHash },
    });
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual({ msg: HALF_DONE, code: "200" });
    expect(raw.body).not.toHaveProperty("access_token");

    const me = await currentUser(accessToken);
    expect(me.email).toBe(email);
    expect(me.new_email).toBe(newEmail);
    expect((await signIn(ts, email)).user.email).toBe(email);
    const early = await ts
      .client()
      .auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(early.error?.code).toBe("invalid_credentials");
  });

  for (const order of [
    ["next", "current"],
    ["current", "next"],
  ] as const) {
    it(`completes once both links are verified (${order.join(" first, then ")})`, async () => {
      const change = await askForChange();
      const first = await verifyHash(change[order[0]].tokenHash);
      expect(first.error).toBeNull();
      expect(first.data).toEqual({ user: null, session: null });
      expect((await currentUser(change.accessToken)).email).toBe(change.email);

      const second = await verifyHash(change[order[1]].tokenHash);
      expect(second.error).toBeNull();
      expect(second.data.session?.access_token).toEqual(expect.any(String));
      expect(second.data.user?.id).toBe(change.id);
      expect(second.data.user?.email).toBe(change.newEmail);
      expect(second.data.user).not.toHaveProperty("new_email");
      const old = await ts
        .client()
        .auth.signInWithPassword({ email: change.email, password: PASSWORD });
      expect(old.error?.code).toBe("invalid_credentials");
      expect((await signIn(ts, change.newEmail)).user.id).toBe(change.id);
    });
  }

  it("spends each link once: the first link again is otp_expired and confirms nothing", async () => {
    const { email, accessToken, current } = await askForChange();
    expect((await verifyHash(current.tokenHash)).error).toBeNull();
    const again = await verifyHash(current.tokenHash);
    expect(again.error?.code).toBe("otp_expired");
    expect((await currentUser(accessToken)).email).toBe(email);
  });

  it("accepts each address's 6-digit code with that address (the current one, then the new one)", async () => {
    const { email, newEmail, current, next } = await askForChange();
    const wrongAddress = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", email: newEmail, token: current.code });
    expect(wrongAddress.error?.code).toBe("otp_expired");
    const byCurrent = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", email, token: current.code });
    expect(byCurrent.error).toBeNull();
    expect(byCurrent.data.session).toBeNull();
    const byNew = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", email: newEmail, token: next.code });
    expect(byNew.error).toBeNull();
    expect(byNew.data.user?.email).toBe(newEmail);
  });

  it("a newer request replaces both links (after the per-address gap)", async () => {
    const { accessToken, current, next } = await askForChange();
    ts.clock.advance(61);
    const newer = uniqueEmail("newer");
    const res = await ts.raw("/user", {
      method: "PUT",
      bearer: accessToken,
      body: { email: newer },
    });
    expect(res.status).toBe(200);
    expect((await verifyHash(current.tokenHash)).error?.code).toBe("otp_expired");
    expect((await verifyHash(next.tokenHash)).error?.code).toBe("otp_expired");
  });
});

describe("GET /verify (the mails' classic links)", () => {
  it("the first redirects with GoTrue's message and no session; the second with the session", async () => {
    const { newEmail, current, next } = await askForChange();
    const first = await ts.raw(`/verify${next.verifyUrl.search}`, { apikey: null });
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(ACCOUNT_PAGE);
    expect(location.search).toBe("");
    expect(new URLSearchParams(location.hash.slice(1)).get("message")).toBe(HALF_DONE);
    expect(location.hash).not.toContain("access_token");

    const second = await ts.raw(`/verify${current.verifyUrl.search}`, { apikey: null });
    const fragment = new URLSearchParams(new URL(second.headers.get("location")!).hash.slice(1));
    const user = await ts.raw("/user", { bearer: fragment.get("access_token")! });
    expect(user.body.email).toBe(newEmail);
  });

  it("with PKCE: the first carries ?message= and no code, the second ?code= that exchanges", async () => {
    const { accessToken, email } = await signedInUser();
    const newEmail = uniqueEmail("pkce");
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const body = { email: newEmail, code_challenge: challenge, code_challenge_method: "s256" };
    expect((await ts.raw("/user", { method: "PUT", bearer: accessToken, body })).status).toBe(200);
    const current = linkOf(await latestMail(ts, email));
    const next = linkOf(await latestMail(ts, newEmail));
    expect(current.verifyUrl.searchParams.get("token")).toMatch(/^pkce_/);

    const first = await ts.raw(`/verify${current.verifyUrl.search}`, { apikey: null });
    const halfway = new URL(first.headers.get("location")!);
    expect(halfway.searchParams.get("message")).toBe(HALF_DONE);
    expect(halfway.searchParams.get("code")).toBeNull();

    const second = await ts.raw(`/verify${next.verifyUrl.search}`, { apikey: null });
    const code = new URL(second.headers.get("location")!).searchParams.get("code") as string;
    const exchanged = await ts.raw<{ user: { email: string } }>("/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.user.email).toBe(newEmail);
  });
});

describe("POST /resend type email_change", () => {
  it("mails both addresses again with fresh links; a half-done change needs both again", async () => {
    const { email, newEmail, current, next } = await askForChange();
    expect((await verifyHash(next.tokenHash)).error).toBeNull();
    ts.clock.advance(61);
    const { error } = await ts.client().auth.resend({ type: "email_change", email });
    expect(error).toBeNull();
    const current2 = linkOf(await latestMail(ts, email));
    const next2 = linkOf(await latestMail(ts, newEmail));
    expect(current2.tokenHash).not.toBe(current.tokenHash);
    expect((await verifyHash(current.tokenHash)).error?.code).toBe("otp_expired");
    expect((await verifyHash(current2.tokenHash)).data.session).toBeNull();
    expect((await verifyHash(next2.tokenHash)).data.user?.email).toBe(newEmail);
  });
});
