// Durability of messages under SIGKILL, on SQLite and on PostgreSQL: the app is killed right after
// it answered a message (others still in flight), restarted on the same database each time; every
// answered message is in its thread afterwards, and is mailed to staff under one Message-ID only.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { startMailCatcher } from "@portal/auth-server/tests/smtp-mail";
import { describe, expect, it, vi } from "vitest";
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
      const smtp = await startMailCatcher();
      const settings: Record<string, string> = {
        ...(engine === "sqlite"
          ? { DATA_DIR: mkdtempSync(join(tmpdir(), "portal-messages-")) }
          : { DATABASE_URL: freshPostgres().url }),
        SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: "portal@agency.test",
        MESSAGE_MAIL_DELAY_SECONDS: "1",
      };
      const port = freePort();
      const start = () => startAppProcess(port, auth.url, settings);
      let app = await start();
      const staff = await signedInPerson(app, auth.url, "crash-talk-staff", PASSWORD, true);
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

        // Every answered message reaches staff by mail, each under one Message-ID (a mail handed
        // to SMTP again after a kill carries the same one, so the receiver keeps it once).
        const texts = [...answered.values()].flat();
        const mailIdsOf = (text: string) =>
          new Set(
            smtp.messages
              .filter((mail) => !Array.isArray(mail.to) && mail.to?.text === staff.email)
              .filter((mail) => mail.text?.includes(text))
              .map((mail) => mail.messageId),
          );
        await vi.waitFor(
          () => {
            const unmailed = texts.filter((text) => mailIdsOf(text).size === 0);
            if (unmailed.length > 0) throw new Error(`not mailed yet: ${unmailed.join(", ")}`);
          },
          { timeout: 30_000, interval: 250 },
        );
        expect(texts.filter((text) => mailIdsOf(text).size > 1)).toEqual([]);
      } finally {
        await app.stop();
        await auth.stop();
        await smtp.close();
      }
    });
  },
);
