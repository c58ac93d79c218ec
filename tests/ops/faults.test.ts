// Faults on the built server, each with "a clear answer, nothing answered lost, back without a
// restart": the SQLite file locked past the wait, its disk full, PostgreSQL stopped and started
// under load, the mail server down, and a control character in a query (refused before a database).
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import Database from "libsql";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMailCatcher } from "@portal/auth-server/tests/smtp-mail";
import { describe, expect, it, vi } from "vitest";
import { startPostgres } from "../../scripts/postgres.mjs";
import {
  freePort,
  postForm,
  signInCookie,
  shownTaskStatuses,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Faults-Test-2026!";
const TASKS = ["icp-builder", "messaging-mastery", "pricing-strategist", "vsl-alchemist"];
/** The app's settings for these tests: many sign-ins from one address, the staff console on. */
const APP_SETTINGS = {
  RATE_LIMIT_SIGN_IN_PER_IP: "1000",
  SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
};

const tick = (app: RunningProcess, cookie: string, taskId: string, status = "completed") =>
  postForm(app, "/dashboard/sprint-1", { taskId, status }, { Cookie: cookie });

/**
 * Runs `check` against `app`, a failure carrying the app's last log lines; then stops the app and,
 * in order, what it used.
 */
async function checkAgainst(
  app: RunningProcess,
  stopAfter: Array<() => unknown>,
  check: () => Promise<void>,
) {
  try {
    await check();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${app.output().slice(-3000)}`);
  } finally {
    await app.stop();
    for (const stop of stopAfter) await stop();
  }
}

/** The 503 a database fault answers: 'Connection Error', and when to try again. */
async function expectConnectionError(answer: Response) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(await answer.text()).toContain("Connection Error");
}

async function expectControlCharactersRefused(app: RunningProcess, staffCookie: string) {
  for (const query of ["q=%00", "q=a%00b", "page=%0A1", "%7F=1"]) {
    const answer = await fetch(`${app.url}/staff?${query}`, { headers: { Cookie: staffCookie } });
    expect(answer.status, query).toBe(400);
  }
  const search = await fetch(`${app.url}/staff?q=faults`, { headers: { Cookie: staffCookie } });
  expect(search.status).toBe(200);
}

describe("the SQLite file locked by another process for longer than the wait", () => {
  it(
    "answers writes 503 'Connection Error' meanwhile, reads and health at once, then every write",
    { timeout: 120_000 },
    async () => {
      const auth = await startAuthProcess(freePort());
      const dataDir = mkdtempSync(join(tmpdir(), "portal-locked-"));
      const app = await startAppProcess(freePort(), auth.url, {
        ...APP_SETTINGS,
        DATA_DIR: dataDir,
      });
      await checkAgainst(app, [() => auth.stop()], async () => {
        const client = await signedInPerson(app, auth.url, "faults-locked", PASSWORD);
        const staff = await signedInPerson(app, auth.url, "faults-locked-staff", PASSWORD, true);
        // As the tester did: another process takes the write lock, and keeps it past the wait.
        const other = new Database(join(dataDir, "portal.sqlite"));
        other.exec("BEGIN IMMEDIATE");
        const refused = tick(app, client.cookie, "icp-builder");
        // Reads and the health probe do not wait for the lock.
        const page = await fetch(`${app.url}/dashboard`, {
          headers: { Cookie: client.cookie },
        });
        expect(page.status).toBe(200);
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
        await expectConnectionError(await refused);
        other.exec("ROLLBACK");
        other.close();

        // Then every kind of write works at once: a tick, a first opening, a staff edit, a
        // sign-in, a sign-out of every device.
        expect((await tick(app, client.cookie, "messaging-mastery")).status).toBe(302);
        const opened = await fetch(`${app.url}/dashboard/sprint-2`, {
          headers: { Cookie: client.cookie },
        });
        expect(opened.status).toBe(200);
        const edit = await postForm(
          app,
          `/staff/clients/${client.id}`,
          { intent: "overall", overallProgress: "40" },
          { Cookie: staff.cookie },
        );
        expect(edit.status).toBe(302);
        const again = await signInCookie(app, client.email, PASSWORD);
        const everywhere = await postForm(app, "/auth/sign-out-everywhere", {}, { Cookie: again });
        expect(everywhere.status).toBe(302);
        // Nothing answered 503 was stored; everything answered 302 was. (A session opened in the
        // second of a sign-out everywhere counts as opened before it: the next second is clear.)
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        const fresh = await signInCookie(app, client.email, PASSWORD);
        const shown = await shownTaskStatuses(app, TASKS, fresh);
        expect(shown.get("icp-builder")).toBe("pending");
        expect(shown.get("messaging-mastery")).toBe("completed");
        await expectControlCharactersRefused(app, staff.cookie);
      });
    },
  );
});

describe("the SQLite file's disk full", () => {
  it(
    "answers writes 503 'Connection Error' while the disk is full, reads meanwhile, then writes again",
    { timeout: 120_000 },
    async () => {
      const auth = await startAuthProcess(freePort());
      const dataDir = mkdtempSync(join(tmpdir(), "portal-full-"));
      // The app in a mount namespace of its own (a user namespace makes it root there), its data
      // folder a tmpfs of 8 MB, which this test fills from inside the same namespace.
      const app = await startAppProcess(
        freePort(),
        auth.url,
        { ...APP_SETTINGS, DATA_DIR: dataDir },
        [
          "unshare",
          "--user",
          "--map-root-user",
          "--mount",
          "sh",
          "-c",
          `mount -t tmpfs -o size=8m tmpfs ${dataDir} && exec "$@"`,
          "sh",
        ],
      );
      const inside = (command: string) =>
        execFileSync("nsenter", [
          `--target=${app.child.pid}`,
          "--user",
          "--mount",
          "--preserve-credentials",
          "sh",
          "-c",
          command,
        ]);
      await checkAgainst(app, [() => auth.stop()], async () => {
        const client = await signedInPerson(app, auth.url, "faults-full", PASSWORD);
        expect((await tick(app, client.cookie, "icp-builder")).status).toBe(302);
        // Every byte the disk has left goes to a file of no use (dd stops when the disk is full).
        inside(`dd if=/dev/zero of=${dataDir}/filler bs=64k 2>/dev/null || true`);
        const statuses: number[] = [];
        for (const task of ["messaging-mastery", "pricing-strategist", "vsl-alchemist"]) {
          const answer = await tick(app, client.cookie, task);
          statuses.push(answer.status);
          if (answer.status === 503) await expectConnectionError(answer);
        }
        expect(statuses).toContain(503);
        expect(statuses.filter((status) => status !== 302 && status !== 503)).toEqual([]);
        const page = await fetch(`${app.url}/dashboard`, { headers: { Cookie: client.cookie } });
        expect(page.status).toBe(200);

        // Room again: the next write is stored, and so is every one answered before.
        inside(`rm -f ${dataDir}/filler`);
        expect((await tick(app, client.cookie, "vsl-alchemist")).status).toBe(302);
        const shown = await shownTaskStatuses(app, TASKS, client.cookie);
        expect(shown.get("icp-builder")).toBe("completed");
        expect(shown.get("vsl-alchemist")).toBe("completed");
        const answered = ["messaging-mastery", "pricing-strategist"].filter(
          (_task, index) => statuses[index] === 302,
        );
        for (const task of answered) expect(shown.get(task)).toBe("completed");
      });
    },
  );
});

describe("PostgreSQL stopped and started under load", () => {
  it(
    "answers 302 or 503 'Connection Error' (never 500), is not ready meanwhile, and loses no answered tick",
    { timeout: 180_000 },
    async () => {
      const postgres = startPostgres(freePort());
      const auth = await startAuthProcess(freePort());
      const app = await startAppProcess(freePort(), auth.url, {
        ...APP_SETTINGS,
        DATABASE_URL: postgres.url,
      });
      await checkAgainst(app, [() => auth.stop(), () => postgres.stop()], async () => {
        const clients = await Promise.all(
          [0, 1, 2, 3].map((index) =>
            signedInPerson(app, auth.url, `faults-pg-${index}`, PASSWORD),
          ),
        );
        const staff = await signedInPerson(app, auth.url, "faults-pg-staff", PASSWORD, true);
        /** The last answered status of each (client, task), unless a later post got no answer. */
        const acknowledged = new Map<string, { cookie: string; task: string; status: string }>();
        const statuses: number[] = [];
        let running = true;
        const load = clients.map(async (client, index) => {
          for (let round = 0; running; round++) {
            const task = TASKS[(round + index) % TASKS.length] as string;
            const status = round % 3 === 0 ? "pending" : "completed";
            const answer = await tick(app, client.cookie, task, status);
            statuses.push(answer.status);
            const key = `${index}:${task}`;
            if (answer.status === 302)
              acknowledged.set(key, { cookie: client.cookie, task, status });
            else acknowledged.delete(key);
            await answer.arrayBuffer();
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        postgres.halt();
        // Readiness is checked in the background: its answer follows within a check or two.
        await vi.waitFor(
          async () => {
            const ready = await fetch(`${app.url}/readyz`);
            expect(ready.status).toBe(503);
            expect(await ready.json()).toEqual({ status: "database unreachable" });
          },
          { timeout: 10_000, interval: 200 },
        );
        await expectConnectionError(
          await fetch(`${app.url}/dashboard`, { headers: { Cookie: staff.cookie } }),
        );
        postgres.resume();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        running = false;
        await Promise.all(load);

        expect(statuses.filter((status) => status !== 302 && status !== 503)).toEqual([]);
        expect(statuses).toContain(503);
        expect(statuses.filter((status) => status === 302).length).toBeGreaterThan(0);
        expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
        const lost: string[] = [];
        for (const [key, { cookie, task, status }] of acknowledged) {
          const shown = await shownTaskStatuses(app, TASKS, cookie);
          if (shown.get(task) !== status) lost.push(`${key}: ${status}, shown ${shown.get(task)}`);
        }
        expect(lost).toEqual([]);
        await expectControlCharactersRefused(app, staff.cookie);
      });
    },
  );
});

describe("the mail server down", () => {
  it(
    "answers a sign-up and an invitation clearly meanwhile, and mails both once it is back",
    { timeout: 120_000 },
    async () => {
      const smtpPort = freePort();
      let smtp = await startMailCatcher({ port: smtpPort });
      const appPort = freePort();
      const auth = await startAuthProcess(freePort(), {
        env: {
          GOTRUE_SITE_URL: `http://127.0.0.1:${appPort}`,
          GOTRUE_SMTP_HOST: "127.0.0.1",
          GOTRUE_SMTP_PORT: String(smtpPort),
          GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@agency.example",
          GOTRUE_SMTP_MAX_FREQUENCY: "0",
        },
      });
      const app = await startAppProcess(appPort, auth.url, APP_SETTINGS);
      const mailsTo = (address: string) =>
        smtp.messages.filter(
          (message) => !Array.isArray(message.to) && message.to?.text === address,
        );
      await checkAgainst(app, [() => auth.stop(), () => smtp.close()], async () => {
        const staff = await signedInPerson(app, auth.url, "faults-smtp-staff", PASSWORD, true);
        await smtp.close();

        // Down: a sign-up is answered as any (its answer must not tell), an invitation says so.
        const email = `faults-smtp-${Date.now()}@example.com`;
        const signUp = await postForm(app, "/sign-up", { email, password: PASSWORD });
        expect(signUp.status).toBe(302);
        expect(signUp.headers.get("location")).toBe(`/sign-up?inbox=${encodeURIComponent(email)}`);
        const invitee = `faults-invitee-${Date.now()}@example.com`;
        const refused = await postForm(
          app,
          "/staff?index",
          { email: invitee },
          { Cookie: staff.cookie },
        );
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(600);
        expect(refused.status).not.toBe(500);
        expect(await refused.text()).toContain(invitee);

        // Back: 'Send it again' mails a link that confirms; the invitation goes out.
        smtp = await startMailCatcher({ port: smtpPort });
        const resend = await postForm(app, "/auth/resend-confirmation", { email });
        expect(resend.status).toBe(302);
        const confirmation = await vi.waitFor(
          () => {
            const [mail] = mailsTo(email);
            if (!mail) throw new Error(`no mail for ${email} yet`);
            return mail;
          },
          { timeout: 10_000, interval: 50 },
        );
        expect(confirmation.subject).toBe("Confirm Your Signup");
        const invited = await postForm(
          app,
          "/staff?index",
          { email: invitee },
          { Cookie: staff.cookie },
        );
        expect(invited.status).toBe(302);
        await vi.waitFor(
          () => {
            if (mailsTo(invitee).length === 0) throw new Error(`no invitation for ${invitee} yet`);
          },
          { timeout: 10_000, interval: 50 },
        );
      });
    },
  );
});
