// Password recovery, a second confirmation mail and a password change, as GoTrue answers them:
// POST /recover, POST /resend, POST /verify (recovery), PUT /user, through supabase-js and raw HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestMail, PASSWORD, startTestServer, uniqueEmail, type TestServer } from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    GOTRUE_SITE_URL: "http://localhost:3000",
    GOTRUE_MAILER_OTP_EXP: "3600",
  });
});
afterAll(() => ts.close());

const NEW_PASSWORD = "Another-Secret-2026!";

async function confirmedUser() {
  const email = uniqueEmail();
  const signUp = await ts.raw("/signup", { body: { email, password: PASSWORD } });
  expect(signUp.status).toBe(200);
  const mail = await latestMail(ts, email);
  const tokenHash = new URL(mail.confirmation_url).searchParams.get("token_hash") as string;
  const { error } = await ts.client().auth.verifyOtp({ type: "email", token_hash: tokenHash });
  expect(error).toBeNull();
  return email;
}

async function mailCount(email: string): Promise<number> {
  const res = await ts.raw<{ to: string }[]>("//outbox/messages", { apikey: null });
  return res.body.filter((message) => message.to === email).length;
}

describe("POST /recover", () => {
  it("mails a recovery link to the app's /auth/confirm that verifies once as type recovery", async () => {
    const email = await confirmedUser();
    const client = ts.client();
    const { data, error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: "http://localhost:3000/reset-password",
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await latestMail(ts, email);
    expect(mail.subject).toBe("Reset Your Password");
    const link = new URL(mail.confirmation_url);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(link.searchParams.get("type")).toBe("recovery");
    expect(link.searchParams.get("next")).toBe("http://localhost:3000/reset-password");
    expect(new URL(mail.verify_url).searchParams.get("type")).toBe("recovery");

    const tokenHash = link.searchParams.get("token_hash") as string;
    const verified = await ts.client().auth.verifyOtp({ type: "recovery", token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
    const again = await ts.client().auth.verifyOtp({ type: "recovery", token_hash: tokenHash });
    expect(again.error?.code).toBe("otp_expired");
  });

  it("GET /verify with the mail's classic link redirects with a recovery session, once", async () => {
    const email = await confirmedUser();
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(200);
    const verifyUrl = new URL((await latestMail(ts, email)).verify_url);
    const path = `/verify${verifyUrl.search}`;
    const first = await ts.raw(path, { apikey: null, redirect: "manual" });
    expect(first.status).toBe(303);
    const fragment = new URLSearchParams(new URL(first.headers.get("location")!).hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");
    expect(fragment.get("access_token")).toEqual(expect.any(String));
    const again = await ts.raw(path, { apikey: null, redirect: "manual" });
    const error = new URLSearchParams(new URL(again.headers.get("location")!).hash.slice(1));
    expect(error.get("error_code")).toBe("otp_expired");
  });

  it("answers an unknown address exactly like a known one, and mails nothing", async () => {
    const email = uniqueEmail();
    const res = await ts.raw("/recover", { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await mailCount(email)).toBe(0);
  });

  it("refuses a missing or malformed address like GoTrue", async () => {
    const missing = await ts.raw("/recover", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: "validation_failed",
      message: "Password recovery requires an email",
    });
    const malformed = await ts.raw("/recover", { body: { email: "nope" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("validation_failed");
  });

  it("keeps the per-address gap: 429 over_email_send_rate_limit saying how long to wait", async () => {
    const email = await confirmedUser();
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(200);
    ts.clock.advance(15);
    const soon = await ts.raw("/recover", { body: { email } });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe("over_email_send_rate_limit");
    expect(soon.body.message).toBe(
      "For security purposes, you can only request this after 45 seconds.",
    );
    ts.clock.advance(46);
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(200);
  });
});

describe("POST /resend", () => {
  it("mails a second confirmation for a pending sign-up; the new link confirms", async () => {
    const email = uniqueEmail();
    await ts.raw("/signup", { body: { email, password: PASSWORD } });
    const first = await latestMail(ts, email);
    // Within the per-address gap nothing is mailed, and the answer says nothing of it.
    const early = await ts.client().auth.resend({ type: "signup", email });
    expect(early.error).toBeNull();
    expect((await latestMail(ts, email)).id).toBe(first.id);
    ts.clock.advance(61);
    const { error } = await ts.client().auth.resend({ type: "signup", email });
    expect(error).toBeNull();
    const second = await latestMail(ts, email);
    expect(second.id).not.toBe(first.id);
    const tokenHash = new URL(second.confirmation_url).searchParams.get("token_hash") as string;
    const confirmed = await ts.client().auth.verifyOtp({ type: "email", token_hash: tokenHash });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it("answers unknown and confirmed addresses with {} and no mail; refuses unknown types", async () => {
    const unknown = uniqueEmail();
    const res = await ts.raw("/resend", { body: { type: "signup", email: unknown } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await mailCount(unknown)).toBe(0);
    const confirmed = await confirmedUser();
    const before = await mailCount(confirmed);
    ts.clock.advance(61);
    expect((await ts.raw("/resend", { body: { type: "signup", email: confirmed } })).body).toEqual(
      {},
    );
    expect(await mailCount(confirmed)).toBe(before);
    const bogus = await ts.raw("/resend", { body: { type: "bogus", email: confirmed } });
    expect(bogus.status).toBe(400);
    expect(bogus.body).toEqual({
      code: "validation_failed",
      message: "Missing one of these types: signup, email_change, sms, phone_change",
    });
    const noEmail = await ts.raw("/resend", { body: { type: "signup" } });
    expect(noEmail.body.message).toBe("Type provided requires an email address");
  });
});

describe("PUT /user (password)", () => {
  it("changes the password, ends the other sessions, and refuses the same or a weak password", async () => {
    const email = await confirmedUser();
    const here = ts.client();
    const there = ts.client();
    expect((await here.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const other = await there.auth.signInWithPassword({ email, password: PASSWORD });
    expect(other.error).toBeNull();

    const same = await here.auth.updateUser({ password: PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe("same_password");
    expect(same.error?.message).toBe("New password should be different from the old password.");
    const weak = await here.auth.updateUser({ password: "abc" });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe("weak_password");

    const { data, error } = await here.auth.updateUser({ password: NEW_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await here.auth.getUser()).error).toBeNull();
    const ended = await ts.raw("/user", { bearer: other.data.session!.access_token });
    expect(ended.status).toBe(403);
    expect(ended.body.code).toBe("session_not_found");

    const old = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe("invalid_credentials");
    const fresh = await ts.client().auth.signInWithPassword({ email, password: NEW_PASSWORD });
    expect(fresh.error).toBeNull();
  });

  it("needs a signed-in user", async () => {
    const res = await ts.raw("/user", { method: "PUT", body: { password: NEW_PASSWORD } });
    expect(res.status).toBe(401);
  });
});
