// POST /token: password grant errors and order, weak_password on sign-in, refresh rotation and reuse window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  decodeHeader,
  decodePayload,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({}, { jwtIssuer: "http://127.0.0.1:54321/auth/v1" });
});
afterAll(() => ts.close());

describe("grant_type=password", () => {
  it("returns a full session whose access token carries GoTrue's claims", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(ts, email, PASSWORD, { user_metadata: { name: "Bo" } });
    const { data, error } = await ts
      .client()
      .auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(session.expires_at).toBe(Math.floor(ts.clock.ms / 1000) + 3600);
    expect(data.user?.last_sign_in_at).toEqual(expect.any(String));

    const header = decodeHeader(session.access_token);
    expect(header).toMatchObject({ alg: "ES256", typ: "JWT", kid: expect.any(String) });
    const claims = decodePayload(session.access_token);
    const iat = Math.floor(ts.clock.ms / 1000);
    expect(claims).toEqual({
      iss: "http://127.0.0.1:54321/auth/v1",
      sub: id,
      aud: "authenticated",
      exp: iat + 3600,
      iat,
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { name: "Bo", email_verified: true },
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: iat }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });
  });

  it("gives the same invalid_credentials for an unknown address and a wrong password", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const unknown = await ts.raw("/token?grant_type=password", {
      body: { email: uniqueEmail(), password: PASSWORD },
    });
    const wrong = await ts.raw("/token?grant_type=password", {
      body: { email, password: "wrong-password" },
    });
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: "invalid_credentials",
        message: "Invalid login credentials",
      });
    }
  });

  it("reports email_not_confirmed only once the password matched", async () => {
    const email = uniqueEmail();
    await ts.client().auth.signUp({ email, password: PASSWORD });
    const wrong = await ts.client().auth.signInWithPassword({ email, password: "wrong-password" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    const right = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(right.error?.status).toBe(400);
    expect(right.error?.code).toBe("email_not_confirmed");
    expect(right.error?.message).toBe("Email not confirmed");
  });

  it("signs in with a password that fails the current policy but flags weak_password", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email, "short1");
    const { data, error } = await ts
      .client()
      .auth.signInWithPassword({ email, password: "short1" });
    expect(error).toBeNull();
    expect(data.weakPassword).toEqual({
      message: "Password should be at least 8 characters.",
      reasons: ["length"],
    });
  });

  it("validates the body and the grant type", async () => {
    const missing = await ts.raw("/token?grant_type=password", { body: { password: PASSWORD } });
    expect(missing.body).toEqual({ code: "validation_failed", message: "missing email or phone" });
    const both = await ts.raw("/token?grant_type=password", {
      body: { email: uniqueEmail(), phone: "+15555550100", password: PASSWORD },
    });
    expect(both.body.message).toBe(
      "Only an email address or phone number should be provided on login.",
    );
    const grant = await ts.raw("/token?grant_type=magic", { body: {} });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual({ code: "invalid_credentials", message: "unsupported_grant_type" });
    const badJson = await ts.raw("/token?grant_type=password", { body: "[1," });
    expect(badJson.body.code).toBe("bad_json");
  });
});

describe("grant_type=refresh_token", () => {
  async function freshSession() {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    return signIn(ts, email);
  }
  const refresh = (token: unknown) =>
    ts.raw("/token?grant_type=refresh_token", { body: { refresh_token: token } });

  it("rotates the token and keeps session_id and amr", async () => {
    const first = await freshSession();
    ts.clock.advance(60);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).not.toBe(first.refresh_token);
    const before = decodePayload(first.access_token);
    const after = decodePayload(String(res.body.access_token));
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
    expect(after.iat).toBe(Number(before.iat) + 60);
  });

  it("returns the active token to the parent of the active token", async () => {
    const first = await freshSession();
    const child = await refresh(first.refresh_token);
    ts.clock.advance(3600); // far outside the reuse window
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(child.body.refresh_token);
  });

  it("accepts other revoked tokens within the 10 s window with a new child", async () => {
    const first = await freshSession();
    const child = await refresh(first.refresh_token); // first revoked at t0
    const grandchild = await refresh(child.body.refresh_token); // child revoked at t0; active = grandchild
    ts.clock.advance(9);
    const reuse = await refresh(child.body.refresh_token); // child is the active token's parent
    expect(reuse.body.refresh_token).toBe(grandchild.body.refresh_token);
    const reuseFirst = await refresh(first.refresh_token); // not the active's parent, inside the window
    expect(reuseFirst.status).toBe(200);
    expect([child.body.refresh_token, grandchild.body.refresh_token]).not.toContain(
      reuseFirst.body.refresh_token,
    );
    expect(decodePayload(String(reuseFirst.body.access_token)).session_id).toBe(
      decodePayload(first.access_token).session_id,
    );
  });

  it("rejects reuse outside the window with refresh_token_already_used and revokes the session", async () => {
    const first = await freshSession();
    const child = await refresh(first.refresh_token);
    await refresh(child.body.refresh_token);
    ts.clock.advance(11);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({
      code: "refresh_token_already_used",
      message: "Invalid Refresh Token: Already Used",
    });
    // The whole session is gone: its access token no longer passes /user.
    const user = await ts.raw("/user", { bearer: first.access_token });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe("session_not_found");
    const sibling = await refresh(child.body.refresh_token);
    expect(sibling.body.code).toBe("refresh_token_not_found");
  });

  it("honours GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", async () => {
    const strict = await startTestServer({ GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: "0" });
    try {
      const email = uniqueEmail();
      await createConfirmedUser(strict, email);
      const first = await signIn(strict, email);
      const body = (token: string) => ({ body: { refresh_token: token } });
      const child = await strict.raw("/token?grant_type=refresh_token", body(first.refresh_token));
      await strict.raw("/token?grant_type=refresh_token", body(String(child.body.refresh_token)));
      strict.clock.advance(1);
      const reuse = await strict.raw("/token?grant_type=refresh_token", body(first.refresh_token));
      expect(reuse.body.code).toBe("refresh_token_already_used");
    } finally {
      await strict.close();
    }
  });

  it("answers malformed, unknown and missing tokens like GoTrue", async () => {
    const missing = await ts.raw("/token?grant_type=refresh_token", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: "invalid_request",
      error_description: "refresh_token required",
    });
    const malformed = await refresh("not-a-token");
    expect(malformed.body).toEqual({
      code: "validation_failed",
      message: "Refresh token is not valid",
    });
    const unknown = await refresh("abcdefghijkl");
    expect(unknown.body).toEqual({
      code: "refresh_token_not_found",
      message: "Invalid Refresh Token: Refresh Token Not Found",
    });
  });

  it("works through supabase-js refreshSession", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const client = ts.client();
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);
  });
});
