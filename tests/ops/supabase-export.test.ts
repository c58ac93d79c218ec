// `auth-server.js export`: users written as SQL load into a real PostgreSQL with Supabase Auth's
// tables and their passwords verify with pgcrypto's crypt(); pre-bcrypt users come out without one
// and listed; a pending e-mail change keeps its address and time (decision 017).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import { writeLegacyDatabase } from "@portal/auth-server/tests/fixtures/legacy-database";
import type { PostgresDatabase } from "../../scripts/postgres.mjs";
import { freshPostgres } from "../support/postgres";
import { buildDir, freePort, startAuthProcess } from "../support/processes";

const PASSWORD = "correct-horse-42";
const dir = mkdtempSync(join(tmpdir(), "portal-export-"));
let pg: PostgresDatabase;

beforeAll(() => {
  pg = freshPostgres();
  pg.psql([], readFileSync(join(import.meta.dirname, "fixtures/supabase-auth-schema.sql"), "utf8"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function admin(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}/auth/v1${path}`, {
    method: "POST",
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; created_at: string };
}

/** Asks, as the signed-in user, to move the account to `newEmail` (left pending: not confirmed). */
async function askEmailChange(url: string, email: string, newEmail: string) {
  const call = (path: string, method: string, body: unknown, bearer = DEMO_ANON_KEY) =>
    fetch(`${url}/auth/v1${path}`, {
      method,
      headers: {
        apikey: DEMO_ANON_KEY,
        Authorization: `Bearer ${bearer}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(body),
    });
  const signIn = await call("/token?grant_type=password", "POST", { email, password: PASSWORD });
  const { access_token } = (await signIn.json()) as { access_token: string };
  expect((await call("/user", "PUT", { email: newEmail }, access_token)).status).toBe(200);
}

describe("export to a Supabase project's database", () => {
  it("loads into PostgreSQL and the passwords verify against the exported hashes", async () => {
    const dataDir = join(dir, "data");
    const legacyCreatedAt = Date.UTC(2025, 5, 1, 12, 0, 0);
    await writeLegacyDatabase(dataDir, {
      email: "legacy@example.com",
      password: PASSWORD,
      createdAt: legacyCreatedAt,
    });
    const auth = await startAuthProcess(freePort(), { dataDir });
    let client: { id: string; created_at: string };
    try {
      client = await admin(auth.url, "/admin/users", {
        email: "client@example.com",
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { full_name: "Ada O'Brien" },
      });
      await admin(auth.url, "/admin/users", { email: "pending@example.com", password: PASSWORD });
      await askEmailChange(auth.url, "client@example.com", "client.new@example.com");
    } finally {
      await auth.stop();
    }

    const file = join(dir, "users.sql");
    const output = execFileSync(
      process.execPath,
      [join(buildDir, "auth-server.js"), "export", file],
      {
        env: { ...process.env, AUTH_DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    expect(output).toContain("Wrote 3 users");
    expect(output).toContain("legacy@example.com");
    const sql = readFileSync(file, "utf8");
    expect(sql).toMatch(/must reset it[^\n]*\n--\s+legacy@example\.com/);

    pg.psql([], sql);
    const row = (email: string, columns: string) =>
      pg.psql(["-c", `SELECT ${columns} FROM auth.users WHERE email = '${email}'`]).trim();

    expect(
      row("client@example.com", `encrypted_password = crypt('${PASSWORD}', encrypted_password)`),
    ).toBe("t");
    expect(
      row("client@example.com", "encrypted_password = crypt('wrong-horse-42', encrypted_password)"),
    ).toBe("f");
    expect(row("client@example.com", "encrypted_password LIKE '$2a$%'")).toBe("t");
    expect(row("client@example.com", "id::text")).toBe(client!.id);
    expect(row("client@example.com", "raw_user_meta_data->>'full_name'")).toBe("Ada O'Brien");
    expect(row("client@example.com", "raw_app_meta_data->>'provider'")).toBe("email");
    expect(row("client@example.com", "confirmed_at IS NOT NULL")).toBe("t");
    expect(row("client@example.com", `created_at = '${client!.created_at}'::timestamptz`)).toBe(
      "t",
    );
    expect(row("client@example.com", "email_change")).toBe("client.new@example.com");
    expect(row("client@example.com", "email_change_sent_at IS NOT NULL")).toBe("t");
    expect(row("client@example.com", "email_change_token_new")).toBe("");
    expect(row("pending@example.com", "email_change")).toBe("");
    expect(row("pending@example.com", "email_change_sent_at IS NULL")).toBe("t");
    expect(row("pending@example.com", "email_confirmed_at IS NULL")).toBe("t");
    expect(
      row("pending@example.com", `encrypted_password = crypt('${PASSWORD}', encrypted_password)`),
    ).toBe("t");
    expect(row("legacy@example.com", "encrypted_password IS NULL")).toBe("t");
    expect(
      row(
        "legacy@example.com",
        `created_at = '${new Date(legacyCreatedAt).toISOString()}'::timestamptz`,
      ),
    ).toBe("t");

    const identity = pg
      .psql([
        "-c",
        "SELECT i.provider, i.provider_id, i.email FROM auth.identities i JOIN auth.users u ON u.id = i.user_id WHERE u.email = 'client@example.com'",
      ])
      .trim();
    expect(identity).toBe(`email|${client!.id}|client@example.com`);
  });
});
