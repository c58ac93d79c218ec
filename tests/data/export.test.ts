// The product data's move from SQLite to PostgreSQL: every table arrives as it was (one with more
// than a page of rows), a target already holding data is refused with nothing copied, and every
// table then takes new rows, serial ids from sequences moved past the copy.
import { TEMPLATE_TASK_FIELDS } from "~/programme/client-plan";
import { recordServedTemplate, savePlanItems } from "~/data/client-plans.server";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { saveDirectory, finishSync } from "~/data/client-directory.server";
import {
  applyProgrammeChanges,
  readClientState,
  recordSprintStart,
} from "~/data/client-programme.server";
import {
  closeProductDatabase,
  database,
  inTransaction,
  type Executor,
} from "~/data/connection.server";
import { openDatabase, openMigratedDatabase } from "~/data/database.server";
import { readAuditTrail, recordEvent, type Actor } from "~/data/events.server";
import { copyProductData } from "~/data/export.server";
import { saveRevocation } from "~/data/session-revocations.server";
import {
  claimMailScope,
  markMailed,
  recordDelivery,
  setFollowsThread,
  setMailMode,
} from "~/data/mail.server";
import { reserveRoom } from "~/data/file-room.server";
import { ensureFactsCurrent } from "~/data/task-facts.server";
import { saveAnswers } from "~/data/form-answers.server";
import { recordHandIn } from "~/data/hand-ins.server";
import {
  readAgencySettings,
  recordAgencyLines,
  saveAgencySettings,
} from "~/data/agency-settings.server";
import { recordMessage } from "~/data/messages.server";
import { logReceived } from "~/data/inbound-mails.server";
import { keepReplyKey, replyKeyOf } from "~/data/reply-keys.server";
import { recordSharedFile } from "~/data/shared-files.server";
import { recordVisit } from "~/data/visits.server";
import { assignTask } from "~/data/task-assignees.server";
import { beginOverdueReminders, claimReminders } from "~/data/task-reminders.server";
import type { ProgrammeChange } from "~/programme/model";
import { freshDatabase, stopEngines, useDatabase, useEngine } from "../support/engines";

afterAll(stopEngines);

const staff: Actor = { id: randomUUID(), email: "staff@agency.test", role: "staff" };

function tick(taskId: string, status: "completed" | "pending"): ProgrammeChange {
  return { kind: "task", taskId, status, field: `task: ${taskId}`, before: "", after: status };
}

/** Everything a client and the agency write, through the product's own data functions. */
function writeEverything(user: string, index: number) {
  return async (trx: Executor) => {
    const at = Date.now();
    const changes: ProgrammeChange[] = [
      tick("icp-builder", index % 2 === 0 ? "completed" : "pending"),
      {
        kind: "objective",
        objectiveId: "offer",
        progress: index % 100,
        field: "o",
        before: "",
        after: "",
      },
      { kind: "overall", progress: 30, field: "overall", before: "25%", after: "30%" },
    ];
    await applyProgrammeChanges(trx, user, changes, at);
    if (index % 3 === 0) await recordSprintStart(trx, user, 1, at);
    await recordEvent(trx, {
      clientId: user,
      actor: staff,
      audience: "client",
      changes,
      jobs: [{ kind: "test-mail", payload: { user }, key: `export-${user}` }],
      at,
    });
    await saveDirectory(
      trx,
      [
        {
          userId: user,
          email: `${user}@example.com`,
          state: "confirmed",
          isStaff: false,
          createdAt: at,
          lastSignInAt: null,
        },
      ],
      at,
    );
    await saveRevocation(trx, user, { revokedAt: at, keptSessionId: null, reason: "everywhere" });
    const handIn = await recordHandIn(trx, {
      clientId: user,
      taskId: "offer-alchemy",
      link: "",
      note: "",
      submittedByEmail: `${user}@example.com`,
      at,
    });
    await recordSharedFile(trx, {
      id: randomUUID(),
      clientId: user,
      name: "offer.pdf",
      bytes: 3_000_000_000 + index,
      sha256: "0".repeat(64),
      contentType: "application/pdf",
      note: "",
      sharedBy: staff,
      at,
      handInId: handIn.id,
    });
    const welcome = await recordMessage(trx, {
      clientId: user,
      author: staff,
      body: "Welcome!",
      internal: false,
      at,
      taskId: "offer-alchemy",
    });
    await setMailMode(trx, user, "messages", index % 2 === 0 ? "daily" : "off", at);
    await setFollowsThread(trx, user, staff.id, false, at);
    await markMailed(trx, user, user, welcome, at);
    await recordDelivery(trx, {
      mail_key: `export-${user}`,
      client_id: user,
      recipient_id: user,
      recipient_email: `${user}@example.com`,
      status: "sent",
      detail: "1 message",
      message_count: 1,
      at,
    });
    await recordVisit(trx, user, user, at);
    await claimMailScope(trx, `messages.${user}.${user}`, "export", {
      now: at,
      until: at + 60_000,
    });
    await reserveRoom(
      trx,
      { id: randomUUID(), clientId: user, bytes: 10, now: at, until: at + 60_000 },
      { quota: Number.MAX_SAFE_INTEGER, maxAtOnce: 2 },
    );
    await claimReminders(
      trx,
      [
        {
          userId: user,
          accountId: user,
          taskId: "icp-builder",
          kind: "day-before",
          dueDay: 20_000 + index,
        },
      ],
      at,
    );
    await assignTask(trx, user, "icp-builder", user, at);
    await recordServedTemplate(
      trx,
      { id: "export-template", version: `v${index}`, source: "sprints: []", isDefault: false },
      at,
    );
    await savePlanItems(
      trx,
      user,
      [
        {
          kind: "task",
          itemId: "icp-builder",
          sprintId: 1,
          title: "Client avatar",
          description: null,
          dueAfterDays: 3,
          position: null,
          ...TEMPLATE_TASK_FIELDS,
          hidden: false,
          added: false,
        },
      ],
      at,
    );
    const { version } = await readAgencySettings(trx);
    await saveAgencySettings(trx, JSON.stringify({ name: `Agency ${index}` }), version, at);
    await recordAgencyLines(trx, staff, [{ field: "Agency name", before: "", after: "x" }], at);
    const key = replyKeyOf(`messages.${user}.${user}.${index}`, "export-test-secret");
    await keepReplyKey(trx, key, { readerId: user, clientId: user }, at);
    await logReceived(trx, {
      source: "webhook",
      messageKey: `<reply-${user}-${index}@mail.test>`,
      sha256: "0".repeat(64),
      bytes: 100,
      rawKey: randomUUID(),
      at,
    });
    await saveAnswers(trx, {
      clientId: user,
      taskId: "icp-builder",
      answers: { "best-clients": `Answer ${index}`, channels: ["LinkedIn"] },
      by: { id: user, email: `${user}@example.com` },
      at,
    });
  };
}

async function tableNames(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
    and name not like 'kysely_%'`.execute(await database());
  return rows.map((row) => row.name);
}

describe("copying the product data from SQLite to PostgreSQL", () => {
  it("carries every table over, and every table takes new writes afterwards", async () => {
    const sqlite = await useEngine("sqlite");
    const clients = Array.from({ length: 600 }, () => randomUUID());
    await inTransaction(async (trx) => {
      for (const [index, user] of clients.entries()) await writeEverything(user, index)(trx);
    });
    await inTransaction((trx) => finishSync(trx, Date.now(), new Set(clients)));
    const db = await database();
    // The task facts' record of what wrote them, and when reminders after a due day began, as a
    // start leaves them.
    await ensureFactsCurrent(db);
    await inTransaction((trx) => beginOverdueReminders(trx, Date.now()));
    const tables = await tableNames();
    for (const table of tables) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)}`.execute(db);
      expect(Number(rows[0]?.n), `rows in ${table} before the move`).toBeGreaterThan(0);
    }
    const before = await Promise.all(clients.slice(0, 40).map((user) => readClientState(db, user)));
    const trailBefore = await readAuditTrail(db, clients[0] as string);
    await closeProductDatabase();

    const target = freshDatabase("postgres");
    const from = openDatabase({ dataDir: sqlite.DATA_DIR });
    const to = await openMigratedDatabase({
      databaseUrl: target.DATABASE_URL,
      dataDir: target.DATA_DIR,
    });
    try {
      const copied = await copyProductData(from, to);
      expect(Object.keys(copied).sort()).toEqual([...tables].sort());
      expect(copied.task_states).toBe(600);
      expect(copied.audit_events).toBe(1800);
      expect(copied.sprint_states).toBe(200);
      await expect(copyProductData(from, to)).rejects.toThrow(/already holds product data/);
    } finally {
      await to.close();
      await from.close();
    }

    await useDatabase(target);
    const moved = await database();
    expect(
      await Promise.all(clients.slice(0, 40).map((user) => readClientState(moved, user))),
    ).toEqual(before);
    expect(await readAuditTrail(moved, clients[0] as string)).toEqual(trailBefore);
    // New rows in every table: ids from the moved sequences, not colliding with copied ones.
    await inTransaction(writeEverything(randomUUID(), 1));
    await inTransaction(writeEverything(clients[1] as string, 2));
    const { entries: trail } = await readAuditTrail(moved, clients[1] as string);
    expect(trail).toHaveLength(6);
    const jobs = await moved.selectFrom("jobs").select(["id"]).execute();
    expect(new Set(jobs.map((job) => job.id)).size).toBe(jobs.length);
  });
});
