// POST /signup: confirmation vs autoconfirm, duplicates, password policy, validation order, PKCE params.
import { AuthWeakPasswordError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  latestMail,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

describe("signup with email confirmation (default)", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ GOTRUE_SITE_URL: "http://localhost:3000" });
  });
  afterAll(() => ts.close());

  it("creates an unconfirmed user, mails a link and returns no session", async () => {
    const email = uniqueEmail("Mixed.Case");
    const { data, error } = await ts.client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: "Ann", email: "spoof@example.com" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmation_sent_at).toEqual(expect.any(String));
    expect(user.phone).toBe("");
    expect(user.role).toBe("authenticated");
    expect(user.aud).toBe("authenticated");
    expect(user.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    // options.data cannot override the identity's own keys.
    expect(user.user_metadata).toEqual({
      sub: user.id,
      email: email.toLowerCase(),
      email_verified: false,
      phone_verified: false,
      name: "Ann",
    });
    expect(user.identities).toHaveLength(1);
    expect(user.identities?.[0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: "email",
    });

    const mail = await latestMail(ts, email);
    expect(mail.subject).toBe("Confirm Your Signup");
    const confirm = new URL(mail.confirmation_url);
    expect(confirm.origin + confirm.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(confirm.searchParams.get("type")).toBe("email");
    // 128 random bits (32 hex digits), not a hash of the address and the code.
    expect(confirm.searchParams.get("token_hash")).toMatch(/^[0-9a-f]{32}$/);
    expect(confirm.searchParams.get("next")).toBe("http://localhost:3000");
    const verify = new URL(mail.verify_url);
    expect(verify.origin + verify.pathname).toBe(`${ts.url}/auth/v1/verify`);
    expect(verify.searchParams.get("token")).toBe(confirm.searchParams.get("token_hash"));
    expect(verify.searchParams.get("type")).toBe("signup");
    // The console line carries the app link.
    expect(ts.logs.some((l) => l.event === "mail_sent" && l.link === mail.confirmation_url)).toBe(
      true,
    );
  });

  it("puts an allowed redirect_to into next, and silently replaces a foreign one", async () => {
    const allowed = uniqueEmail();
    await ts.client().auth.signUp({
      email: allowed,
      password: PASSWORD,
      options: { emailRedirectTo: "http://localhost:3000/welcome?x=1" },
    });
    expect(new URL((await latestMail(ts, allowed)).confirmation_url).searchParams.get("next")).toBe(
      "http://localhost:3000/welcome?x=1",
    );
    const foreign = uniqueEmail();
    const { error } = await ts.client().auth.signUp({
      email: foreign,
      password: PASSWORD,
      options: { emailRedirectTo: "https://evil.example.net/steal" },
    });
    expect(error).toBeNull();
    expect(
      new URL((await latestMail(ts, foreign)).verify_url).searchParams.get("redirect_to"),
    ).toBe("http://localhost:3000");
  });

  it("answers a confirmed duplicate with a fake user and mails its owner a notice, no confirmation", async () => {
    const email = uniqueEmail();
    const realId = await createConfirmedUser(ts, email);
    const { data, error } = await ts.client().auth.signUp({
      email,
      password: "another-password-1",
      options: { data: { plan: "pro" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(realId);
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe("");
    expect(data.user?.user_metadata).toEqual({ plan: "pro" });
    const mails = await ts.raw<{ subject: string }[]>(`//outbox/messages?to=${email}`, {
      apikey: null,
    });
    expect(mails.body.map((mail) => mail.subject)).toEqual(["You already have an account"]);
  });

  it("re-sends to an unconfirmed duplicate after the 60 s gap, replacing the pending password", async () => {
    const email = uniqueEmail();
    const first = await ts
      .client()
      .auth.signUp({ email, password: PASSWORD, options: { data: { v: 1 } } });
    const firstMail = await latestMail(ts, email);

    // Within the gap the mail is held back: the answer is a first sign-up's, the log says why.
    const heldBack = () => ts.logs.filter((record) => record.event === "mail_held_back").pop();
    const tooSoon = await ts.raw("/signup", { body: { email, password: "other-password-9" } });
    expect(tooSoon.status).toBe(200);
    expect((await latestMail(ts, email)).id).toBe(firstMail.id);
    expect(heldBack()?.reason).toBe(
      "For security purposes, you can only request this after 60 seconds.",
    );

    ts.clock.advance(45.5);
    const stillSoon = await ts.raw("/signup", { body: { email, password: "other-password-9" } });
    expect(stillSoon.status).toBe(200);
    expect(heldBack()?.reason).toBe(
      "For security purposes, you can only request this after 14 seconds.",
    );

    ts.clock.advance(15);
    const again = await ts
      .client()
      .auth.signUp({ email, password: "other-password-9", options: { data: { v: 2 } } });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
    expect(again.data.user?.identities).toHaveLength(1);
    expect(again.data.user?.user_metadata.v).toBe(2);
    const secondMail = await latestMail(ts, email);
    expect(secondMail.id).not.toBe(firstMail.id);
    // Only the newest link works.
    const old = await ts.raw("/verify", {
      body: {
        type: "email",
        token_hash: new URL(firstMail.confirmation_url).searchParams.get("token_hash"),
      },
    });
    expect(old.status).toBe(403);
    const ok = await ts.client().auth.verifyOtp({
      type: "email",
      token_hash: new URL(secondMail.confirmation_url).searchParams.get("token_hash")!,
    });
    expect(ok.error).toBeNull();
    // The newest sign-up's password is the one confirmed; the first one no longer signs in.
    expect(
      (await ts.client().auth.signInWithPassword({ email, password: "other-password-9" })).error,
    ).toBeNull();
    const firstPassword = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(firstPassword.error?.code).toBe("invalid_credentials");
  });

  it("rejects weak passwords with reasons, before looking at the email", async () => {
    const { error } = await ts.client().auth.signUp({ email: "not-an-email", password: "123" });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("weak_password");
    expect((error as AuthWeakPasswordError).reasons).toEqual(["length"]);
    expect(error?.message).toBe("Password should be at least 8 characters.");
  });

  it("reports validation_failed for a missing password, a 73-byte password and a bad address", async () => {
    const missing = await ts.raw("/signup", { body: { email: uniqueEmail() } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: "validation_failed",
      message: "Signup requires a valid password",
    });

    const tooLong = await ts.raw("/signup", {
      body: { email: uniqueEmail(), password: "é".repeat(37) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe("Password cannot be longer than 72 characters");

    const badEmail = await ts.raw("/signup", { body: { email: "nope@", password: PASSWORD } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    });

    const noEmail = await ts.raw("/signup", { body: { password: PASSWORD } });
    expect(noEmail.body).toEqual({
      code: "validation_failed",
      message: "An email address is required",
    });
  });

  it("validates PKCE parameters (JSON null allowed, pairs required, RFC 7636 charset)", async () => {
    const nulls = await ts.raw("/signup", {
      body: {
        email: uniqueEmail(),
        password: PASSWORD,
        code_challenge: null,
        code_challenge_method: null,
      },
    });
    expect(nulls.status).toBe(200);

    const half = await ts.raw("/signup", {
      body: { email: uniqueEmail(), password: PASSWORD, code_challenge: "a".repeat(43) },
    });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe("PKCE flow requires code_challenge_method and code_challenge");

    const short = await ts.raw("/signup", {
      body: {
        email: uniqueEmail(),
        password: PASSWORD,
        code_challenge: "abc",
        code_challenge_method: "s256",
      },
    });
    expect(short.body).toEqual({
      code: "validation_failed",
      message: "code challenge has to be between 43 and 128 characters",
    });

    const chars = await ts.raw("/signup", {
      body: {
        email: uniqueEmail(),
        password: PASSWORD,
        code_challenge: "%".repeat(43),
        code_challenge_method: "S256",
      },
    });
    expect(chars.body.code).toBe("validation_failed");
    expect(chars.body.message).toMatch(/can only contain alphanumeric characters/);

    const method = await ts.raw("/signup", {
      body: {
        email: uniqueEmail(),
        password: PASSWORD,
        code_challenge: "a".repeat(43),
        code_challenge_method: "md5",
      },
    });
    expect(method.body.message).toBe('unsupported code_challenge method "md5"');

    const email = uniqueEmail();
    const pkce = await ts.raw("/signup", {
      body: {
        email,
        password: PASSWORD,
        code_challenge: "a".repeat(43),
        code_challenge_method: "PLAIN",
      },
    });
    expect(pkce.status).toBe(200);
    const hash = new URL((await latestMail(ts, email)).confirmation_url).searchParams.get(
      "token_hash",
    );
    expect(hash).toMatch(/^pkce_[0-9a-f]{32}$/);
  });

  it("answers bad JSON with 400 bad_json and a wrongly typed field likewise", async () => {
    const bad = await ts.raw("/signup", { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("bad_json");
    expect(String(bad.body.message)).toMatch(/^Could not parse request body as JSON: /);
    const typed = await ts.raw("/signup", { body: { email: 42, password: PASSWORD } });
    expect(typed.status).toBe(400);
    expect(typed.body.code).toBe("bad_json");
  });
});

describe("signup with GOTRUE_MAILER_AUTOCONFIRM=true", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ GOTRUE_MAILER_AUTOCONFIRM: "true" });
  });
  afterAll(() => ts.close());

  it("returns a session for a confirmed user and sends no mail", async () => {
    const email = uniqueEmail();
    const { data, error } = await ts.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.last_sign_in_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata.email_verified).toBe(true);
    expect(data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);
    const mails = await ts.raw<unknown[]>(`//outbox/messages?to=${email}`, { apikey: null });
    expect(mails.body).toEqual([]);
  });

  it("rejects a duplicate with 422 user_already_exists", async () => {
    const email = uniqueEmail();
    await ts.client().auth.signUp({ email, password: PASSWORD });
    const { error } = await ts
      .client()
      .auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("user_already_exists");
    expect(error?.message).toBe("User already registered");
  });
});

describe("signup switches", () => {
  it("GOTRUE_DISABLE_SIGNUP gives 422 signup_disabled", async () => {
    const ts = await startTestServer({ GOTRUE_DISABLE_SIGNUP: "true" });
    try {
      const { error } = await ts.client().auth.signUp({ email: uniqueEmail(), password: PASSWORD });
      expect(error?.status).toBe(422);
      expect(error?.code).toBe("signup_disabled");
      expect(error?.message).toBe("Signups not allowed for this instance");
      const settings = await ts.raw("/settings");
      expect(settings.body.disable_signup).toBe(true);
    } finally {
      await ts.close();
    }
  });

  it("GOTRUE_PASSWORD_REQUIRED_CHARACTERS lists the sets and both reasons", async () => {
    const ts = await startTestServer({
      GOTRUE_PASSWORD_MIN_LENGTH: "10",
      GOTRUE_PASSWORD_REQUIRED_CHARACTERS: "abcdefghijklmnopqrstuvwxyz:0123456789:\\:!",
    });
    try {
      const weak = await ts.raw("/signup", { body: { email: uniqueEmail(), password: "abc" } });
      expect(weak.status).toBe(422);
      expect(weak.body).toEqual({
        code: "weak_password",
        message:
          "Password should be at least 10 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, 0123456789, :!.",
        weak_password: { reasons: ["length", "characters"] },
      });
      const legacy = await ts.raw("/signup", {
        body: { email: uniqueEmail(), password: "abcdefghij1" },
        version: false,
      });
      expect(legacy.body).toMatchObject({
        code: 422,
        error_code: "weak_password",
        weak_password: { reasons: ["characters"] },
      });
      const strong = await ts.raw("/signup", {
        body: { email: uniqueEmail(), password: "abcdefgh1:" },
      });
      expect(strong.status).toBe(200);
    } finally {
      await ts.close();
    }
  });
});

describe("redirect allow-list", () => {
  it("allows SITE_URL's scheme+host, any loopback port and GOTRUE_URI_ALLOW_LIST globs", async () => {
    const ts = await startTestServer({
      GOTRUE_SITE_URL: "http://localhost:3000",
      GOTRUE_URI_ALLOW_LIST: "https://*.example.org/**,myapp://callback",
    });
    try {
      const redirectFor = async (target: string) => {
        const email = uniqueEmail();
        await ts.raw(`/signup?redirect_to=${encodeURIComponent(target)}`, {
          body: { email, password: PASSWORD },
        });
        return new URL((await latestMail(ts, email)).verify_url).searchParams.get("redirect_to");
      };
      for (const allowed of [
        "http://localhost:3000/a/b",
        "http://127.0.0.1:5173/callback",
        "https://app.example.org/deep/path?q=1",
        "myapp://callback",
      ]) {
        expect(await redirectFor(allowed), allowed).toBe(allowed);
      }
      for (const refused of [
        "https://localhost:3000/",
        "https://a.b.example.org/",
        "https://example.org.evil.net/",
        "javascript:alert(1)",
      ]) {
        expect(await redirectFor(refused), refused).toBe("http://localhost:3000");
      }
    } finally {
      await ts.close();
    }
  });
});
