// Durability of hand-ins under SIGKILL, on SQLite and on PostgreSQL: the app is killed right after
// it answered a hand-in (others still arriving), restarted on the same data each time; every
// answered hand-in is listed with its file, and every file listed downloads whole.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { describe, expect, it } from "vitest";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Hand-In-Crash-2026!";
/** One round per task that asks for files: each client hands in once per round. */
const TASKS = ["offer-alchemy", "pricing-strategist", "vsl-alchemist"];

/** A PDF of about 256 KiB whose bytes are its own. */
function pdf(): Buffer {
  return Buffer.concat([
    Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"),
    randomBytes(256 * 1024),
  ]);
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function handIn(app: RunningProcess, cookie: string, task: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append("link", "");
  form.append("note", name);
  form.append("files", new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${app.url}/dashboard/sprint-1/tasks/${task}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.url, Cookie: cookie },
    body: form,
  }).then(
    (response) => response.status,
    () => 0,
  );
}

describe.each(["sqlite", "postgres"] as const)(
  "SIGKILL right after a hand-in is answered (%s)",
  (engine) => {
    it(
      `keeps every answered hand-in whole over ${TASKS.length} kills`,
      { timeout: 180_000 },
      async () => {
        const auth = await startAuthProcess(freePort());
        const settings: Record<string, string> = {
          DATA_DIR: mkdtempSync(join(tmpdir(), "portal-hand-ins-")),
          ...(engine === "postgres" ? { DATABASE_URL: freshPostgres().url } : {}),
          SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
        };
        const port = freePort();
        const start = () => startAppProcess(port, auth.url, settings);
        let app = await start();
        // New clients each round: a killed upload holds its client's room until its hold lapses.
        const clientsOfRound = (round: string) =>
          Promise.all(
            ["a", "b", "c"].map((n) =>
              signedInPerson(app, auth.url, `crash-hand-in-${round}-${n}`, PASSWORD),
            ),
          );
        /** Each file sent, by name: its bytes' hash, and whether its hand-in was answered. */
        const sent = new Map<
          string,
          { cookie: string; task: string; hash: string; answered: boolean }
        >();
        try {
          for (const task of TASKS) {
            const clients = await clientsOfRound(task);
            const posts = clients.map((client, index) => {
              const name = `${task}-${index}.pdf`;
              const bytes = pdf();
              const record = { cookie: client.cookie, task, hash: sha256(bytes), answered: false };
              sent.set(name, record);
              return handIn(app, client.cookie, task, name, bytes).then((status) => {
                record.answered = status === 302;
                return status;
              });
            });
            expect(await Promise.race(posts)).toBe(302);
            const killed = app.stop("SIGKILL");
            await Promise.all(posts);
            await killed;
            app = await start();
          }

          const lost: string[] = [];
          const broken: string[] = [];
          for (const [name, record] of sent) {
            const page = await fetch(`${app.url}/dashboard/sprint-1/tasks/${record.task}`, {
              headers: { Cookie: record.cookie },
            });
            const html = await page.text();
            const fileId = new RegExp(
              `href="/resources/files/([0-9a-f-]{36})"[^>]*download="${name}"`,
            ).exec(html)?.[1];
            if (!fileId) {
              if (record.answered) lost.push(name);
              continue;
            }
            // Listed: its bytes are whole, whether or not its answer arrived before the kill.
            const download = await fetch(`${app.url}/resources/files/${fileId}`, {
              headers: { Cookie: record.cookie },
            });
            if (sha256(new Uint8Array(await download.arrayBuffer())) !== record.hash)
              broken.push(name);
          }
          const answered = [...sent.values()].filter((record) => record.answered).length;
          expect(answered).toBeGreaterThanOrEqual(TASKS.length);
          expect(lost).toEqual([]);
          expect(broken).toEqual([]);
        } finally {
          await app.stop();
          await auth.stop();
        }
      },
    );
  },
);
