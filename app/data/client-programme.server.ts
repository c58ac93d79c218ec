// Each client's place in the programme: read in one query per view, changed by the client (a tick,
// a sprint's first opening) and the agency alike. Every query is keyed by the user id the caller
// verified from the session, never by anything a form sent.
import { ownAccount } from "./client-accounts.server";
import { sql } from "kysely";
import type { ClientState, ProgrammeChange, SprintStatus, TaskStatus } from "~/programme/model";
import { compiledOnce } from "./compiled-once.server";
import type { Executor } from "./connection.server";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";

interface StateRow {
  user_id: string;
  kind: "overall" | "sprint" | "task" | "objective" | "review";
  item: string;
  status: string | null;
  progress: number | null;
  started_at: number | null;
}

function emptyState(): ClientState {
  return {
    overallProgress: null,
    sprints: new Map(),
    tasks: new Map(),
    objectives: new Map(),
    inReview: new Set(),
    changesRequested: new Set(),
    dueZone: DEFAULT_TIME_ZONE,
  };
}

const noText = sql<string | null>`null`;
const noNumber = sql<number | null>`null`;

/** Every stored row of `userIds`' states, each as the kind of thing it records. */
const stateRows = compiledOnce((db: Executor, userIds: string[]) =>
  // Sprint rows first: their columns give every branch of the union its type in PostgreSQL.
  db
    .selectFrom("sprint_states")
    .select([
      "user_id",
      sql<string>`'sprint'`.as("kind"),
      sql<string>`cast(sprint_id as text)`.as("item"),
      "status",
      "progress",
      "started_at",
    ])
    .where("user_id", "in", userIds)
    .unionAll(
      // With the account's due zone: the one staff set, else its primary contact's.
      db
        .selectFrom("clients as a")
        .select([
          "a.user_id",
          sql<string>`'overall'`.as("kind"),
          sql<string>`''`.as("item"),
          sql<string | null>`coalesce(a.due_time_zone, (select p.time_zone from clients p
            where p.user_id = coalesce(a.primary_contact_id, a.user_id)))`.as("status"),
          "a.overall_progress as progress",
          noNumber.as("started_at"),
        ])
        .where("a.user_id", "in", userIds),
    )
    .unionAll(
      db
        .selectFrom("task_states")
        .select([
          "user_id",
          sql<string>`'task'`.as("kind"),
          "task_id as item",
          "status",
          noNumber.as("progress"),
          noNumber.as("started_at"),
        ])
        .where("user_id", "in", userIds),
    )
    .unionAll(
      db
        .selectFrom("objective_states")
        .select([
          "user_id",
          sql<string>`'objective'`.as("kind"),
          "objective_id as item",
          noText.as("status"),
          "progress",
          noNumber.as("started_at"),
        ])
        .where("user_id", "in", userIds),
    )
    .unionAll(
      // A hand-in waits for review only as its task's latest version (no newer one is taken); one
      // sent back counts while no newer version follows it.
      db
        .selectFrom("hand_ins as h")
        .select([
          "h.client_id as user_id",
          sql<string>`'review'`.as("kind"),
          "h.task_id as item",
          "h.status",
          noNumber.as("progress"),
          noNumber.as("started_at"),
        ])
        .where("h.client_id", "in", userIds)
        .where(({ eb, or, and, not, exists, selectFrom }) =>
          or([
            eb("h.status", "=", "in-review"),
            and([
              eb("h.status", "=", "changes-requested"),
              not(
                exists(
                  selectFrom("hand_ins as n")
                    .select("n.id")
                    .whereRef("n.client_id", "=", "h.client_id")
                    .whereRef("n.task_id", "=", "h.task_id")
                    .whereRef("n.version", ">", "h.version"),
                ),
              ),
            ]),
          ]),
        ),
    ),
);

/** The states of several clients in one query (the staff console's list). */
export async function readClientStates(
  db: Executor,
  userIds: string[],
): Promise<Map<string, ClientState>> {
  const states = new Map(userIds.map((id) => [id, emptyState()]));
  if (userIds.length === 0) return states;
  const rows = (await stateRows(db, userIds)) as StateRow[];
  for (const row of rows) {
    const state = states.get(row.user_id);
    if (!state) continue;
    if (row.kind === "overall") {
      state.overallProgress = row.progress;
      state.dueZone = row.status ?? DEFAULT_TIME_ZONE;
    } else if (row.kind === "sprint") {
      state.sprints.set(Number(row.item), {
        status: row.status as SprintStatus | null,
        progress: row.progress,
        startedAt: row.started_at,
      });
    } else if (row.kind === "task") state.tasks.set(row.item, row.status as TaskStatus);
    else if (row.kind === "review") {
      (row.status === "in-review" ? state.inReview : state.changesRequested).add(row.item);
    } else if (row.progress !== null) state.objectives.set(row.item, row.progress);
  }
  return states;
}

/** One client's state, in one query. */
export async function readClientState(db: Executor, userId: string): Promise<ClientState> {
  return (await readClientStates(db, [userId])).get(userId) ?? emptyState();
}

async function sprintRow(db: Executor, userId: string, sprintId: number, at: number) {
  await db
    .insertInto("sprint_states")
    .values({ user_id: userId, sprint_id: sprintId, updated_at: at })
    .onConflict((conflict) => conflict.columns(["user_id", "sprint_id"]).doNothing())
    .execute();
  return db
    .updateTable("sprint_states")
    .set({ updated_at: at })
    .where("user_id", "=", userId)
    .where("sprint_id", "=", sprintId);
}

async function store(db: Executor, userId: string, change: ProgrammeChange, at: number) {
  switch (change.kind) {
    case "overall":
      await db
        .insertInto("clients")
        .values({
          user_id: userId,
          overall_progress: change.progress,
          created_at: at,
          updated_at: at,
          ...ownAccount(userId),
        })
        .onConflict((conflict) =>
          conflict
            .column("user_id")
            .doUpdateSet({ overall_progress: change.progress, updated_at: at }),
        )
        .execute();
      return;
    case "sprint-status":
      await (
        await sprintRow(db, userId, change.sprintId, at)
      )
        .set({ status: change.status })
        .execute();
      return;
    case "sprint-progress":
      await (
        await sprintRow(db, userId, change.sprintId, at)
      )
        .set({ progress: change.progress })
        .execute();
      return;
    case "sprint-start":
      await (
        await sprintRow(db, userId, change.sprintId, at)
      )
        .set({ started_at: change.startedAt })
        .execute();
      return;
    case "task":
      await db
        .insertInto("task_states")
        .values({ user_id: userId, task_id: change.taskId, status: change.status, updated_at: at })
        .onConflict((conflict) =>
          conflict
            .columns(["user_id", "task_id"])
            .doUpdateSet({ status: change.status, updated_at: at }),
        )
        .execute();
      return;
    case "objective":
      await db
        .insertInto("objective_states")
        .values({
          user_id: userId,
          objective_id: change.objectiveId,
          progress: change.progress,
          updated_at: at,
        })
        .onConflict((conflict) =>
          conflict
            .columns(["user_id", "objective_id"])
            .doUpdateSet({ progress: change.progress, updated_at: at }),
        )
        .execute();
  }
}

/** Stores every change (in the caller's transaction: their events go with them). */
export async function applyProgrammeChanges(
  db: Executor,
  clientId: string,
  changes: ProgrammeChange[],
  at: number,
): Promise<void> {
  for (const change of changes) await store(db, clientId, change, at);
}

/**
 * The moment the client first opened the sprint: recorded now unless it already was (two tabs at
 * once agree on the first). Returns the stored moment.
 */
export async function recordSprintStart(
  db: Executor,
  userId: string,
  sprintId: number,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto("sprint_states")
    .values({ user_id: userId, sprint_id: sprintId, started_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "sprint_id"]).doUpdateSet({
        started_at: sql<number>`coalesce(sprint_states.started_at, excluded.started_at)`,
      }),
    )
    .returning("started_at")
    .executeTakeFirstOrThrow();
  return row.started_at ?? now;
}
