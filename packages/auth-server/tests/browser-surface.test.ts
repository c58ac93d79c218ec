// What a web page in a visitor's browser can reach: CORS only for SITE_URL (never the outbox or the
// admin API), answers only for loopback or the configured Host, the outbox only on a developer setup.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFrom, startTestServer, type TestServer } from "./helpers";

const SITE = "http://localhost:3000";
const EVIL = "http://evil.example";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ GOTRUE_SITE_URL: SITE });
});
afterAll(() => ts.close());

describe("CORS", () => {
  it("allows only SITE_URL's origin, and never reflects another one", async () => {
    const fromSite = await ts.raw("/settings", { headers: { Origin: SITE } });
    expect(fromSite.headers.get("access-control-allow-origin")).toBe(SITE);
    const fromEvil = await ts.raw("/settings", { headers: { Origin: EVIL } });
    expect(fromEvil.status).toBe(200);
    expect(fromEvil.headers.get("access-control-allow-origin")).toBeNull();
    expect(fromEvil.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await fetch(`${ts.url}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: { Origin: EVIL, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
  });

  it("gives no CORS at all on the outbox and the admin API, even to SITE_URL", async () => {
    const key = ts.server.serviceRoleKey;
    for (const path of ["//outbox/messages", "//outbox", "/admin/users"]) {
      const res = await ts.raw(path, { apikey: key, bearer: key, headers: { Origin: SITE } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
    const preflight = await fetch(`${ts.url}/auth/v1/admin/users`, {
      method: "OPTIONS",
      headers: { Origin: SITE, "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("Host", () => {
  it("answers loopback names and API_EXTERNAL_URL's host; any other name gets 421 (DNS rebinding)", async () => {
    const external = await startTestServer({
      GOTRUE_SITE_URL: SITE,
      API_EXTERNAL_URL: "https://auth.portal.example/auth/v1",
    });
    try {
      const withHost = (server: TestServer, host: string) =>
        requestFrom(`${server.url}/auth/v1/health`, { headers: { Host: host } });
      for (const host of ["localhost:9999", "127.0.0.1", "[::1]:54321", "auth.portal.example"]) {
        expect((await withHost(external, host)).status, host).toBe(200);
      }
      for (const host of [
        "evil.example",
        "rebind.evil.example:54321",
        "auth.portal.example.evil",
      ]) {
        const res = await withHost(external, host);
        expect(res.status, host).toBe(421);
        expect(res.body).toEqual({
          code: 421,
          error_code: "misdirected_request",
          msg: expect.any(String),
        });
      }
      const outbox = await requestFrom(`${ts.url}/outbox/messages`, {
        headers: { Host: "evil.example" },
      });
      expect(outbox.status).toBe(421);
    } finally {
      await external.close();
    }
  });
});

describe("the outbox", () => {
  const outboxStatus = async (env: Record<string, string>) => {
    const server = await startTestServer(env);
    try {
      return (await server.raw("//outbox/messages", { apikey: null })).status;
    } finally {
      await server.close();
    }
  };

  it("is served only without SMTP on a loopback site, unless GOTRUE_OUTBOX_ENABLED says otherwise", async () => {
    expect(await outboxStatus({ GOTRUE_SITE_URL: "http://127.0.0.1:3000" })).toBe(200);
    expect(await outboxStatus({ GOTRUE_SITE_URL: "https://portal.example.com" })).toBe(404);
    expect(
      await outboxStatus({
        GOTRUE_SITE_URL: SITE,
        GOTRUE_SMTP_HOST: "smtp.example.com",
        GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@example.com",
      }),
    ).toBe(404);
    expect(
      await outboxStatus({
        GOTRUE_SITE_URL: "https://portal.example.com",
        GOTRUE_OUTBOX_ENABLED: "true",
      }),
    ).toBe(200);
    expect(await outboxStatus({ GOTRUE_SITE_URL: SITE, GOTRUE_OUTBOX_ENABLED: "false" })).toBe(404);
  });
});
