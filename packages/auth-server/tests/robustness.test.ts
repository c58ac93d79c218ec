// Client mistakes never produce a 5xx (5xx tells auth-js to keep retrying and keep a dead session).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
let userId = "";
beforeAll(async () => {
  ts = await startTestServer();
  userId = await createConfirmedUser(ts, uniqueEmail());
});
afterAll(() => ts.close());

/** Not a JSON object: every JSON endpoint must say 400 bad_json. */
const NOT_OBJECTS = ["", "null", "[]", '"text"', "42", "{"];

/** Objects with wrong types or absurd values: some may even be acceptable somewhere, none may 5xx. */
const JUNK_OBJECTS: unknown[] = [
  { email: ["a@example.com"], password: { nested: true } },
  { email: "a@example.com", password: 12345678 },
  { email: "a@example.com", password: "p".repeat(5000), data: "not-an-object" },
  { type: 7, token_hash: false },
  { refresh_token: 123456789012 },
  { auth_code: {}, code_verifier: [] },
  {
    code_challenge: 12,
    code_challenge_method: true,
    email: "b@example.com",
    password: "longenough1",
  },
  { user_metadata: [], app_metadata: "x", ban_duration: 5, email_confirm: "yes" },
  { type: "signup", email: "\u0000@example.com", password: "longenough1" },
  { email: `${"a".repeat(300)}@example.com`, password: "longenough1" },
];

// (/logout never reads its body, like GoTrue's.)
const ENDPOINTS: { method: string; path: string; admin?: boolean }[] = [
  { method: "POST", path: "/signup" },
  { method: "POST", path: "/token?grant_type=password" },
  { method: "POST", path: "/token?grant_type=refresh_token" },
  { method: "POST", path: "/token?grant_type=pkce" },
  { method: "POST", path: "/verify" },
  { method: "POST", path: "/admin/users", admin: true },
  { method: "PUT", path: "/admin/users/ID", admin: true },
  { method: "POST", path: "/admin/generate_link", admin: true },
  { method: "POST", path: "/invite", admin: true },
  // Last: the first acceptable junk body really deletes the user.
  { method: "DELETE", path: "/admin/users/ID", admin: true },
];

describe("malformed input", () => {
  it("every endpoint answers a non-object body with 400 bad_json", async () => {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace("ID", userId);
      const bearer = endpoint.admin ? ts.server.serviceRoleKey : undefined;
      for (const body of NOT_OBJECTS) {
        if (endpoint.method === "DELETE" && body === "") continue; // an empty DELETE body is allowed
        const res = await ts.raw(path, { method: endpoint.method, body, bearer });
        expect([res.status, res.body.code], `${endpoint.method} ${path} ${body}`).toEqual([
          400,
          "bad_json",
        ]);
      }
    }
  });

  it("every endpoint answers wrongly typed fields without a 5xx", async () => {
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace("ID", userId);
      const bearer = endpoint.admin ? ts.server.serviceRoleKey : undefined;
      for (const body of JUNK_OBJECTS) {
        const res = await ts.raw(path, { method: endpoint.method, body, bearer });
        expect(res.status, `${endpoint.method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    expect(ts.logs.filter((l) => l.event === "unexpected_failure")).toEqual([]);
  });

  it("odd query strings and headers are 4xx or redirects, never 5xx", async () => {
    const paths = [
      "/verify?token=%E0%A4%A&type=signup",
      "/verify?token=x&type=signup&redirect_to=%%%",
      "/admin/users?page=99999999999999999999&per_page=1",
      "/admin/users?page=-1",
      "/admin/users?filter=%5C",
      "/admin/users?filter=%25%25%25_%5C%25",
      `/admin/users?filter=${"%25a".repeat(2000)}`,
      "/admin/users/%ZZ",
      "/token",
      "/logout?scope=",
    ];
    for (const path of paths) {
      const res = await ts.raw(path, {
        bearer: ts.server.serviceRoleKey,
        method: path === "/token" ? "POST" : "GET",
      });
      expect(res.status, path).toBeLessThan(500);
    }
    const weirdAuth = await ts.raw("/user", { headers: { Authorization: "Bearer a.b.c" } });
    expect(weirdAuth.status).toBe(403);
    // The user above was deleted by the junk DELETE calls: use a new one.
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const { access_token } = await signIn(ts, email);
    const junkLogout = await ts.raw("/logout?scope=local", {
      method: "POST",
      body: "{",
      bearer: access_token,
    });
    expect(junkLogout.status).toBe(204);
    const weirdVersion = await ts.raw("/user", {
      version: false,
      headers: { "X-Supabase-Api-Version": "9999-99-99" },
    });
    expect(weirdVersion.status).toBe(401);
    expect(ts.logs.filter((l) => l.event === "unexpected_failure")).toEqual([]);
  });
});
