// The review's low findings on the auth server: what sign-up and sign-in reveal, what the mail log
// shows, prototype names as grant types, deep metadata, and allow-list globs on parsed URLs.
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

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("what sign-up and sign-in reveal", () => {
  it("a sign-up of a confirmed address answers like a new one: 200, a fake id, no session", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(ts, email);
    // A history a careless answer would show: a sign-in, a recovery mail, a ban.
    await signIn(ts, email);
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(200);
    await ts.admin().auth.admin.updateUserById(id, { ban_duration: "24h" });
    const data = { plan: "pro" };
    const password = "another-password-7";
    const repeated = await ts.raw("/signup", { body: { email, password, data } });
    const fresh = await ts.raw("/signup", { body: { email: uniqueEmail(), password, data } });

    expect(repeated.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(repeated.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(repeated.body.id).not.toBe(id);
    expect(repeated.body.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(repeated.body.email).toBe(email);
    for (const field of [
      "aud",
      "phone",
      "app_metadata",
      "is_anonymous",
      "confirmation_sent_at",
      "created_at",
      "updated_at",
    ]) {
      expect(repeated.body[field], field).toEqual(fresh.body[field]);
    }
    // What GoTrue's own sanitised user gives away, as GoTrue does: no role, no identities, and
    // only the request's metadata.
    expect(repeated.body.role).toBe("");
    expect(repeated.body.identities).toEqual([]);
    expect(repeated.body.user_metadata).toEqual(data);
  });

  it("a banned account with a wrong password answers exactly like an unknown account", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(ts, email);
    await ts.admin().auth.admin.updateUserById(id, { ban_duration: "24h" });
    const banned = await ts.raw("/token?grant_type=password", {
      body: { email, password: "wrong-password-1" },
    });
    const unknown = await ts.raw("/token?grant_type=password", {
      body: { email: uniqueEmail(), password: "wrong-password-1" },
    });
    expect(banned.status).toBe(unknown.status);
    expect(banned.body).toEqual(unknown.body);
    expect(banned.body.code).toBe("invalid_credentials");
  });

  it("a banned account with its correct password answers like a wrong one, so a ban never confirms a guessed password", async () => {
    const signInAs = (email: string, password: string) =>
      ts.raw("/token?grant_type=password", { body: { email, password }, version: false });
    const confirmed = uniqueEmail();
    const unconfirmed = uniqueEmail();
    const bans = [
      await createConfirmedUser(ts, confirmed),
      (await ts.admin().auth.admin.createUser({ email: unconfirmed, password: PASSWORD })).data
        .user!.id,
    ];
    for (const id of bans) await ts.admin().auth.admin.updateUserById(id, { ban_duration: "24h" });
    const wrong = await signInAs(confirmed, "wrong-password-1");
    for (const email of [confirmed, unconfirmed]) {
      const right = await signInAs(email, PASSWORD);
      expect(right.status).toBe(wrong.status);
      expect(right.body).toEqual(wrong.body);
      expect(right.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    }
    expect(wrong.body).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });
});

describe("mail_sent log lines", () => {
  it("carry no live link and no full address in production", async () => {
    const prod = await startTestServer({ NODE_ENV: "production" });
    try {
      const email = uniqueEmail("private");
      await prod.raw("/signup", { body: { email, password: PASSWORD } });
      const link = new URL((await latestMail(prod, email)).confirmation_url).searchParams.get(
        "token_hash",
      ) as string;
      const line = prod.logs.find((record) => record.event === "mail_sent");
      expect(line).toBeDefined();
      expect(JSON.stringify(prod.logs)).not.toContain(link);
      expect(JSON.stringify(prod.logs)).not.toContain(email);
      expect(line?.to).toBe(`p***@${email.split("@")[1]}`);
    } finally {
      await prod.close();
    }
  });

  it("keep both on a developer's loopback setup", async () => {
    const email = uniqueEmail();
    await ts.raw("/signup", { body: { email, password: PASSWORD } });
    const line = ts.logs.filter((record) => record.event === "mail_sent").at(-1);
    expect(line?.to).toBe(email);
    expect(line?.link).toBe((await latestMail(ts, email)).confirmation_url);
  });
});

describe("hostile values", () => {
  it("prototype names as grant_type are an unsupported grant, never a dropped socket or 500", async () => {
    for (const grant of ["constructor", "__proto__", "valueOf", "toString", "hasOwnProperty"]) {
      const res = await ts.raw(`/token?grant_type=${grant}`, { body: {} });
      expect(res.status, grant).toBe(400);
      expect(res.body, grant).toEqual({
        code: "invalid_credentials",
        message: "unsupported_grant_type",
      });
    }
  });

  it("deeply nested or huge metadata is 400, not 500", async () => {
    const signUpWith = (depth: number) =>
      ts.raw("/signup", {
        body: `{"email":"${uniqueEmail()}","password":"${PASSWORD}","data":${'{"d":'.repeat(depth)}1${"}".repeat(depth)}}`,
      });
    const nested = await signUpWith(100);
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe("validation_failed");
    for (const depth of [10_000, 150_000]) {
      expect((await signUpWith(depth)).status, String(depth)).toBe(400);
    }
    const huge = await ts.raw("/signup", {
      body: { email: uniqueEmail(), password: PASSWORD, data: { blob: "x".repeat(100_000) } },
    });
    expect(huge.status).toBe(400);
    const fine = await ts.raw("/signup", {
      body: { email: uniqueEmail(), password: PASSWORD, data: { a: { b: { c: 1 } } } },
    });
    expect(fine.status).toBe(200);
  });

  it("__proto__ in admin metadata is stored as data, not as the object's prototype", async () => {
    const id = await createConfirmedUser(ts, uniqueEmail());
    const res = await ts.raw(`/admin/users/${id}`, {
      method: "PUT",
      apikey: ts.server.serviceRoleKey,
      bearer: ts.server.serviceRoleKey,
      body: '{"user_metadata":{"__proto__":{"polluted":true},"plain":1}}',
    });
    expect(res.status).toBe(200);
    const metadata = res.body.user_metadata as Record<string, unknown>;
    expect(Object.hasOwn(metadata, "__proto__")).toBe(true);
    expect(metadata.plain).toBe(1);
  });
});

describe("GOTRUE_URI_ALLOW_LIST", () => {
  it("matches parsed URLs: scheme, host and port exact, so `https://example.com*` cannot reach another host", async () => {
    const server = await startTestServer({
      GOTRUE_SITE_URL: "http://localhost:3000",
      GOTRUE_URI_ALLOW_LIST: "https://example.com*,https://*.example.org/**,http://127.0.0.2:*/cb",
    });
    try {
      const redirectFor = async (target: string) => {
        const email = uniqueEmail();
        await server.raw(`/signup?redirect_to=${encodeURIComponent(target)}`, {
          body: { email, password: PASSWORD },
        });
        return new URL((await latestMail(server, email)).verify_url).searchParams.get(
          "redirect_to",
        );
      };
      for (const allowed of [
        "https://example.com",
        "https://app.example.org/deep/path?q=1",
        "http://127.0.0.2:8080/cb",
      ]) {
        expect(await redirectFor(allowed), allowed).toBe(allowed);
      }
      for (const refused of [
        "https://example.com@3627734734",
        "https://example.com@evil.example/",
        "https://example.com.evil.example/",
        "https://example.com:8443/",
        "https://user:pass@app.example.org/x",
        "http://127.0.0.2:8080/other",
      ]) {
        expect(await redirectFor(refused), refused).toBe("http://localhost:3000");
      }
    } finally {
      await server.close();
    }
  });
});
