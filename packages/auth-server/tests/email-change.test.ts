// E-mail change with secure change off (decision 024; on: secure-email-change.test.ts): PUT /user
// mails the new address a link and code, POST /resend mails it again, POST and GET /verify
// (email_change) move the account. Also the magic link's verification.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  latestMail,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

const OTP_EXPIRY_SECONDS = 3600;
const SEND_GAP_SECONDS = 60;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    GOTRUE_SITE_URL: "http://localhost:3000",
    GOTRUE_MAILER_OTP_EXP: String(OTP_EXPIRY_SECONDS),
    GOTRUE_SMTP_MAX_FREQUENCY: `${SEND_GAP_SECONDS}s`,
    GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: "false",
    // Every test mails from the same loopback client: its hourly budget is not what is tested here.
    AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
  });
});
afterAll(() => ts.close());

/** A confirmed user, signed in through supabase-js. */
async function signedInUser() {
  const email = uniqueEmail("old");
  const id = await createConfirmedUser(ts, email);
  const client = ts.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { email, id, client, accessToken: data.session!.access_token };
}

async function outboxFor(email: string) {
  const res = await ts.raw<{ subject: string }[]>(
    `//outbox/messages?to=${encodeURIComponent(email)}`,
    { apikey: null },
  );
  return res.body;
}

/** The change mail's app link token and code. */
async function changeMail(newEmail: string) {
  const mail = await latestMail(ts, newEmail);
  const link = new URL(mail.confirmation_url);
  return {
    mail,
    link,
    tokenHash: link.searchParams.get("token_hash") as string,
    code: /enter this code: (\d{6})/.exec(mail.text)?.[1] as string,
  };
}

function putUser(accessToken: string, body: Record<string, unknown>, query = "") {
  return ts.raw(`/user${query}`, { method: "PUT", bearer: accessToken, body });
}

describe("PUT /user with a new email", () => {
  it("records the pending address, mails it a link and a code, and keeps the old address until then", async () => {
    const { email, client } = await signedInUser();
    const newEmail = uniqueEmail("new");
    const { data, error } = await client.auth.updateUser(
      { email: newEmail.toUpperCase() },
      { emailRedirectTo: "http://localhost:3000/dashboard/account" },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    expect(data.user?.email_change_sent_at).toBe(new Date(ts.clock.ms).toISOString());

    const { mail, link, code } = await changeMail(newEmail);
    expect(mail.subject).toBe("Confirm Change of Email");
    expect(mail.text).toContain(`from ${email} to ${newEmail}`);
    expect(code).toMatch(/^\d{6}$/);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(link.searchParams.get("type")).toBe("email_change");
    expect(link.searchParams.get("next")).toBe("http://localhost:3000/dashboard/account");
    const verifyUrl = new URL(mail.verify_url);
    expect(verifyUrl.pathname).toBe("/auth/v1/verify");
    expect(verifyUrl.searchParams.get("type")).toBe("email_change");
    expect(verifyUrl.searchParams.get("redirect_to")).toBe(
      "http://localhost:3000/dashboard/account",
    );
    expect(await outboxFor(email)).toHaveLength(0);

    // Until it is confirmed, the old address still signs in and the new one does not.
    expect((await signIn(ts, email)).user.email).toBe(email);
    const early = await ts
      .client()
      .auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(early.error?.code).toBe("invalid_credentials");
  });

  it("ignores the current address (any case) and mails nothing", async () => {
    const { email, accessToken } = await signedInUser();
    const res = await putUser(accessToken, { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    expect(res.body).not.toHaveProperty("new_email");
    expect(res.body).not.toHaveProperty("email_change_sent_at");
    expect(await outboxFor(email)).toHaveLength(0);
  });

  it("refuses an invalid address like sign-up, and one another user has with 422 email_exists", async () => {
    const { accessToken } = await signedInUser();
    const invalid = await putUser(accessToken, { email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    });
    const taken = uniqueEmail("taken");
    await createConfirmedUser(ts, taken);
    const exists = await putUser(accessToken, { email: taken.toUpperCase() });
    expect(exists.status).toBe(422);
    expect(exists.body).toEqual({
      code: "email_exists",
      message: "A user with this email address has already been registered",
    });
    expect(await outboxFor(taken)).toHaveLength(0);
  });

  it("keeps the per-address gap between change mails (429), then a new request replaces the pending one", async () => {
    const { accessToken } = await signedInUser();
    const first = uniqueEmail("first");
    expect((await putUser(accessToken, { email: first })).status).toBe(200);
    const firstMail = await changeMail(first);

    ts.clock.advance(SEND_GAP_SECONDS - 20);
    const second = uniqueEmail("second");
    const early = await putUser(accessToken, { email: second });
    expect(early.status).toBe(429);
    expect(early.body).toEqual({
      code: "over_email_send_rate_limit",
      message: "For security purposes, you can only request this after 20 seconds.",
    });
    expect(await outboxFor(second)).toHaveLength(0);

    ts.clock.advance(20);
    const later = await putUser(accessToken, { email: second });
    expect(later.status).toBe(200);
    expect(later.body.new_email).toBe(second);
    const stale = await ts.client().auth.verifyOtp({
      type: "email_change",
      token_hash: firstMail.tokenHash,
    });
    expect(stale.error?.code).toBe("otp_expired");
    const { tokenHash } = await changeMail(second);
    const verified = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(second);
  });

  it("changes the password and asks for the new address in one request, as GoTrue does", async () => {
    const { email, accessToken } = await signedInUser();
    const newEmail = uniqueEmail("both");
    const newPassword = "Another-Secret-2026!";
    const res = await putUser(accessToken, { email: newEmail, password: newPassword });
    expect(res.status).toBe(200);
    expect(res.body.new_email).toBe(newEmail);
    expect((await signIn(ts, email, newPassword)).user.email).toBe(email);
    expect(await outboxFor(newEmail)).toHaveLength(1);
  });

  it("changes nothing when the password part is refused", async () => {
    const { email, accessToken } = await signedInUser();
    const newEmail = uniqueEmail("refused");
    const same = await putUser(accessToken, { email: newEmail, password: PASSWORD });
    expect(same.status).toBe(422);
    expect(same.body.code).toBe("same_password");
    expect(await outboxFor(newEmail)).toHaveLength(0);
    const user = await ts.raw("/user", { bearer: accessToken });
    expect(user.body.email).toBe(email);
    expect(user.body).not.toHaveProperty("new_email");
  });

  it("needs a signed-in user", async () => {
    const res = await ts.raw("/user", { method: "PUT", body: { email: uniqueEmail() } });
    expect(res.status).toBe(401);
  });
});

describe("POST /verify type email_change", () => {
  it("with token_hash: moves the account to the new address and signs in; the old address no longer works", async () => {
    const { email, id, client } = await signedInUser();
    const newEmail = uniqueEmail("new");
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const { tokenHash } = await changeMail(newEmail);

    const { data, error } = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", token_hash: tokenHash });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.id).toBe(id);
    expect(data.user?.email).toBe(newEmail);
    expect(data.user).not.toHaveProperty("new_email");
    expect(data.user).not.toHaveProperty("email_change_sent_at");
    expect(data.user?.identities?.[0]).toMatchObject({ email: newEmail });
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail);
    expect(data.user?.user_metadata.email).toBe(newEmail);

    const again = await ts.client().auth.verifyOtp({ type: "email_change", token_hash: tokenHash });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe("otp_expired");

    const old = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe("invalid_credentials");
    expect((await signIn(ts, newEmail)).user.id).toBe(id);
    // The old address is free again.
    const signUp = await ts.raw("/signup", { body: { email, password: PASSWORD } });
    expect(signUp.status).toBe(200);
    expect(signUp.body.id).not.toBe(id);
  });

  it("with the new address and its 6-digit code; a wrong code or the old address is refused", async () => {
    const { email, client } = await signedInUser();
    const newEmail = uniqueEmail("code");
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const { code } = await changeMail(newEmail);
    const wrongCode = code === "000000" ? "111111" : "000000";

    const wrong = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", email: newEmail, token: wrongCode });
    expect(wrong.error?.code).toBe("otp_expired");
    const oldAddress = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", email, token: code });
    expect(oldAddress.error?.code).toBe("otp_expired");

    const { data, error } = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", email: newEmail, token: code });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    expect(data.session?.access_token).toEqual(expect.any(String));
  });

  it("refuses an expired link and code with otp_expired", async () => {
    const { client } = await signedInUser();
    const newEmail = uniqueEmail("late");
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const { tokenHash, code } = await changeMail(newEmail);
    ts.clock.advance(OTP_EXPIRY_SECONDS + 1);
    const byHash = await ts.raw("/verify", {
      body: { type: "email_change", token_hash: tokenHash },
    });
    expect(byHash.status).toBe(403);
    expect(byHash.body).toEqual({
      code: "otp_expired",
      message: "Email link is invalid or has expired",
    });
    const byCode = await ts.raw("/verify", {
      body: { type: "email_change", email: newEmail, token: code },
    });
    expect(byCode.status).toBe(403);
    expect(byCode.body.code).toBe("otp_expired");
  });

  it("answers 422 email_exists when someone else took the address meanwhile", async () => {
    const { email, client } = await signedInUser();
    const newEmail = uniqueEmail("contested");
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const { tokenHash } = await changeMail(newEmail);
    await createConfirmedUser(ts, newEmail);
    const res = await ts.raw("/verify", { body: { type: "email_change", token_hash: tokenHash } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: "email_exists",
      message: "A user with this email address has already been registered",
    });
    expect((await signIn(ts, email)).user.email).toBe(email);
  });

  it("spends the links mailed to the old address", async () => {
    const { email, client } = await signedInUser();
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(200);
    const recovery = new URL((await latestMail(ts, email)).confirmation_url);
    const newEmail = uniqueEmail("moved");
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const { tokenHash } = await changeMail(newEmail);
    expect(
      (await ts.client().auth.verifyOtp({ type: "email_change", token_hash: tokenHash })).error,
    ).toBeNull();
    const stale = await ts.client().auth.verifyOtp({
      type: "recovery",
      token_hash: recovery.searchParams.get("token_hash") as string,
    });
    expect(stale.error?.code).toBe("otp_expired");
  });
});

describe("GET /verify type email_change (the mail's classic link)", () => {
  it("redirects with the session in the fragment, once", async () => {
    const { accessToken } = await signedInUser();
    const newEmail = uniqueEmail("get");
    const query = `?redirect_to=${encodeURIComponent("http://localhost:3000/dashboard/account")}`;
    expect((await putUser(accessToken, { email: newEmail }, query)).status).toBe(200);
    const verifyUrl = new URL((await changeMail(newEmail)).mail.verify_url);
    const path = `/verify${verifyUrl.search}`;

    const first = await ts.raw(path, { apikey: null });
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("http://localhost:3000/dashboard/account");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("email_change");
    const user = await ts.raw("/user", { bearer: fragment.get("access_token")! });
    expect(user.body.email).toBe(newEmail);

    const again = await ts.raw(path, { apikey: null });
    const error = new URLSearchParams(new URL(again.headers.get("location")!).hash.slice(1));
    expect(error.get("error_code")).toBe("otp_expired");
  });

  it("with PKCE: redirects with ?code= that exchanges for a session", async () => {
    const { accessToken } = await signedInUser();
    const newEmail = uniqueEmail("pkce");
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const body = { email: newEmail, code_challenge: challenge, code_challenge_method: "s256" };
    expect((await putUser(accessToken, body)).status).toBe(200);
    const verifyUrl = new URL((await changeMail(newEmail)).mail.verify_url);
    expect(verifyUrl.searchParams.get("token")).toMatch(/^pkce_/);
    const res = await ts.raw(`/verify${verifyUrl.search}`, { apikey: null });
    expect(res.status).toBe(303);
    const code = new URL(res.headers.get("location")!).searchParams.get("code") as string;
    const exchanged = await ts.raw<{ user: { email: string } }>("/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.user.email).toBe(newEmail);
  });
});

describe("POST /resend type email_change", () => {
  it("mails the pending address again with a fresh link, after the per-address gap", async () => {
    const { email, client } = await signedInUser();
    const newEmail = uniqueEmail("again");
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const first = await changeMail(newEmail);

    const early = await ts.raw("/resend", { body: { type: "email_change", email } });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe("over_email_send_rate_limit");
    expect(early.body.message).toBe(
      `For security purposes, you can only request this after ${SEND_GAP_SECONDS} seconds.`,
    );

    ts.clock.advance(SEND_GAP_SECONDS);
    const { data, error } = await ts.client().auth.resend({ type: "email_change", email });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(await outboxFor(newEmail)).toHaveLength(2);
    expect(await outboxFor(email)).toHaveLength(0);
    const second = await changeMail(newEmail);
    expect(second.tokenHash).not.toBe(first.tokenHash);
    const stale = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", token_hash: first.tokenHash });
    expect(stale.error?.code).toBe("otp_expired");
    const fresh = await ts
      .client()
      .auth.verifyOtp({ type: "email_change", token_hash: second.tokenHash });
    expect(fresh.data.user?.email).toBe(newEmail);
  });

  it("answers {} and mails nothing for an unknown address or one with no pending change", async () => {
    const unknown = uniqueEmail();
    const res = await ts.raw("/resend", { body: { type: "email_change", email: unknown } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await outboxFor(unknown)).toHaveLength(0);
    const { email } = await signedInUser();
    const none = await ts.raw("/resend", { body: { type: "email_change", email } });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({});
    expect(await outboxFor(email)).toHaveLength(0);
  });
});

describe("verifying a magic link", () => {
  it("signs an existing user in once by token_hash, by code, and by the classic GET link", async () => {
    const email = uniqueEmail("magic");
    const id = await createConfirmedUser(ts, email);
    const generate = () => ts.admin().auth.admin.generateLink({ type: "magiclink", email });

    const byHash = (await generate()).data.properties!;
    expect(byHash.verification_type).toBe("magiclink");
    const { data, error } = await ts
      .client()
      .auth.verifyOtp({ type: "magiclink", token_hash: byHash.hashed_token });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.session?.access_token).toEqual(expect.any(String));
    const reused = await ts
      .client()
      .auth.verifyOtp({ type: "magiclink", token_hash: byHash.hashed_token });
    expect(reused.error?.code).toBe("otp_expired");

    const byCode = (await generate()).data.properties!;
    const coded = await ts
      .client()
      .auth.verifyOtp({ type: "magiclink", email, token: byCode.email_otp });
    expect(coded.error).toBeNull();
    expect(coded.data.user?.id).toBe(id);

    const byLink = (await generate()).data.properties!;
    const link = new URL(byLink.action_link);
    const redirect = await ts.raw(`/verify${link.search}`, { apikey: null });
    expect(redirect.status).toBe(303);
    const fragment = new URLSearchParams(new URL(redirect.headers.get("location")!).hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect(fragment.get("access_token")).toEqual(expect.any(String));
  });

  it("confirms a user who had not confirmed their address yet", async () => {
    const email = uniqueEmail("magic-unconfirmed");
    const created = await ts.admin().auth.admin.createUser({ email, password: PASSWORD });
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const { data } = await ts.admin().auth.admin.generateLink({ type: "magiclink", email });
    const verified = await ts
      .client()
      .auth.verifyOtp({ type: "magiclink", token_hash: data.properties!.hashed_token });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await signIn(ts, email)).user.email).toBe(email);
  });
});
