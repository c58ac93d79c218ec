// The embedded auth server as the app starts it: keyed on the app's X-Client-IP header (one
// visitor's flood locks out nobody else), and the generated anon key handed over on a public site.
import { createServer } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ANON_KEY } from "@portal/auth-server";
import { PASSWORD, requestFrom, uniqueEmail } from "@portal/auth-server/tests/helpers";
import { parseEnv } from "~/lib/env.server";
import { startEmbeddedAuth } from "../../server/embedded-auth";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("the embedded server behind the app", () => {
  it("keys /token and /verify on the app's X-Client-IP: one visitor's flood locks out nobody else", async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: "http://127.0.0.1:3000",
      AUTH_DATA_DIR: mkdtempSync(join(tmpdir(), "auth-embedded-")),
      EMBEDDED_AUTH_PORT: String(await freePort()),
    });
    const auth = await startEmbeddedAuth(env, {
      AUTH_BCRYPT_COST: "4",
      GOTRUE_MAILER_AUTOCONFIRM: "true",
    });
    try {
      expect(auth.anonKey).toBe(DEMO_ANON_KEY);
      const call = (path: string, visitor: string, body: unknown) =>
        requestFrom(`${auth.url}/auth/v1${path}`, {
          body,
          headers: { apikey: auth.anonKey, "X-Client-IP": visitor },
        });
      const email = uniqueEmail();
      expect((await call("/signup", "198.51.100.1", { email, password: PASSWORD })).status).toBe(
        200,
      );
      const statuses: number[] = [];
      for (let i = 0; i < 45; i++) {
        statuses.push(
          (await call("/token?grant_type=refresh_token", "203.0.113.66", { refresh_token: "x" }))
            .status,
        );
        statuses.push(
          (await call("/verify", "203.0.113.66", { type: "email", token_hash: "guess" })).status,
        );
      }
      expect(statuses).toContain(429);
      const signIn = await call("/token?grant_type=password", "198.51.100.1", {
        email,
        password: PASSWORD,
      });
      expect(signIn.status).toBe(200);
      const verify = await call("/verify", "198.51.100.1", { type: "email", token_hash: "x" });
      expect(verify.status).toBe(403);
    } finally {
      await auth.close();
    }
  });
});

describe("the embedded server on a public site", () => {
  it("hands the generated anon key (not the demo one) to the app", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "auth-embedded-"));
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: "https://portal.example.com",
      AUTH_DATA_DIR: dataDir,
      EMBEDDED_AUTH_PORT: String(await freePort()),
    });
    const auth = await startEmbeddedAuth(env, {});
    try {
      const keys = JSON.parse(readFileSync(join(dataDir, "api-keys.json"), "utf8")) as {
        anon_key: string;
      };
      expect(auth.anonKey).toBe(keys.anon_key);
      expect(auth.anonKey).not.toBe(DEMO_ANON_KEY);
    } finally {
      await auth.close();
    }
  });
});
