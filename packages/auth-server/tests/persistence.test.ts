// SQLite on disk: users, sessions and the signing key survive a restart; one server per folder;
// files written by the earlier sql.js storage open unchanged, gain the columns added since, and
// their scrypt hashes still sign in.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { writeLegacyDatabase } from "./fixtures/legacy-database";
import { latestMail, PASSWORD, signIn, startTestServer, uniqueEmail } from "./helpers";

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

  it("refuses a second server on the same folder while the first runs, then hands it over", async () => {
    const dataDir = join(dir, "lock");
    const first = await startTestServer({}, { dataDir });
    let refusal: unknown;
    try {
      await startTestServer({}, { dataDir }).then((second) => second.close());
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toContain(
      `Another auth server process is already using the data folder ${dataDir}`,
    );
    await first.close();
    const next = await startTestServer({}, { dataDir });
    await next.close();
  });
});

describe("a database written by the sql.js version", () => {
  it("opens unchanged, signs its scrypt user in and upgrades the hash to bcrypt", async () => {
    const dataDir = join(dir, "legacy");
    const email = uniqueEmail("legacy");
    const createdAt = Date.UTC(2025, 0, 2, 3, 4, 5);
    const id = await writeLegacyDatabase(dataDir, { email, password: PASSWORD, createdAt });

    const ts = await startTestServer({}, { dataDir });
    try {
      const wrong = await ts.client().auth.signInWithPassword({ email, password: "not-it-1234" });
      expect(wrong.error?.code).toBe("invalid_credentials");
      const { data, error } = await ts
        .client()
        .auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.user?.id).toBe(id);
      expect(data.user?.created_at).toBe(new Date(createdAt).toISOString());
    } finally {
      await ts.close();
    }

    const db = new Database(join(dataDir, "auth.sqlite"), { readonly: true });
    try {
      const row = db.prepare("SELECT encrypted_password FROM users WHERE id = ?").all(id)[0] as {
        encrypted_password: string;
      };
      expect(row.encrypted_password).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/);
    } finally {
      db.close();
    }

    // The upgraded hash keeps working.
    const again = await startTestServer({}, { dataDir });
    try {
      const signedIn = await again.client().auth.signInWithPassword({ email, password: PASSWORD });
      expect(signedIn.data.user?.id).toBe(id);
    } finally {
      await again.close();
    }
  });

  it("gains the e-mail change columns, and a change made on it survives a restart", async () => {
    const dataDir = join(dir, "legacy-email-change");
    const email = uniqueEmail("legacy");
    const id = await writeLegacyDatabase(dataDir, { email, password: PASSWORD, createdAt: 0 });
    const columns = () => {
      const db = new Database(join(dataDir, "auth.sqlite"), { readonly: true });
      try {
        return (db.prepare("PRAGMA table_info(users)").all() as { name: string }[]).map(
          (column) => column.name,
        );
      } finally {
        db.close();
      }
    };
    expect(columns()).not.toContain("email_change");

    const newEmail = uniqueEmail("moved");
    const ts = await startTestServer({}, { dataDir });
    try {
      const session = await signIn(ts, email);
      const asked = await ts.raw("/user", {
        method: "PUT",
        bearer: session.access_token,
        body: { email: newEmail },
      });
      expect(asked.status).toBe(200);
      expect(asked.body.new_email).toBe(newEmail);
    } finally {
      await ts.close();
    }
    expect(columns()).toEqual(expect.arrayContaining(["email_change", "email_change_sent_at"]));

    const again = await startTestServer({}, { dataDir });
    try {
      // Secure e-mail change: the current address's link, then the new one's, complete it.
      const tokenHashTo = async (to: string) =>
        new URL((await latestMail(again, to)).confirmation_url).searchParams.get(
          "token_hash",
        ) as string;
      const verify = async (to: string) =>
        again.client().auth.verifyOtp({ type: "email_change", token_hash: await tokenHashTo(to) });
      expect((await verify(email)).data.session).toBeNull();
      const { data, error } = await verify(newEmail);
      expect(error).toBeNull();
      expect(data.user?.id).toBe(id);
      expect(data.user?.email).toBe(newEmail);
    } finally {
      await again.close();
    }
  });
});
