// Magic links as GoTrue sends them: POST /otp (signInWithOtp) and its alias POST /magiclink, via
// supabase-js and raw HTTP; the link verified by POST and GET /verify; an unknown address signed
// up; gaps and limits (a refused mail: smtp.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  decodePayload,
  latestMail,
  mailsTo,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    GOTRUE_SITE_URL: "http://localhost:3000",
    GOTRUE_URI_ALLOW_LIST: "http://localhost:3000/**",
    GOTRUE_MAILER_OTP_EXP: "3600",
    // Every test mails from the same loopback client; its hourly budget is tested elsewhere.
    AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
  });
});
afterAll(() => ts.close());

const tokenHashOf = (mail: { confirmation_url: string }) =>
  new URL(mail.confirmation_url).searchParams.get("token_hash") as string;

describe("POST /otp for an existing account", () => {
  it("mails 'Your Magic Link'; its app link verifies once as type magiclink", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const { data, error } = await ts.client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: "http://localhost:3000/dashboard" },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null, messageId: undefined });

    const mail = await latestMail(ts, email);
    expect(mail.subject).toBe("Your Magic Link");
    expect(mail.text).toContain("Follow this link to login:");
    expect(mail.text).toMatch(/Or enter this code: \d{6}\n/);
    const link = new URL(mail.confirmation_url);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(link.searchParams.get("type")).toBe("magiclink");
    expect(link.searchParams.get("next")).toBe("http://localhost:3000/dashboard");
    expect(tokenHashOf(mail)).toMatch(/^[0-9a-f]{32}$/);
    const verifyLink = new URL(mail.verify_url);
    expect(verifyLink.pathname).toBe("/auth/v1/verify");
    expect(verifyLink.searchParams.get("type")).toBe("magiclink");
    expect(verifyLink.searchParams.get("redirect_to")).toBe("http://localhost:3000/dashboard");

    const verified = await ts.client().auth.verifyOtp({
      type: "magiclink",
      token_hash: tokenHashOf(mail),
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    expect(verified.data.session?.access_token).toEqual(expect.any(String));
    const again = await ts.client().auth.verifyOtp({
      type: "magiclink",
      token_hash: tokenHashOf(mail),
    });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe("otp_expired");
  });

  it("answers raw HTTP with 200 {}; GET /verify with the GoTrue link redirects with a session once", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const res = await ts.raw("/otp?redirect_to=http://localhost:3000/welcome", {
      body: { email, create_user: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const verifyUrl = new URL((await latestMail(ts, email)).verify_url);
    const path = `/verify${verifyUrl.search}`;
    const first = await ts.raw(path, { apikey: null });
    expect(first.status).toBe(303);
    const location = new URL(first.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("http://localhost:3000/welcome");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect(decodePayload(fragment.get("access_token")!).email).toBe(email);
    const again = await ts.raw(path, { apikey: null });
    const error = new URLSearchParams(new URL(again.headers.get("location")!).hash.slice(1));
    expect(error.get("error_code")).toBe("otp_expired");
  });

  it("mails a 6-digit code that signs in with verifyOtp type email", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    await ts.client().auth.signInWithOtp({ email });
    const code = /Or enter this code: (\d{6})/.exec((await latestMail(ts, email)).text)?.[1];
    const { data, error } = await ts
      .client()
      .auth.verifyOtp({ email, token: code!, type: "email" });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it("replaces the earlier magic link with the newer one", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    await ts.raw("/otp", { body: { email } });
    const older = tokenHashOf(await latestMail(ts, email));
    ts.clock.advance(61);
    await ts.raw("/otp", { body: { email } });
    const newer = tokenHashOf(await latestMail(ts, email));
    const stale = await ts.raw("/verify", { body: { type: "magiclink", token_hash: older } });
    expect(stale.status).toBe(403);
    const fresh = await ts.raw("/verify", { body: { type: "magiclink", token_hash: newer } });
    expect(fresh.status).toBe(200);
  });

  it("keeps the per-address gap, shared with /recover: 429 saying how long to wait", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    expect((await ts.raw("/otp", { body: { email } })).status).toBe(200);
    ts.clock.advance(15);
    const soon = await ts.client().auth.signInWithOtp({ email });
    expect(soon.error?.status).toBe(429);
    expect(soon.error?.code).toBe("over_email_send_rate_limit");
    expect(soon.error?.message).toBe(
      "For security purposes, you can only request this after 45 seconds.",
    );
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(429);
    expect(await mailsTo(ts, email)).toHaveLength(1);
    ts.clock.advance(46);
    expect((await ts.raw("/otp", { body: { email } })).status).toBe(200);
  });

  it("with PKCE mails a pkce_ link whose ?code= exchanges for a magiclink session", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const client = ts.client({ flowType: "pkce" });
    const sent = await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: "http://localhost:3000/auth/callback" },
    });
    expect(sent.error).toBeNull();
    const mail = await latestMail(ts, email);
    expect(new URL(mail.verify_url).searchParams.get("token")).toMatch(/^pkce_/);
    const click = await fetch(mail.verify_url, { redirect: "manual" });
    const code = new URL(String(click.headers.get("location"))).searchParams.get("code");
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(decodePayload(data.session!.access_token).amr).toEqual([
      { method: "magiclink", timestamp: expect.any(Number) },
    ]);
  });
});

describe("POST /otp for an address without a confirmed account", () => {
  it("with shouldCreateUser false: 422 otp_disabled, and nothing is mailed", async () => {
    const email = uniqueEmail();
    const { error } = await ts.client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("otp_disabled");
    expect(error?.message).toBe("Signups not allowed for otp");
    const raw = await ts.raw("/otp", { body: { email, create_user: false } });
    expect(raw.body).toEqual({ code: "otp_disabled", message: "Signups not allowed for otp" });
    expect(await mailsTo(ts, email)).toHaveLength(0);
  });

  it("otherwise signs the address up: the sign-up confirmation mail, whose link signs in", async () => {
    const email = uniqueEmail();
    const { data, error } = await ts.client().auth.signInWithOtp({
      email,
      options: { data: { name: "Ada" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const mail = await latestMail(ts, email);
    expect(mail.subject).toBe("Confirm Your Signup");
    expect(new URL(mail.confirmation_url).searchParams.get("type")).toBe("email");
    expect(new URL(mail.verify_url).searchParams.get("type")).toBe("signup");

    const verified = await ts.client().auth.verifyOtp({
      type: "email",
      token_hash: tokenHashOf(mail),
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(verified.data.user?.user_metadata.name).toBe("Ada");
    // From now on the address has an account: the next request mails a magic link.
    ts.clock.advance(61);
    await ts.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect((await latestMail(ts, email)).subject).toBe("Your Magic Link");
  });

  it("mails an unconfirmed account its sign-up confirmation again, not a magic link", async () => {
    const email = uniqueEmail();
    await ts.raw("/signup", { body: { email, password: PASSWORD } });
    ts.clock.advance(61);
    const res = await ts.raw("/otp", { body: { email, create_user: false } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const subjects = (await mailsTo(ts, email)).map((message) => message.subject);
    expect(subjects).toEqual(["Confirm Your Signup", "Confirm Your Signup"]);
  });
});

describe("POST /otp and /magiclink input", () => {
  it("refuses malformed or missing input like GoTrue", async () => {
    const malformed = await ts.client().auth.signInWithOtp({ email: "not-an-address" });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe("validation_failed");
    const raw = await ts.raw("/otp", { body: { email: "not-an-address" } });
    expect(raw.body).toEqual({
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    });
    // GoTrue looks a create_user false address up before validating it: no account, so 422.
    const notCreating = await ts.raw("/otp", { body: { email: "nope", create_user: false } });
    expect(notCreating.status).toBe(422);
    expect(notCreating.body.code).toBe("otp_disabled");

    const neither = await ts.raw("/otp", { body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body).toEqual({
      code: "validation_failed",
      message: "One of email or phone must be set",
    });
    const both = await ts.raw("/otp", { body: { email: uniqueEmail(), phone: "+15550100" } });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("validation_failed");
    const phone = await ts.raw("/otp", { body: { phone: "+15550100" } });
    expect(phone.status).toBe(400);
    expect(phone.body.code).toBe("phone_provider_disabled");
    const badFlag = await ts.raw("/otp", { body: { email: uniqueEmail(), create_user: "no" } });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.code).toBe("bad_json");
  });

  it("POST /magiclink, the older alias, mails the same magic link; no address is 422", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const res = await ts.raw("/magiclink", { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await latestMail(ts, email)).subject).toBe("Your Magic Link");
    const missing = await ts.raw("/magiclink", { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      code: "validation_failed",
      message: "Password recovery requires an email",
    });
  });
});

describe("POST /otp limits", () => {
  it("spends the address's mail budget and counts in the client's /signup, /recover bucket", async () => {
    const limited = await startTestServer({
      GOTRUE_RATE_LIMIT_OTP: "1/1h",
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "1",
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
    });
    try {
      const email = uniqueEmail();
      await createConfirmedUser(limited, email);
      expect((await limited.raw("/otp", { body: { email } })).status).toBe(200);
      const overBudget = await limited.raw("/otp", { body: { email } });
      expect(overBudget.status).toBe(429);
      expect(overBudget.body).toEqual({
        code: "over_email_send_rate_limit",
        message: "email rate limit exceeded",
      });
      // Two of the bucket's 30 are spent; 28 recoveries take the rest.
      for (let i = 0; i < 28; i++) {
        const recover = await limited.raw("/recover", { body: { email: uniqueEmail() } });
        expect(recover.status).toBe(200);
      }
      const res = await limited.raw("/otp", { body: { email: uniqueEmail() } });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        code: "over_request_rate_limit",
        message: "Request rate limit reached",
      });
    } finally {
      await limited.close();
    }
  });
});
