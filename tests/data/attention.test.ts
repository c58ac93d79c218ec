// "Needs attention" on both engines: each kind found at its threshold and not before, oldest first,
// counted past the listed ones, staff and done work left out; each client's own programme counts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAttention } from "~/data/attention.server";
import { ATTENTION_KEPT_MS, consoleAttention } from "~/staff/attention.server";
import { assignTemplate, recordServedTemplate, savePlanItems } from "~/data/client-plans.server";
import { programmeOf } from "~/data/client-programmes.server";
import { applyProgrammeChanges } from "~/data/client-programme.server";
import { saveDirectory } from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import { refreshClientFacts } from "~/data/task-facts.server";
import { recordHandIn } from "~/data/hand-ins.server";
import { recordMessage } from "~/data/messages.server";
import type { AccountStatus } from "~/data/shapes";
import { NO_DUE_DATE, TEMPLATE_TASK_FIELDS, type PlanItem } from "~/programme/client-plan";
import type { ProgrammeChange } from "~/programme/model";
import defaultProgrammeSource from "~/content/programme.yaml?raw";
import YAML from "yaml";
import { accountIdOf } from "../support/accounts";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Wednesday 25 November 2026, noon UTC. */
const NOW = Date.UTC(2026, 10, 25, 12);

async function client(
  label: string,
  {
    state = "confirmed",
    createdAt = NOW - 30 * DAY,
    lastSignInAt = NOW - HOUR,
    isStaff = false,
    userId,
  } = {} as {
    state?: AccountStatus;
    createdAt?: number;
    lastSignInAt?: number | null;
    isStaff?: boolean;
    /** An id the test picks: a client from before accounts had ids of their own, the account theirs. */
    userId?: string;
  },
) {
  const personId = userId ?? randomUUID();
  const email = `${label}-${personId.slice(0, 8)}@client.test`;
  const at = NOW;
  const accountId = await inTransaction(async (trx) => {
    if (userId) {
      const row = {
        user_id: userId,
        account_id: userId,
        is_staff: 0,
        created_at: at,
        updated_at: at,
      };
      await trx.insertInto("clients").values(row).execute();
    }
    const entry = { userId: personId, email, state, isStaff, createdAt, lastSignInAt };
    await saveDirectory(trx, [entry], at);
    return isStaff ? personId : accountIdOf(personId, trx);
  });
  // The client, as the console knows them: their account.
  return { userId: accountId, email };
}

/** `changes` stored as the app stores them: with the client's task facts. */
function change(userId: string, changes: ProgrammeChange[]) {
  return inTransaction(async (trx) => {
    await applyProgrammeChanges(trx, userId, changes, NOW - HOUR);
    await refreshClientFacts(trx, userId);
  });
}

/** A hand-in of VSL Alchemist by `by`, waiting for review since `at`. */
function handIn(by: { userId: string; email: string }, at: number) {
  return inTransaction((trx) =>
    recordHandIn(trx, {
      clientId: by.userId,
      taskId: "vsl-alchemist",
      link: "",
      note: "",
      submittedByEmail: by.email,
      at,
    }),
  );
}

/** A task as the agency changed it for one client (every other field as the template). */
const planned = (fields: Partial<PlanItem> & Pick<PlanItem, "itemId">): PlanItem => ({
  kind: "task",
  sprintId: 1,
  title: null,
  description: null,
  dueAfterDays: null,
  position: null,
  hidden: false,
  added: false,
  ...TEMPLATE_TASK_FIELDS,
  ...fields,
});

const started = (sprintId: number, startedAt: number): ProgrammeChange => ({
  kind: "sprint-start",
  sprintId,
  startedAt,
  field: "",
  before: "",
  after: "",
});

describe.each(ENGINES)("needs attention on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("finds each kind at its threshold, oldest first, and leaves out what is done or not due", async () => {
    const empty = await readAttention(await database(), NOW, 5);
    expect(empty.items).toEqual([]);

    // Sprint 1 opened 3 days ago (Sunday noon): ICP Builder (day 2) is overdue, Messaging
    // Mastery (day 3, today) is not; Offer Alchemy starts done. Sprint 1's 5 days are not up.
    // Their ids sort the other way round from their e-mails, so a tie shows which one orders it.
    const late = await client("late", { userId: `0${randomUUID().slice(1)}` });
    await change(late.userId, [started(1, NOW - 3 * DAY)]);
    // Opened 6 days ago: its time is up; of its four open tasks one is done, three are overdue.
    const expired = await client("expired", { userId: `f${randomUUID().slice(1)}` });
    await change(expired.userId, [
      started(1, NOW - 6 * DAY),
      {
        kind: "task",
        taskId: "icp-builder",
        status: "completed",
        field: "",
        before: "",
        after: "",
      },
    ]);
    // A completed sprint's open tasks and run-out countdown are not the client's to chase.
    const finished = await client("finished");
    await change(finished.userId, [
      started(1, NOW - 6 * DAY),
      { kind: "sprint-status", sprintId: 1, status: "completed", field: "", before: "", after: "" },
    ]);
    // Staff are never listed.
    const staff = await client("staff", { isStaff: true, lastSignInAt: NOW - 30 * DAY });
    await change(staff.userId, [started(1, NOW - 6 * DAY)]);

    const waiting = await client("waiting");
    await handIn(waiting, NOW - 49 * HOUR);
    const recent = await client("recent");
    await handIn(recent, NOW - 47 * HOUR);
    const asking = await client("asking");
    await inTransaction((trx) =>
      recordMessage(trx, {
        clientId: asking.userId,
        author: { id: asking.userId, email: asking.email, role: "client" },
        body: "Can we move our call?",
        internal: false,
        at: NOW - 25 * HOUR,
      }),
    );
    const quiet = await client("quiet", { lastSignInAt: NOW - 8 * DAY });
    const never = await client("never", { lastSignInAt: null });
    const invited = await client("invited", {
      state: "invited",
      createdAt: NOW - 4 * DAY,
      lastSignInAt: null,
    });
    await client("just-invited", {
      state: "invited",
      createdAt: NOW - 2 * DAY,
      lastSignInAt: null,
    });

    const attention = await readAttention(await database(), NOW, 3);
    const listed = (kind: string) =>
      attention.items
        .filter((item) => item.kind === kind)
        .map((item) => [item.email.split("-")[0], item.item, item.since]);
    const endOf = (day: number) => Date.UTC(2026, 10, day + 1);
    // Oldest first, then by client id (two are due on the 24th); the fourth is counted, not listed.
    expect(listed("overdue-task")).toEqual([
      ["expired", "messaging-mastery", endOf(22)],
      ["expired", "pricing-strategist", endOf(23)],
      ["late", "icp-builder", endOf(24)],
    ]);
    expect(attention.counts["overdue-task"]).toBe(4);
    const all = await readAttention(await database(), NOW, 10);
    const sameDay = all.items
      .filter((item) => item.kind === "overdue-task" && item.since === endOf(24))
      .map((item) => [item.clientId, item.item]);
    expect(sameDay).toEqual([
      [late.userId, "icp-builder"],
      [expired.userId, "vsl-alchemist"],
    ]);
    expect(listed("time-up")).toEqual([["expired", "1", NOW - DAY]]);
    expect(listed("hand-in-waiting")).toEqual([["waiting", "vsl-alchemist", NOW - 49 * HOUR]]);
    expect(listed("message-waiting")).toEqual([["asking", "", NOW - 25 * HOUR]]);
    expect(listed("quiet")).toEqual([["quiet", "", NOW - 8 * DAY]]);
    expect(listed("invitation-waiting")).toEqual([["invited", "", NOW - 4 * DAY]]);
    expect(attention.items.some((item) => item.clientId === never.userId)).toBe(false);
    expect(attention.items.some((item) => item.clientId === finished.userId)).toBe(false);
    expect(attention.items.some((item) => item.clientId === staff.userId)).toBe(false);
    expect(quiet.email).toMatch(/^quiet-/);
    expect(invited.email).toMatch(/^invited-/);
  });

  it("asks of each client's own programme: their changes, and the version they were kept on", async () => {
    const db = await database();
    // Sprint 1 opened 3 days ago (Sunday): on the template only ICP Builder (day 2) is overdue.
    const own = await client("own");
    await change(own.userId, [started(1, NOW - 3 * DAY)]);
    await inTransaction((trx) =>
      savePlanItems(
        trx,
        own.userId,
        [
          // Not overdue for them: re-dated to day 5.
          planned({ itemId: "icp-builder", dueAfterDays: 5 }),
          // Overdue for them: Messaging Mastery due on day 0, and an added task due on day 1.
          planned({ itemId: "messaging-mastery", dueAfterDays: 0 }),
          planned({
            itemId: "added-0a1b2c3d",
            title: "Welcome video",
            dueAfterDays: 1,
            added: true,
            owner: "agency",
            handIn: "link",
            handInRequired: true,
            link: "https://video.example.com/welcome",
          }),
          // Neither: a task hidden, and one whose due day was taken away.
          planned({
            itemId: "added-hidden",
            title: "Gone",
            dueAfterDays: 0,
            added: true,
            hidden: true,
          }),
          planned({ itemId: "vsl-alchemist", dueAfterDays: NO_DUE_DATE }),
        ],
        NOW - HOUR,
      ).then(() => refreshClientFacts(trx, own.userId)),
    );
    // The added task's other fields are stored and read back as they were given.
    const welcome = (await programmeOf(db, own.userId)).content.sprints[0]!.tasks.find(
      (task) => task.id === "added-0a1b2c3d",
    );
    expect(welcome).toMatchObject({
      owner: "agency",
      handIn: "link",
      handInRequired: true,
      link: "https://video.example.com/welcome",
    });
    // Kept on an earlier version where ICP Builder was due on day 0 and Sprint 1 ran 2 days.
    const earlier = YAML.parse(defaultProgrammeSource) as {
      sprints: { countdownDays: number; tasks: { id: string; dueAfterDays?: number }[] }[];
    };
    earlier.sprints[0]!.countdownDays = 2;
    earlier.sprints[0]!.tasks.find((task) => task.id === "icp-builder")!.dueAfterDays = 0;
    const kept = await client("kept");
    await change(kept.userId, [started(1, NOW - 3 * DAY)]);
    await inTransaction(async (trx) => {
      await recordServedTemplate(
        trx,
        { id: "default", version: "v0", source: YAML.stringify(earlier), isDefault: true },
        NOW - 2 * HOUR,
      );
      await assignTemplate(trx, kept.userId, { templateId: null, version: "v0" }, NOW - HOUR);
      await refreshClientFacts(trx, kept.userId);
    });

    const attention = await readAttention(db, NOW, 50);
    const of = (who: { userId: string }, kind: string) =>
      attention.items
        .filter((item) => item.clientId === who.userId && item.kind === kind)
        .map((item) => [item.item, item.since])
        .sort();
    const endOf = (day: number) => Date.UTC(2026, 10, day + 1);
    expect(of(own, "overdue-task")).toEqual([
      ["added-0a1b2c3d", endOf(23)],
      ["messaging-mastery", endOf(22)],
    ]);
    expect(of(own, "time-up")).toEqual([]);
    expect(of(kept, "overdue-task")).toEqual([["icp-builder", endOf(22)]]);
    expect(of(kept, "time-up")).toEqual([["1", NOW - DAY]]);
  });

  it("keeps the console's reading until anything is written, and no longer than its time", async () => {
    const first = await consoleAttention(NOW);
    // The run's other files write to the same PostgreSQL server, whose log position is shared.
    if (engine === "sqlite") expect(await consoleAttention(NOW + 1)).toBe(first);
    const waiting = await client("kept-waiting");
    await handIn(waiting, NOW - 50 * HOUR);
    const handIns = (groups: Awaited<ReturnType<typeof consoleAttention>>) =>
      groups.find((group) => group.kind === "hand-in-waiting");
    const afterWrite = await consoleAttention(NOW + 2);
    expect(handIns(afterWrite)!.count).toBe((handIns(first)?.count ?? 0) + 1);
    expect(afterWrite.flatMap((group) => group.items).map((item) => item.email)).toContain(
      waiting.email,
    );
    const later = await consoleAttention(NOW + 2 + ATTENTION_KEPT_MS);
    expect(later).not.toBe(afterWrite);
    expect(later).toEqual(afterWrite);
  });
});
