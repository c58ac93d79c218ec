// GET /user and POST /logout: GoTrue's auth middleware errors, session checks and sign-out scopes.
import { AuthSessionMissingError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

async function newUserSession() {
  const email = uniqueEmail();
  const id = await createConfirmedUser(ts, email);
  return { email, id, session: await signIn(ts, email) };
}

const badJwt = (reason: string) => ({
  code: "bad_jwt",
  message: `invalid JWT: unable to parse or verify signature, ${reason}`,
});

describe("GET /user", () => {
  it("returns the bare user for a live session (the Authorization API key is not needed)", async () => {
    const { id, email, session } = await newUserSession();
    const res = await ts.raw("/user", { bearer: session.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      email,
      aud: "authenticated",
      phone: "",
      is_anonymous: false,
    });
    const client = ts.client();
    const { data, error } = await client.auth.getUser(session.access_token);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
  });

  it("401 no_authorization without a bearer token", async () => {
    const res = await ts.raw("/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: "no_authorization",
      message: "This endpoint requires a valid Bearer token",
    });
  });

  it("403 bad_jwt for malformed, tampered and expired tokens", async () => {
    const { session } = await newUserSession();
    const malformed = await ts.raw("/user", { bearer: "abc.def" });
    expect(malformed.status).toBe(403);
    expect(malformed.body).toEqual(
      badJwt("token is malformed: token contains an invalid number of segments"),
    );

    const [h, p, s] = session.access_token.split(".");
    const tampered = `${h}.${p}.${s?.startsWith("A") ? "B" : "A"}${s?.slice(1)}`;
    const bad = await ts.raw("/user", { bearer: tampered });
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe("bad_jwt");

    ts.clock.advance(3601);
    const expired = await ts.raw("/user", { bearer: session.access_token });
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual(badJwt("token has invalid claims: token is expired"));
  });

  it("403 bad_jwt for the anon key used as a bearer: an API key is never a session", async () => {
    const res = await ts.raw("/user", { bearer: ts.server.anonKey });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(
      badJwt("token is unverifiable: error while executing keyfunc: missing kid"),
    );
  });

  it("403 user_not_found once the user is deleted", async () => {
    const { id, session } = await newUserSession();
    await ts.admin().auth.admin.deleteUser(id);
    const res = await ts.raw("/user", { bearer: session.access_token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: "user_not_found",
      message: "User from sub claim in JWT does not exist",
    });
    const logout = await ts.raw("/logout", { method: "POST", bearer: session.access_token });
    expect(logout.body.code).toBe("user_not_found");
  });
});

describe("POST /logout", () => {
  const user = (token: string) => ts.raw("/user", { bearer: token });

  it("local: ends only this session; then /user says session_not_found (AuthSessionMissingError)", async () => {
    const { email } = await newUserSession();
    const a = await signIn(ts, email);
    const b = await signIn(ts, email);
    const res = await ts.raw("/logout?scope=local", { method: "POST", bearer: a.access_token });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const gone = await user(a.access_token);
    expect(gone.status).toBe(403);
    expect(gone.body).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
    expect((await user(b.access_token)).status).toBe(200);
    const { error } = await ts.client().auth.getUser(a.access_token);
    expect(error).toBeInstanceOf(AuthSessionMissingError);
    // A second sign-out with the dead session is session_not_found too.
    const again = await ts.raw("/logout?scope=local", { method: "POST", bearer: a.access_token });
    expect(again.body.code).toBe("session_not_found");
  });

  it("others: keeps this session, ends every other", async () => {
    const { email } = await newUserSession();
    const [a, b, c] = [await signIn(ts, email), await signIn(ts, email), await signIn(ts, email)];
    expect(
      (await ts.raw("/logout?scope=others", { method: "POST", bearer: a.access_token })).status,
    ).toBe(204);
    expect((await user(a.access_token)).status).toBe(200);
    expect((await user(b.access_token)).body.code).toBe("session_not_found");
    expect((await user(c.access_token)).body.code).toBe("session_not_found");
    const refresh = await ts.raw("/token?grant_type=refresh_token", {
      body: { refresh_token: b.refresh_token },
    });
    expect(refresh.body.code).toBe("refresh_token_not_found");
  });

  it("global (the supabase-js default): ends every session and clears the client", async () => {
    const { email } = await newUserSession();
    const other = await signIn(ts, email);
    const client = ts.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect((await user(other.access_token)).body.code).toBe("session_not_found");
  });

  it("rejects an unknown scope and a missing bearer", async () => {
    const { session } = await newUserSession();
    const scope = await ts.raw("/logout?scope=everyone", {
      method: "POST",
      bearer: session.access_token,
    });
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual({
      code: "validation_failed",
      message: 'Unsupported logout scope "everyone"',
    });
    const none = await ts.raw("/logout", { method: "POST" });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("no_authorization");
    expect((await user(session.access_token)).status).toBe(200);
  });
});
