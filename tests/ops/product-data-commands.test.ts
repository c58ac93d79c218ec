// The product database's commands and start-up checks on real processes: `migrate` on both
// engines, it and `rebuild-facts` beside a running app, `export <url>` moving a client's ticks to
// PostgreSQL, and a bad programme file stopping the start with the line and field it names.
import Database from "libsql";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import {
  buildDir,
  freePort,
  runCommand,
  postForm,
  signedInCookie,
  startAppProcess,
  startAuthProcess,
} from "../support/processes";
import { freshPostgres } from "../support/postgres";

const PASSWORD = "Data-Commands-2026!";

/** Runs a built script with only PATH and `env` set: its exit code and all it printed. */
async function runBuilt(script: string, args: string[], env: Record<string, string>) {
  const { code, stdout, stderr } = await runCommand(join(buildDir, script), args, env);
  return { code, output: `${stdout}${stderr}` };
}

describe("node build/data.js migrate", () => {
  it("creates the schema on a new SQLite file, then finds it up to date", async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), "portal-migrate-")) };
    const first = await runBuilt("data.js", ["migrate"], env);
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toMatch(/^applied: 001-/);
    expect(await runBuilt("data.js", ["migrate"], env)).toEqual({
      code: 0,
      output: "the schema is up to date\n",
    });
  });

  it(
    "creates the schema in the PostgreSQL database DATABASE_URL names",
    { timeout: 60_000 },
    async () => {
      const database = freshPostgres();
      const url = database.url;
      const env = { DATA_DIR: mkdtempSync(join(tmpdir(), "portal-migrate-")), DATABASE_URL: url };
      const outcome = await runBuilt("data.js", ["migrate"], env);
      expect(outcome).toMatchObject({ code: 0 });
      expect(outcome.output).toMatch(/^applied: 001-/);
      const tables = database.psql([
        "-c",
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'task_states'",
      ]);
      expect(tables.trim()).toBe("1");
    },
  );

  it("answers a wrong command with its usage and exit code 2", async () => {
    const outcome = await runBuilt("data.js", ["export", "mysql://nowhere"], {});
    expect(outcome.code).toBe(2);
    expect(outcome.output).toContain("usage: node build/data.js migrate | export");
  });
});

describe("a command run while the app serves the same SQLite file", () => {
  it(
    "leaves the app its lock: every write it answered is in the file, none in a deleted WAL",
    { timeout: 120_000 },
    async () => {
      const auth = await startAuthProcess(freePort());
      const dataDir = mkdtempSync(join(tmpdir(), "portal-beside-"));
      const app = await startAppProcess(freePort(), auth.url, { DATA_DIR: dataDir });
      const email = `beside-${Date.now()}@example.com`;
      const ticked: string[] = [];
      try {
        const cookie = await signedInCookie(app, auth.url, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
        const tick = async (taskId: string) => {
          const answer = await postForm(
            app,
            "/dashboard/sprint-1",
            { taskId, status: "completed" },
            { Cookie: cookie },
          );
          expect(answer.status).toBe(302);
          ticked.push(taskId);
        };
        // Sprint 1 opened: its countdown starts, and its tasks have due days.
        await (
          await fetch(`${app.url}/dashboard/sprint-1`, { headers: { Cookie: cookie } })
        ).text();
        await tick("icp-builder");
        // An operator's command opens, reads and closes the file while the app runs.
        for (const taskId of ["messaging-mastery", "pricing-strategist"]) {
          expect(await runBuilt("data.js", ["migrate"], { DATA_DIR: dataDir })).toMatchObject({
            code: 0,
          });
          await tick(taskId);
        }
        expect(existsSync(join(dataDir, "portal.sqlite-wal"))).toBe(true);
        // The task facts rewritten whole while the app runs: the client's, as the app wrote them.
        const rebuilt = await runBuilt("data.js", ["rebuild-facts"], { DATA_DIR: dataDir });
        expect(rebuilt).toEqual({ code: 0, output: "task facts written for 1 clients\n" });
        const page = await fetch(`${app.url}/dashboard/sprint-1`, { headers: { Cookie: cookie } });
        expect(page.status).toBe(200);
        await page.text();
      } finally {
        await app.stop();
        await auth.stop();
      }
      const file = new Database(join(dataDir, "portal.sqlite"), { readonly: true });
      try {
        const rows = file
          .prepare("SELECT task_id FROM task_states WHERE status = 'completed' ORDER BY task_id")
          .all() as { task_id: string }[];
        expect(rows.map((row) => row.task_id)).toEqual([...ticked].sort());
        const facts = file
          .prepare("SELECT task_id FROM client_task_facts WHERE settled = 1 ORDER BY task_id")
          .all() as { task_id: string }[];
        // Offer Alchemy starts done; the rest were ticked.
        expect(facts.map((row) => row.task_id)).toEqual([...ticked, "offer-alchemy"].sort());
      } finally {
        file.close();
      }
    },
  );
});

describe("node build/data.js export", () => {
  it(
    "moves a client's ticks from the SQLite file to PostgreSQL, where the portal shows them",
    {
      timeout: 120_000,
    },
    async () => {
      const auth = await startAuthProcess(freePort());
      const dataDir = mkdtempSync(join(tmpdir(), "portal-export-"));
      const email = `exported-${Date.now()}@example.com`;
      const app = await startAppProcess(freePort(), auth.url, { DATA_DIR: dataDir });
      try {
        const cookie = await signedInCookie(app, auth.url, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
        const tick = await postForm(
          app,
          "/dashboard/sprint-1",
          { taskId: "pricing-strategist", status: "completed" },
          { Cookie: cookie },
        );
        expect(tick.status).toBe(302);
        await app.stop();

        const url = freshPostgres().url;
        const outcome = await runBuilt("data.js", ["export", url], { DATA_DIR: dataDir });
        expect(outcome.code, outcome.output).toBe(0);
        expect(outcome.output).toContain("task_states: 1 rows");

        // The portal on PostgreSQL shows the client the tick made on SQLite.
        const moved = await startAppProcess(freePort(), auth.url, {
          DATA_DIR: mkdtempSync(join(tmpdir(), "portal-export-")),
          DATABASE_URL: url,
        });
        try {
          const page = await fetch(`${moved.url}/dashboard/sprint-1`, {
            headers: { Cookie: cookie },
          });
          const html = await page.text();
          expect(page.status).toBe(200);
          // The form posts the opposite of what is shown: a completed task offers 'pending'.
          expect(html).toMatch(
            /data-task="pricing-strategist"[\s\S]*?name="status" value="pending"/,
          );
        } finally {
          await moved.stop();
        }
        // A second export into a database that already holds product data is refused.
        const again = await runBuilt("data.js", ["export", url], { DATA_DIR: dataDir });
        expect(again.code).toBe(1);
      } finally {
        await app.stop();
        await auth.stop();
      }
    },
  );
});

describe("a bad programme file", () => {
  it("stops the start with the line and field it names", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "portal-programme-")), "programme.yaml");
    writeFileSync(file, "overallProgress: 250\nsprints: []\n");
    const port = freePort();
    const outcome = await runBuilt("main.js", [], {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "ops-test-session-secret-0123456789abcdef",
      SUPABASE_URL: "http://127.0.0.1:9",
      SUPABASE_ANON_KEY: "unused",
      DATA_DIR: mkdtempSync(join(tmpdir(), "portal-data-")),
      PROGRAMME_FILE: file,
    });
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain("line 1");
    expect(outcome.output).toContain("overallProgress");
    expect(outcome.output).not.toMatch(/\n\s+at /);
  });
});
