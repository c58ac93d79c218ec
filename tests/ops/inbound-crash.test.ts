// SIGKILL right after the built-in SMTP listener answered 250: the reply it accepted is posted to its
// thread once the app is back, on both engines (nodemailer sends it, as a mail server would).
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { describe, expect, it, vi } from "vitest";
import { runOnAppDatabase } from "../support/app-database";
import { fixture } from "../support/inbound-mail";
import { freshPostgres } from "../support/postgres";
import {
  consoleAccountId,
  freePort,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
} from "../support/processes";

const PASSWORD = "Inbound-Crash-2026!";
const KEY = "abcdefghijklmnopqrstuvwxyz";

describe.each(["sqlite", "postgres"] as const)(
  "SIGKILL right after the SMTP listener's 250 (%s)",
  (engine) => {
    it("posts the reply it accepted once the app is back", { timeout: 120_000 }, async () => {
      const auth = await startAuthProcess(freePort());
      const smtpPort = freePort();
      const database = {
        dataDir: mkdtempSync(join(tmpdir(), "portal-inbound-")),
        databaseUrl: engine === "postgres" ? freshPostgres().url : undefined,
      };
      const settings: Record<string, string> = {
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
        INBOUND_MAIL_ADDRESS: "reply@portal.test",
        INBOUND_SMTP_PORT: String(smtpPort),
        INBOUND_SMTP_HOST: "127.0.0.1",
      };
      const port = freePort();
      let app = await startAppProcess(port, auth.url, settings);
      const transport = createTransport({
        host: "127.0.0.1",
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
      });
      try {
        const client = await signedInPerson(app, auth.url, "inbound-crash", PASSWORD);
        const staff = await signedInPerson(app, auth.url, "inbound-crash-staff", PASSWORD, true);
        const accountId = await consoleAccountId(app, client.id, staff.cookie);
        // A mail to the client about their account's thread gave them this key.
        const hash = createHash("sha256").update(KEY).digest("hex");
        await runOnAppDatabase(
          database,
          `insert into reply_keys (key_hash, reader_id, client_id, created_at, expires_at)
           values ('${hash}', '${client.id}', '${accountId}', 0, ${Date.now() + 86_400_000})`,
        );
        const to = `reply+${KEY}@portal.test`;
        const sent = await transport.sendMail({
          envelope: { from: client.email, to: [to] },
          raw: fixture("gmail", { to, from: client.email }),
        });
        expect(sent.response).toMatch(/^250 /);
        await app.stop("SIGKILL");
        app = await startAppProcess(port, auth.url, settings);
        const thread = async () => {
          const page = await fetch(`${app.url}/dashboard/messages`, {
            headers: { Cookie: client.cookie },
          });
          return page.text();
        };
        await vi.waitFor(
          async () => {
            if (!(await thread()).includes("Thanks, Friday works")) throw new Error("not yet");
          },
          { timeout: 60_000, interval: 250 },
        );
        expect(await thread()).toContain("Thanks, Friday works");
      } finally {
        transport.close();
        await app.stop();
        await auth.stop();
      }
    });
  },
);
