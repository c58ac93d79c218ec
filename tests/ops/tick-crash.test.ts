// Durability of a client's ticks under SIGKILL, on SQLite and on PostgreSQL: the app is killed right
// after it answered a tick (with other ticks still in flight), CRASH_KILLS times (10 in npm test, 50
// in npm run test:soak), restarted on the same database each time; every acknowledged tick is there.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  shownTaskStatuses,
  signedInCookie,
  startAppProcess,
  startAuthProcess,
} from "../support/processes";

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const PASSWORD = "Crash-Test-2026!";
const TASKS = [
  "offer-alchemy",
  "icp-builder",
  "messaging-mastery",
  "pricing-strategist",
  "vsl-alchemist",
];

interface Client {
  cookie: string;
}

describe.each(["sqlite", "postgres"] as const)(
  "SIGKILL right after a tick is answered (%s)",
  (engine) => {
    it(`loses no acknowledged tick over ${KILLS} kills`, { timeout: 300_000 }, async () => {
      const auth = await startAuthProcess(freePort());
      let settings: Record<string, string>;
      if (engine === "sqlite")
        settings = { DATA_DIR: mkdtempSync(join(tmpdir(), "portal-ticks-")) };
      else settings = { DATABASE_URL: freshPostgres().url };
      const port = freePort();
      const start = () => startAppProcess(port, auth.url, settings);
      let app = await start();
      const clients: Client[] = [];
      for (let i = 0; i < 4; i++) {
        const email = `ticks-${engine}-${i}-${Date.now()}@example.com`;
        clients.push({
          cookie: await signedInCookie(app, auth.url, DEMO_SERVICE_ROLE_KEY, email, PASSWORD),
        });
      }
      /** The last answered status of each (client, task), unless an unanswered post came after it. */
      const acknowledged = new Map<string, { client: Client; task: string; status: string }>();
      let answered = 0;
      try {
        for (let kill = 0; kill < KILLS; kill++) {
          // Three ticks at once on different (client, task) pairs; the first answer triggers the kill.
          const posts = [0, 1, 2].map(() => {
            const client = clients[Math.floor(Math.random() * clients.length)] as Client;
            const task = TASKS[Math.floor(Math.random() * TASKS.length)] as string;
            return { client, task, status: Math.random() < 0.5 ? "completed" : "pending" };
          });
          const unique = [
            ...new Map(
              posts.map((post) => [`${clients.indexOf(post.client)}:${post.task}`, post]),
            ).values(),
          ];
          const sent = unique.map((post) => ({
            post,
            answer: postForm(
              app,
              "/dashboard/sprint-1",
              { taskId: post.task, status: post.status },
              {
                Cookie: post.client.cookie,
              },
            ).then(
              (response) => response.status,
              () => 0,
            ),
          }));
          const first = await Promise.race(
            sent.map(({ post, answer }) => answer.then((status) => ({ post, status }))),
          );
          expect(first.status).toBe(302);
          const running = app;
          const killed = running.stop("SIGKILL");
          for (const { post, answer } of sent) {
            const status = await answer;
            const key = `${clients.indexOf(post.client)}:${post.task}`;
            if (status === 302) {
              answered++;
              acknowledged.set(key, post);
            } else acknowledged.delete(key);
          }
          await killed;
          app = await start();
        }
        const lost: string[] = [];
        for (const client of clients) {
          const shown = await shownTaskStatuses(app, TASKS, client.cookie);
          for (const [key, post] of acknowledged) {
            if (post.client !== client) continue;
            if (shown.get(post.task) !== post.status)
              lost.push(`${key}: ${post.status}, shown ${shown.get(post.task)}`);
          }
        }
        // Every round had an answered tick (the one that triggered the kill); some are checked last.
        expect(answered).toBeGreaterThanOrEqual(KILLS);
        expect(acknowledged.size).toBeGreaterThan(0);
        expect(lost).toEqual([]);
      } finally {
        await app.stop();
        await auth.stop();
      }
    });
  },
);
