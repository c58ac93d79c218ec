// The clients' task facts against the programme's model, on both engines: random plans and events
// through the app's write paths (some at once) leave every client's stored facts as the model
// derives them, and what SQL reads of them (overdue, time up, stuck, counts) is what pages show.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAttention } from "~/data/attention.server";
import { stuck } from "~/data/attention.server";
import { saveDirectory } from "~/data/client-directory.server";
import { assignTemplate, clearPlan, savePlanItems } from "~/data/client-plans.server";
import {
  applyProgrammeChanges,
  readClientState,
  recordSprintStart,
} from "~/data/client-programme.server";
import { programmeOf } from "~/data/client-programmes.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent, type Actor } from "~/data/events.server";
import {
  latestHandInStatuses,
  lockClientHandIns,
  recordHandIn,
  recordReview,
} from "~/data/hand-ins.server";
import { accountSettings, changeAccount } from "~/data/client-accounts.server";
import { saveTimeZone } from "~/data/client-profiles.server";
import { dueCounts, rebuildAllFacts, refreshFactsOnZoneOf } from "~/data/task-facts.server";
import { planEdit } from "~/programme/client-plan-edits";
import {
  clientFacts,
  programmeView,
  sprintPageView,
  startDayOf,
} from "~/programme/client-programme";
import { DAY_MS } from "~/programme/countdown";
import type { ProgrammeChange, SprintStatus, TaskStatus } from "~/programme/model";
import { accountIdOf } from "../support/accounts";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

/** A small seeded generator, so a failure names the run it came from. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const SEED = Number(process.env.FACTS_SEED ?? 20261128);
const CLIENTS = 10;
const EVENTS_PER_CLIENT = 14;
const NOW = Date.now();
const staff: Actor = { id: randomUUID(), email: "ada@agency.test", role: "staff" };
/** Zones whose midnights fall on either side of UTC's, a whole day apart at most. */
const ZONES = ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"];

type Random = ReturnType<typeof randomFrom>;

/** One random change to `clientId`'s programme, made and recorded as the app makes it. */
async function randomEvent(random: Random, clientId: string) {
  const client: Actor = { id: clientId, email: `${clientId}@client.test`, role: "client" };
  await inTransaction(async (trx) => {
    const programme = await programmeOf(trx, clientId);
    const state = await readClientState(trx, clientId);
    const sprint = random.pick(programme.content.sprints);
    const line = (change: ProgrammeChange) => [change];
    const record = (changes: Parameters<typeof recordEvent>[1]["changes"], by = staff) =>
      recordEvent(trx, { clientId, actor: by, audience: "client", changes, at: NOW });
    switch (random.int(10)) {
      case 0: {
        // The client opens a sprint, some days ago.
        const at = NOW - random.int(30) * DAY_MS - random.int(DAY_MS);
        const startedAt = await recordSprintStart(trx, clientId, sprint.id, at);
        const change = { kind: "sprint-start", sprintId: sprint.id, startedAt } as const;
        await record([{ ...change, field: "start", before: "", after: "" }], client);
        return;
      }
      case 1: {
        // A tick, or an untick.
        const task = sprint.tasks.length > 0 ? random.pick(sprint.tasks) : undefined;
        if (!task) return;
        const status: TaskStatus = random.pick(["completed", "pending", "in-progress"]);
        const change = { kind: "task", taskId: task.id, status } as const;
        const changes = line({ ...change, field: "task", before: "", after: "" });
        await applyProgrammeChanges(trx, clientId, changes, NOW);
        await record(changes, client);
        return;
      }
      case 2: {
        // Staff set a sprint's status, or move its countdown.
        const changes: ProgrammeChange[] = random.chance(0.5)
          ? [
              {
                kind: "sprint-status",
                sprintId: sprint.id,
                status: random.pick<SprintStatus>(["completed", "in-progress", "not-started"]),
                field: "status",
                before: "",
                after: "",
              },
            ]
          : [
              {
                kind: "sprint-start",
                sprintId: sprint.id,
                startedAt: random.chance(0.2) ? null : NOW - random.int(40) * DAY_MS,
                field: "start",
                before: "",
                after: "",
              },
            ];
        await applyProgrammeChanges(trx, clientId, changes, NOW);
        await record(changes);
        return;
      }
      case 3:
      case 4: {
        // Staff change one task for this client: hide or show it, re-date it, or add one.
        const intent = random.pick(["hide", "show", "save", "add"] as const);
        // What is hidden is no longer in the content: "show" picks among the hidden.
        const hidden = programme.plan.filter(
          (planned) => planned.hidden && planned.kind === "task",
        );
        const shownTasks = sprint.tasks.map((task) => ({ id: task.id, title: task.title }));
        const candidates =
          intent === "show"
            ? hidden
                .filter((planned) => planned.sprintId === sprint.id)
                .map((planned) => ({ id: planned.itemId, title: planned.title ?? "" }))
            : shownTasks;
        const item = candidates.length > 0 ? random.pick(candidates) : undefined;
        if (intent !== "add" && !item) return;
        const template = sprint.tasks.find((task) => task.id === item?.id);
        const due = random.chance(0.2) ? null : random.int(12);
        const edit = planEdit(
          programme.base,
          programme.plan,
          {
            intent,
            kind: "task",
            sprintId: sprint.id,
            itemId: item?.id,
            title:
              intent === "add" ? `Added ${random.int(1000)}` : (template?.title ?? item?.title),
            description: intent === "add" ? "" : (template?.description ?? ""),
            dueAfterDays: due,
          },
          startDayOf(state, sprint.id),
          () => `added-${random.int(1 << 30).toString(16)}`,
        );
        if ("refused" in edit || edit.items.length === 0) return;
        await savePlanItems(trx, clientId, edit.items, NOW);
        await record(edit.lines);
        return;
      }
      case 5: {
        // Staff switch the template (whatever the client did: the rules are the same).
        await clearPlan(trx, clientId);
        const templateId = random.pick([null, "podcast-launch"]);
        await assignTemplate(trx, clientId, { templateId, version: null }, NOW);
        await record([{ field: "Programme template", before: "", after: templateId ?? "" }]);
        return;
      }
      case 6: {
        // The client hands in a task (one version waits for review at a time).
        const task = sprint.tasks.length > 0 ? random.pick(sprint.tasks) : undefined;
        if (!task) return;
        // As the app does: the client's hand-ins locked, then whether a version already waits.
        await lockClientHandIns(trx, clientId);
        if ((await latestHandInStatuses(trx, clientId)).get(task.id) === "in-review") return;
        const handIn = { clientId, taskId: task.id, link: "", note: "", at: NOW };
        const { version } = await recordHandIn(trx, { ...handIn, submittedByEmail: client.email });
        await record([{ field: `Hand-in: ${task.id}`, before: "—", after: `v${version}` }], client);
        return;
      }
      case 7: {
        // Staff decide a hand-in waiting for review.
        const waiting = await trx
          .selectFrom("hand_ins")
          .select(["id", "task_id"])
          .where("client_id", "=", clientId)
          .where("status", "=", "in-review")
          .orderBy("id")
          .executeTakeFirst();
        if (!waiting) return;
        const decision = random.pick(["approved", "changes-requested"] as const);
        const review = { handInId: Number(waiting.id), clientId, taskId: waiting.task_id };
        await recordReview(trx, { ...review, decision, comment: "", reviewerEmail: "", at: NOW });
        await record([
          { field: `Hand-in: ${waiting.task_id}`, before: "In review", after: decision },
        ]);
        return;
      }
      case 8: {
        // Staff set the zone ending the account's due days, or give it back to the primary contact.
        const zone = random.pick([null, ...ZONES]);
        await changeAccount(trx, clientId, { dueTimeZone: zone });
        await record([{ field: "Due days end at midnight in", before: "", after: zone ?? "" }]);
        return;
      }
      case 9: {
        // The primary contact's own zone changes (chosen, or taken from a browser at sign-in).
        const { primaryContactId } = await accountSettings(trx, clientId);
        const chosen = random.chance(0.5);
        await saveTimeZone(trx, primaryContactId, random.pick(ZONES), { at: NOW, chosen });
        await refreshFactsOnZoneOf(trx, primaryContactId);
        return;
      }
    }
  });
}

/** The facts stored for `clientId`, in the model's order. */
async function storedFacts(clientId: string) {
  const db = await database();
  const sprints = await db
    .selectFrom("client_sprint_facts")
    .select(["sprint_id", "deadline"])
    .where("user_id", "=", clientId)
    .orderBy("sprint_id")
    .execute();
  const tasks = await db
    .selectFrom("client_task_facts")
    .select(["task_id", "sprint_id", "owner", "due_day", "due_end", "settled"])
    .where("user_id", "=", clientId)
    .execute();
  return {
    sprints: sprints.map((row) => ({ sprintId: row.sprint_id, deadline: Number(row.deadline) })),
    tasks: tasks
      .map((row) => ({
        taskId: row.task_id,
        sprintId: row.sprint_id,
        owner: row.owner,
        dueDay: Number(row.due_day),
        dueEnd: Number(row.due_end),
        settled: Number(row.settled) === 1,
      }))
      .sort((a, b) => a.taskId.localeCompare(b.taskId)),
  };
}

/** The facts the model derives for `clientId` now. */
async function modelFacts(clientId: string) {
  const db = await database();
  const facts = clientFacts(
    (await programmeOf(db, clientId)).content,
    await readClientState(db, clientId),
  );
  return {
    sprints: facts.sprints,
    tasks: facts.tasks.sort((a, b) => a.taskId.localeCompare(b.taskId)),
  };
}

/**
 * What the client's pages show at `now`, from the page model alone: their overdue tasks and the
 * sprints whose time is up (in sprints not completed), and the tasks due today.
 */
async function shownAt(clientId: string, now: number) {
  const db = await database();
  const { content } = await programmeOf(db, clientId);
  const state = await readClientState(db, clientId);
  const overdue: string[] = [];
  let dueToday = 0;
  for (const sprint of content.sprints) {
    const page = sprintPageView(sprint, content, state, now);
    if (page.sprint.status === "completed") continue;
    for (const task of page.tasks) {
      if (task.overdue) overdue.push(task.id);
      // Due today: not done, and not waiting for the agency's review.
      else if (task.status !== "completed" && !state.inReview.has(task.id) && task.dueAt !== null) {
        // Its due day ends within a day: today, by the account's clock.
        if (task.dueAt >= now && task.dueAt < now + DAY_MS) dueToday += 1;
      }
    }
  }
  const timeUp = programmeView(content, state, now)
    .sprints.filter((sprint) => sprint.timeUp)
    .map((sprint) => String(sprint.id));
  return { overdue: overdue.sort(), timeUp: timeUp.sort(), dueToday };
}

describe.each(ENGINES)("task facts on %s", (engine) => {
  const clients: string[] = [];

  beforeAll(async () => {
    await useEngine(engine);
    const random = randomFrom(SEED);
    for (let n = 0; n < CLIENTS; n++) {
      const userId = randomUUID();
      const accountId = await inTransaction(async (trx) => {
        await saveDirectory(
          trx,
          [
            {
              userId,
              email: `${userId}@client.test`,
              state: "confirmed",
              isStaff: false,
              createdAt: NOW - 60 * DAY_MS,
              lastSignInAt: NOW - DAY_MS,
            },
          ],
          NOW,
        );
        return accountIdOf(userId, trx);
      });
      clients.push(accountId);
      for (let event = 0; event < EVENTS_PER_CLIENT; event++) await randomEvent(random, accountId);
    }
  }, 120_000);

  it(`are stored as the model derives them after every write path (seed ${SEED})`, async () => {
    // The seed's events leave work waiting for review and work decided, whose facts are checked too.
    const statuses = await (
      await database()
    )
      .selectFrom("hand_ins")
      .select("status")
      .distinct()
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(
      expect.arrayContaining(["approved", "in-review"]),
    );
    for (const clientId of clients) {
      expect(await storedFacts(clientId), clientId).toEqual(await modelFacts(clientId));
    }
  });

  it("answer, read by SQL, what the pages show at every moment", async () => {
    const db = await database();
    for (const offset of [-20, -3, -1, 0, 1, 2, 5, 15]) {
      const now = NOW + offset * DAY_MS + 7 * 3_600_000;
      const attention = await readAttention(db, now, 10_000);
      const counts = await dueCounts(db, clients, now);
      const stuckIds = (
        await db.selectFrom("clients as c").select("c.user_id").where(stuck(now)).execute()
      ).map((row) => row.user_id);
      for (const clientId of clients) {
        const shown = await shownAt(clientId, now);
        const of = (kind: string) =>
          attention.items
            .filter((item) => item.clientId === clientId && item.kind === kind)
            .map((item) => item.item)
            .sort();
        const at = `${clientId} at day ${offset}`;
        expect(of("overdue-task"), at).toEqual(shown.overdue);
        expect(of("time-up"), at).toEqual(shown.timeUp);
        expect(counts.get(clientId), at).toEqual({
          overdue: shown.overdue.length,
          today: shown.dueToday,
        });
        // Stuck is late as the pages show it, or quiet for 7 days (the directory's activity).
        const { activity_at: activity } = await db
          .selectFrom("clients")
          .select("activity_at")
          .where("user_id", "=", clientId)
          .executeTakeFirstOrThrow();
        const quiet = Number(activity) <= now - 7 * DAY_MS;
        expect(stuckIds.includes(clientId), at).toBe(
          quiet || shown.overdue.length + shown.timeUp.length > 0,
        );
      }
    }
  });

  it("follow the account's zone at once: its primary contact's, unless staff set another", async () => {
    const clientId = randomUUID();
    const entry = {
      userId: clientId,
      email: `${clientId}@client.test`,
      state: "confirmed" as const,
      isStaff: false,
      createdAt: NOW,
      lastSignInAt: NOW,
    };
    const account = await inTransaction(async (trx) => {
      await saveDirectory(trx, [entry], NOW);
      const accountId = await accountIdOf(clientId, trx);
      const startedAt = await recordSprintStart(trx, accountId, 1, NOW - DAY_MS);
      const change = { kind: "sprint-start", sprintId: 1, startedAt } as const;
      await recordEvent(trx, {
        clientId: accountId,
        actor: { id: clientId, email: entry.email, role: "client" },
        audience: "client",
        changes: [{ ...change, field: "start", before: "", after: "" }],
        at: NOW,
      });
      return accountId;
    });
    const ends = async () => (await storedFacts(account)).tasks.map((task) => task.dueEnd);
    const inUtc = await ends();
    const setZone = (zone: string) =>
      inTransaction(async (trx) => {
        await saveTimeZone(trx, clientId, zone, { at: NOW, chosen: true });
        await refreshFactsOnZoneOf(trx, clientId);
      });
    await setZone("Pacific/Auckland");
    expect(await storedFacts(account)).toEqual(await modelFacts(account));
    const inAuckland = await ends();
    expect(inAuckland).not.toEqual(inUtc);
    await inTransaction(async (trx) => {
      await changeAccount(trx, account, { dueTimeZone: "America/New_York" });
      await recordEvent(trx, {
        clientId: account,
        actor: staff,
        audience: "client",
        changes: [{ field: "Due days end at midnight in", before: "", after: "America/New_York" }],
        at: NOW,
      });
    });
    expect(await storedFacts(account)).toEqual(await modelFacts(account));
    const inNewYork = await ends();
    expect(inNewYork).not.toEqual(inAuckland);
    // Staff's zone stands while the primary contact's changes.
    await setZone("Asia/Kolkata");
    expect(await ends()).toEqual(inNewYork);
    expect(await storedFacts(account)).toEqual(await modelFacts(account));
  });

  it("stay as the model derives them when changes to one client come at once", async () => {
    const clientId = clients[0]!;
    const random = randomFrom(SEED + 1);
    await Promise.all(Array.from({ length: 12 }, () => randomEvent(random, clientId)));
    expect(await storedFacts(clientId)).toEqual(await modelFacts(clientId));
  });

  it("are written anew, all of them, by the rebuild", async () => {
    const db = await database();
    await inTransaction(async (trx) => {
      await trx.deleteFrom("client_task_facts").execute();
      await trx.updateTable("client_sprint_facts").set({ deadline: 0 }).execute();
    });
    expect(await rebuildAllFacts(db)).toBeGreaterThan(0);
    for (const clientId of clients) {
      expect(await storedFacts(clientId), clientId).toEqual(await modelFacts(clientId));
    }
    if (engine === "postgres") {
      // Vacuumed at once, so counting overdue tasks reads the index alone.
      const { rows } = await sql<{ vacuumed: number | string }>`select count(*) as vacuumed
        from pg_stat_user_tables where relname like 'client_%' and last_vacuum is not null`.execute(
        db,
      );
      expect(Number(rows[0]?.vacuumed)).toBe(3);
    }
  });
});
