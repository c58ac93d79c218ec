// SQLite on disk: users, sessions and the signing key survive a restart; saves are atomic.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PASSWORD, startTestServer, uniqueEmail } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "auth-contract-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("restart on the same data dir", () => {
  it("keeps users, sessions and the key", async () => {
    const dataDir = join(dir, "data");
    const email = uniqueEmail();
    const first = await startTestServer(
      { GOTRUE_MAILER_AUTOCONFIRM: "true", AUTH_DATA_DIR: dataDir },
      { dataDir },
    );
    const { data } = await first.client().auth.signUp({ email, password: PASSWORD });
    const session = data.session!;
    const jwksBefore = await first.raw("/.well-known/jwks.json");
    await first.close();

    expect(existsSync(join(dataDir, "auth.sqlite"))).toBe(true);
    expect(statSync(join(dataDir, "auth.sqlite")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, "signing-keys.json")).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    const second = await startTestServer({ AUTH_DATA_DIR: dataDir }, { dataDir });
    try {
      expect((await second.raw("/.well-known/jwks.json")).body).toEqual(jwksBefore.body);
      const signedIn = await second.client().auth.signInWithPassword({ email, password: PASSWORD });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.user?.id).toBe(data.user?.id);
      // The pre-restart session is still valid: its token passes /user and its refresh token rotates.
      expect((await second.raw("/user", { bearer: session.access_token })).status).toBe(200);
      const refreshed = await second.raw("/token?grant_type=refresh_token", {
        body: { refresh_token: session.refresh_token },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("saves within about 100 ms of a change, before close", async () => {
    const dataDir = join(dir, "debounce");
    const ts = await startTestServer({ GOTRUE_MAILER_AUTOCONFIRM: "true" }, { dataDir });
    try {
      const file = join(dataDir, "auth.sqlite");
      const before = existsSync(file) ? statSync(file).mtimeMs : 0;
      await ts.client().auth.signUp({ email: uniqueEmail(), password: PASSWORD });
      await vi.waitFor(
        () => expect(existsSync(file) && statSync(file).mtimeMs > before).toBe(true),
        {
          timeout: 2000,
          interval: 20,
        },
      );
    } finally {
      await ts.close();
    }
  });
});
