// Email confirmation: POST /verify with token_hash or code, GET /verify redirects, PKCE code exchange.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decodePayload,
  latestMail,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    GOTRUE_SITE_URL: "http://localhost:3000",
    GOTRUE_MAILER_OTP_EXP: "3600",
  });
});
afterAll(() => ts.close());

async function signUpAndMail(options: { pkce?: { challenge: string }; redirect?: string } = {}) {
  const email = uniqueEmail();
  const query = options.redirect ? `?redirect_to=${encodeURIComponent(options.redirect)}` : "";
  const res = await ts.raw(`/signup${query}`, {
    body: {
      email,
      password: PASSWORD,
      code_challenge: options.pkce?.challenge ?? null,
      code_challenge_method: options.pkce ? "s256" : null,
    },
  });
  expect(res.status).toBe(200);
  const mail = await latestMail(ts, email);
  const tokenHash = new URL(mail.confirmation_url).searchParams.get("token_hash") as string;
  const otp = /enter this code: (\d{6})/.exec(mail.text)?.[1] as string;
  return { email, mail, tokenHash, otp, userId: String(res.body.id) };
}

describe("POST /verify (the app's /auth/confirm route)", () => {
  it("exchanges token_hash for a session once; the user is confirmed", async () => {
    const { email, tokenHash } = await signUpAndMail();
    const client = ts.client();
    const { data, error } = await client.auth.verifyOtp({ type: "email", token_hash: tokenHash });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata.email_verified).toBe(true);
    expect(decodePayload(data.session!.access_token).amr).toEqual([
      { method: "otp", timestamp: Math.floor(ts.clock.ms / 1000) },
    ]);
    const again = await ts.client().auth.verifyOtp({ type: "email", token_hash: tokenHash });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe("otp_expired");
    expect(again.error?.message).toBe("Email link is invalid or has expired");
    expect(
      (await ts.client().auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });

  it("accepts type signup and the 6-digit code with the address", async () => {
    const signup = await signUpAndMail();
    const viaSignup = await ts.raw("/verify", {
      body: { type: "signup", token_hash: signup.tokenHash },
    });
    expect(viaSignup.status).toBe(200);

    const code = await signUpAndMail();
    const viaCode = await ts
      .client()
      .auth.verifyOtp({ type: "email", email: code.email, token: code.otp });
    expect(viaCode.error).toBeNull();
    expect(viaCode.data.user?.id).toBe(code.userId);
    const wrongCode = await ts.raw("/verify", {
      body: { type: "email", email: code.email, token: "000000" },
    });
    expect(wrongCode.body).toEqual({
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
  });

  it("expires links after GOTRUE_MAILER_OTP_EXP", async () => {
    const { tokenHash } = await signUpAndMail();
    ts.clock.advance(3601);
    const res = await ts.raw("/verify", { body: { type: "email", token_hash: tokenHash } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("otp_expired");
  });

  it("validates the request like GoTrue", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ token_hash: "x" }, "Verify requires a verification type"],
      [{ type: "email" }, "Verify requires either a token or a token hash"],
      [
        { type: "email", token: "1", token_hash: "x" },
        "Verify requires either a token or a token hash",
      ],
      [
        { type: "email", token_hash: "x", email: "a@example.com" },
        "Only the token_hash and type should be provided",
      ],
      [
        { type: "email", token_hash: "x", redirect_to: "http://localhost:3000" },
        "Only the token_hash and type should be provided",
      ],
      [{ type: "bogus", token_hash: "x" }, "Invalid email verification type"],
    ];
    for (const [body, message] of cases) {
      const res = await ts.raw("/verify", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: "validation_failed", message });
    }
  });
});

describe("GET /verify (GoTrue's own mail link)", () => {
  it("implicit token: 303 to redirect_to with tokens in the fragment (no API key needed)", async () => {
    const { mail, userId } = await signUpAndMail({ redirect: "http://localhost:3000/welcome" });
    // A mail client opens the link as-is: no apikey header.
    const res = await fetch(mail.verify_url, { redirect: "manual" });
    expect(res.status).toBe(303);
    const location = new URL(String(res.headers.get("location")));
    expect(location.origin + location.pathname).toBe("http://localhost:3000/welcome");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("signup");
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("expires_in")).toBe("3600");
    expect(fragment.get("refresh_token")).toMatch(/^[a-z0-9]{12}$/);
    expect(fragment.has("sb")).toBe(true);
    const user = await ts.raw("/user", { bearer: String(fragment.get("access_token")) });
    expect(user.body.id).toBe(userId);
    expect(user.body.email_confirmed_at).toEqual(expect.any(String));

    const reused = await fetch(mail.verify_url, { redirect: "manual" });
    expect(reused.status).toBe(303);
    const error = new URL(String(reused.headers.get("location")));
    expect(error.search).toBe("");
    expect(Object.fromEntries(new URLSearchParams(error.hash.slice(1)))).toEqual({
      error: "access_denied",
      error_code: "otp_expired",
      error_description: "Email link is invalid or has expired",
      sb: "",
    });
  });

  it("sends a disallowed redirect_to to SITE_URL and reports a bad type as a redirect", async () => {
    const { tokenHash } = await signUpAndMail();
    const res = await ts.raw(
      `/verify?token=${tokenHash}&type=phone_change&redirect_to=${encodeURIComponent("https://evil.example.net/")}`,
      { apikey: null },
    );
    expect(res.status).toBe(303);
    const location = new URL(String(res.headers.get("location")));
    expect(location.origin).toBe("http://localhost:3000");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("error")).toBe("invalid_request");
    expect(fragment.get("error_code")).toBe("validation_failed");
  });

  it("a missing token or type is a plain 400 JSON error", async () => {
    const noToken = await ts.raw("/verify?type=signup", { apikey: null });
    expect(noToken.status).toBe(400);
    expect(noToken.body).toEqual({
      code: "validation_failed",
      message: "Verify requires a token or a token hash",
    });
    const noType = await ts.raw("/verify?token=abc", { apikey: null });
    expect(noType.body.message).toBe("Verify requires a verification type");
  });
});

describe("PKCE sign-up → GET /verify → ?code= → exchangeCodeForSession", () => {
  it("runs end to end with supabase-js in PKCE mode", async () => {
    const email = uniqueEmail();
    const client = ts.client({ flowType: "pkce" });
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "http://localhost:3000/auth/callback" },
    });
    expect(signUp.error).toBeNull();
    const mail = await latestMail(ts, email);
    expect(new URL(mail.verify_url).searchParams.get("token")).toMatch(/^pkce_/);

    const click = await fetch(mail.verify_url, { redirect: "manual" });
    expect(click.status).toBe(303);
    const location = new URL(String(click.headers.get("location")));
    expect(location.origin + location.pathname).toBe("http://localhost:3000/auth/callback");
    const code = location.searchParams.get("code");
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.hash).toBe("");

    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(decodePayload(data.session!.access_token).amr).toEqual([
      { method: "email/signup", timestamp: expect.any(Number) },
    ]);

    const replay = await ts.raw("/token?grant_type=pkce", {
      body: { auth_code: code, code_verifier: "x".repeat(43) },
    });
    expect(replay.status).toBe(404);
    expect(replay.body).toEqual({
      code: "flow_state_not_found",
      message: "invalid flow state, no valid flow state found",
    });
  });

  it("checks the verifier, the 300 s flow expiry and the parameters", async () => {
    const verifier = "v".repeat(50);
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const codeFor = async () => {
      const { mail } = await signUpAndMail({ pkce: { challenge } });
      const click = await fetch(mail.verify_url, { redirect: "manual" });
      return new URL(String(click.headers.get("location"))).searchParams.get("code") as string;
    };
    const exchange = (body: Record<string, unknown>) => ts.raw("/token?grant_type=pkce", { body });

    const code = await codeFor();
    const wrong = await exchange({ auth_code: code, code_verifier: "w".repeat(50) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: "bad_code_verifier",
      message: "code challenge does not match previously saved code verifier",
    });
    expect((await exchange({ auth_code: code, code_verifier: verifier })).status).toBe(200);

    const late = await codeFor();
    ts.clock.advance(301);
    const expired = await exchange({ auth_code: late, code_verifier: verifier });
    expect(expired.status).toBe(422);
    expect(expired.body).toEqual({
      code: "flow_state_expired",
      message: "invalid flow state, flow state has expired",
    });

    const empty = await exchange({ auth_code: "", code_verifier: verifier });
    expect(empty.body).toEqual({
      code: "validation_failed",
      message: "invalid request: both auth code and code verifier should be non-empty",
    });
  });

  it("puts PKCE error details in the query string as well as the fragment", async () => {
    const { mail } = await signUpAndMail({ pkce: { challenge: "c".repeat(43) } });
    await fetch(mail.verify_url, { redirect: "manual" });
    const again = await fetch(mail.verify_url, { redirect: "manual" });
    const location = new URL(String(again.headers.get("location")));
    expect(location.searchParams.get("error_code")).toBe("otp_expired");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(new URLSearchParams(location.hash.slice(1)).get("error_code")).toBe("otp_expired");
  });
});
