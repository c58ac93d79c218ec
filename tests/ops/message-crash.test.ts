// Durability of messages under SIGKILL, on SQLite and on PostgreSQL: the app is killed right after
// it answered a message (others still in flight), restarted on the same database each time; every
// answered message is in its thread afterwards.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
} from "../support/processes";

const KILLS = 8;
const PASSWORD = "Message-Crash-2026!";

describe.each(["sqlite", "postgres"] as const)(
  "SIGKILL right after a message is answered (%s)",
  (engine) => {
    it(`loses no answered message over ${KILLS} kills`, { timeout: 180_000 }, async () => {
      const auth = await startAuthProcess(freePort());
      const settings: Record<string, string> =
        engine === "sqlite"
          ? { DATA_DIR: mkdtempSync(join(tmpdir(), "portal-messages-")) }
          : { DATABASE_URL: freshPostgres().url };
      const port = freePort();
      const start = () => startAppProcess(port, auth.url, settings);
      let app = await start();
      const clients = [
        await signedInPerson(app, auth.url, "crash-talk-a", PASSWORD),
        await signedInPerson(app, auth.url, "crash-talk-b", PASSWORD),
      ];
      const answered = new Map<string, string[]>(clients.map((client) => [client.cookie, []]));
      try {
        for (let kill = 0; kill < KILLS; kill++) {
          const sent = [0, 1, 2].map((index) => {
            const client = clients[index % clients.length] as (typeof clients)[number];
            const text = `Round ${kill} message ${index} ${Math.random().toString(36).slice(2)}`;
            const answer = postForm(
              app,
              "/dashboard/messages",
              { body: text },
              { Cookie: client.cookie },
            ).then(
              (response) => response.status,
              () => 0,
            );
            return { client, text, answer };
          });
          const first = await Promise.race(sent.map(({ answer }) => answer));
          expect(first).toBe(302);
          const killed = app.stop("SIGKILL");
          for (const { client, text, answer } of sent) {
            if ((await answer) === 302) answered.get(client.cookie)?.push(text);
          }
          await killed;
          app = await start();
        }
        const lost: string[] = [];
        for (const client of clients) {
          const page = await fetch(`${app.url}/dashboard/messages`, {
            headers: { Cookie: client.cookie },
          });
          const html = await page.text();
          for (const text of answered.get(client.cookie) ?? []) {
            if (!html.includes(text)) lost.push(text);
          }
        }
        const total = [...answered.values()].reduce((sum, texts) => sum + texts.length, 0);
        expect(total).toBeGreaterThanOrEqual(KILLS);
        expect(lost).toEqual([]);
      } finally {
        await app.stop();
        await auth.stop();
      }
    });
  },
);
