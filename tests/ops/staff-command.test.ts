// `node build/staff.js grant|revoke <email>` against real processes: the embedded auth server on a
// loopback site (demo key) and a public one (generated key), an auth service named by SUPABASE_URL
// and its service key as on hosted Supabase; its one-line answers and exit codes.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import {
  buildDir,
  createConfirmedUser,
  freePort,
  runCommand,
  startAppProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Ops-Test-2026!";
const PUBLIC_SITE = "https://portal.example.com";
const root = join(import.meta.dirname, "../..");

/** Runs the staff command with only PATH and `env` in its environment. */
async function staff(
  args: string[],
  env: Record<string, string>,
  script = join(buildDir, "staff.js"),
) {
  const { code, stdout, stderr } = await runCommand(script, args, env, 20_000);
  return { code, stdout: stdout.trim(), stderr: stderr.trim() };
}

/** The portal, with its embedded auth server on `authPort` keeping its data in `dataDir`. */
function startPortal(siteUrl: string | undefined, authPort: number, dataDir: string) {
  const port = freePort();
  return startAppProcess(port, "", {
    SUPABASE_URL: "",
    SUPABASE_ANON_KEY: "",
    EMBEDDED_AUTH_PORT: String(authPort),
    AUTH_DATA_DIR: dataDir,
    AUTH_BCRYPT_COST: "4",
    ...(siteUrl ? { SITE_URL: siteUrl } : {}),
  });
}

/** The `app_metadata` of the token a password sign-in gets now. */
async function signInMetadata(authUrl: string, anonKey: string, email: string) {
  const response = await fetch(`${authUrl}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: anonKey, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  const claims = JSON.parse(
    Buffer.from(access_token.split(".")[1] ?? "", "base64url").toString("utf8"),
  ) as { app_metadata: Record<string, unknown> };
  return claims.app_metadata;
}

describe("the portal on a loopback site (npm start)", () => {
  const authPort = freePort();
  const authUrl = `http://127.0.0.1:${authPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portal-staff-"));
  const env = { EMBEDDED_AUTH_PORT: String(authPort), AUTH_DATA_DIR: dataDir };
  let portal: RunningProcess;

  beforeAll(async () => {
    portal = await startPortal(undefined, authPort, dataDir);
  });
  afterAll(async () => {
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("grants staff, which the next sign-in's token carries, and revokes it", async () => {
    const email = "ada.staff@example.com";
    await createConfirmedUser(authUrl, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
    expect(await signInMetadata(authUrl, DEMO_ANON_KEY, email)).not.toHaveProperty("role");

    const granted = await staff(["grant", "Ada.Staff@Example.com"], env);
    expect(granted).toEqual({ code: 0, stdout: `granted staff to ${email}`, stderr: "" });
    expect(await signInMetadata(authUrl, DEMO_ANON_KEY, email)).toEqual({
      provider: "email",
      providers: ["email"],
      role: "staff",
    });

    const revoked = await staff(["revoke", email], env);
    expect(revoked).toEqual({ code: 0, stdout: `${email} is not staff any more`, stderr: "" });
    expect(await signInMetadata(authUrl, DEMO_ANON_KEY, email)).toEqual({
      provider: "email",
      providers: ["email"],
    });
  });

  it("finds the one address among others that contain it, past the first page", async () => {
    const email = "bo@example.com";
    await createConfirmedUser(authUrl, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
    // Newer users whose addresses contain the wanted one come first in the filtered listing.
    for (let i = 0; i < 101; i++) {
      await createConfirmedUser(authUrl, DEMO_SERVICE_ROLE_KEY, `x${i}-bo@example.com`, PASSWORD);
    }
    expect((await staff(["grant", email], env)).stdout).toBe(`granted staff to ${email}`);
    expect((await signInMetadata(authUrl, DEMO_ANON_KEY, email)).role).toBe("staff");
    expect(
      (await signInMetadata(authUrl, DEMO_ANON_KEY, "x0-bo@example.com")).role,
    ).toBeUndefined();
  });

  it("says so, exit 1, for an address with no user", async () => {
    const expected = { code: 1, stdout: "", stderr: "no user with the e-mail nobody@example.com" };
    expect(await staff(["grant", "nobody@example.com"], env)).toEqual(expected);
    // A server listening on every interface is reached through loopback.
    const wildcard = { ...env, EMBEDDED_AUTH_HOST: "0.0.0.0" };
    expect(await staff(["grant", "nobody@example.com"], wildcard)).toEqual(expected);
  });

  it("reads .env next to build/, the environment winning", async () => {
    const email = "env.file@example.com";
    await createConfirmedUser(authUrl, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
    // A copy of the command in a folder of its own inside the project (so npm packages resolve).
    mkdirSync(join(root, ".cache"), { recursive: true });
    const folder = mkdtempSync(join(root, ".cache", "staff-env-"));
    try {
      mkdirSync(join(folder, "build"));
      copyFileSync(join(buildDir, "staff.js"), join(folder, "build", "staff.js"));
      writeFileSync(
        join(folder, ".env"),
        `EMBEDDED_AUTH_PORT=${authPort}\nAUTH_DATA_DIR=${dataDir}\nEMBEDDED_AUTH_HOST=192.0.2.1\n`,
      );
      const script = join(folder, "build", "staff.js");
      const granted = await staff(["grant", email], { EMBEDDED_AUTH_HOST: "127.0.0.1" }, script);
      expect(granted).toEqual({ code: 0, stdout: `granted staff to ${email}`, stderr: "" });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("the portal on a public site (the container)", () => {
  const authPort = freePort();
  const authUrl = `http://127.0.0.1:${authPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "portal-staff-public-"));
  const env = {
    SITE_URL: PUBLIC_SITE,
    EMBEDDED_AUTH_PORT: String(authPort),
    AUTH_DATA_DIR: dataDir,
  };
  let portal: RunningProcess;
  let keys: { anon_key: string; service_role_key: string };

  beforeAll(async () => {
    portal = await startPortal(PUBLIC_SITE, authPort, dataDir);
    keys = JSON.parse(readFileSync(join(dataDir, "api-keys.json"), "utf8")) as typeof keys;
  });
  afterAll(async () => {
    await portal?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("uses the generated service_role key from api-keys.json", async () => {
    expect(keys.service_role_key).not.toBe(DEMO_SERVICE_ROLE_KEY);
    const email = "public.staff@example.com";
    await createConfirmedUser(authUrl, keys.service_role_key, email, PASSWORD);
    expect(await staff(["grant", email], env)).toEqual({
      code: 0,
      stdout: `granted staff to ${email}`,
      stderr: "",
    });
    expect((await signInMetadata(authUrl, keys.anon_key, email)).role).toBe("staff");
  });

  it("works the same through SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, as on hosted Supabase", async () => {
    const email = "hosted.staff@example.com";
    await createConfirmedUser(authUrl, keys.service_role_key, email, PASSWORD);
    const hosted = { SUPABASE_URL: authUrl, SUPABASE_SERVICE_ROLE_KEY: keys.service_role_key };
    expect((await staff(["grant", email], hosted)).stdout).toBe(`granted staff to ${email}`);
    expect((await signInMetadata(authUrl, keys.anon_key, email)).role).toBe("staff");
    expect((await staff(["revoke", email], hosted)).stdout).toBe(`${email} is not staff any more`);
    expect(await signInMetadata(authUrl, keys.anon_key, email)).not.toHaveProperty("role");

    const wrongKey = await staff(["grant", email], {
      SUPABASE_URL: authUrl,
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
    });
    expect(wrongKey).toEqual({
      code: 1,
      stdout: "",
      stderr: `the auth service at ${authUrl} answered 401: Invalid API key`,
    });
    const noKey = await staff(["grant", email], { SUPABASE_URL: authUrl });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/SUPABASE_SERVICE_ROLE_KEY: required when SUPABASE_URL is set/);
  });
});

describe("answers without a portal", () => {
  it("says the auth service is not answering, exit 1", async () => {
    const port = freePort();
    expect(await staff(["grant", "a@example.com"], { EMBEDDED_AUTH_PORT: String(port) })).toEqual({
      code: 1,
      stdout: "",
      stderr: `the auth service at http://127.0.0.1:${port} is not answering (is the portal running?)`,
    });
  });

  it("says a public site's portal has not made its keys yet, exit 1", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portal-staff-none-"));
    const outcome = await staff(["grant", "a@example.com"], {
      SITE_URL: PUBLIC_SITE,
      AUTH_DATA_DIR: dataDir,
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe(
      `no service_role key yet: ${join(dataDir, "api-keys.json")} is written when the portal first starts`,
    );
  });

  it.each([[[]], [["grant"]], [["promote", "a@example.com"]], [["grant", "a@example.com", "b"]]])(
    "prints the usage, exit 2, for %j",
    async (args) => {
      const outcome = await staff(args, {});
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(/^usage: npm run staff -- grant <email> \| revoke <email>/);
    },
  );

  it("refuses an argument that is no e-mail address, exit 2", async () => {
    const outcome = await staff(["revoke", "ada"], {});
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/^ada is not an e-mail address\nusage:/);
  });
});
