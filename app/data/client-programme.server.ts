// Each client's place in the programme: read in one query per view, and the writes a client makes
// (ticking a task, opening a sprint for the first time). Every query is keyed by the user id the
// caller verified from the session, never by anything a form sent.
import { sql } from "kysely";
import type { ClientState, SprintStatus, TaskStatus } from "~/programme/model";
import { recordActivity } from "./client-directory.server";
import { productDatabase } from "./connection.server";

interface StateRow {
  user_id: string;
  kind: "overall" | "sprint" | "task" | "objective";
  item: string;
  status: string | null;
  progress: number | null;
  started_at: number | null;
}

function emptyState(): ClientState {
  return { overallProgress: null, sprints: new Map(), tasks: new Map(), objectives: new Map() };
}

/** The states of several clients in one query (the staff console's list). */
export async function readClientStates(userIds: string[]): Promise<Map<string, ClientState>> {
  const states = new Map(userIds.map((id) => [id, emptyState()]));
  if (userIds.length === 0) return states;
  const { db } = await productDatabase();
  const noText = sql<string | null>`null`;
  const noNumber = sql<number | null>`null`;
  // Sprint rows first: their columns give every branch of the union its type in PostgreSQL.
  const rows = (await db
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
      db
        .selectFrom("clients")
        .select([
          "user_id",
          sql<string>`'overall'`.as("kind"),
          sql<string>`''`.as("item"),
          noText.as("status"),
          "overall_progress as progress",
          noNumber.as("started_at"),
        ])
        .where("user_id", "in", userIds),
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
    .execute()) as StateRow[];
  for (const row of rows) {
    const state = states.get(row.user_id);
    if (!state) continue;
    if (row.kind === "overall") state.overallProgress = row.progress;
    else if (row.kind === "sprint") {
      state.sprints.set(Number(row.item), {
        status: row.status as SprintStatus | null,
        progress: row.progress,
        startedAt: row.started_at,
      });
    } else if (row.kind === "task") state.tasks.set(row.item, row.status as TaskStatus);
    else if (row.progress !== null) state.objectives.set(row.item, row.progress);
  }
  return states;
}

/** One client's state, in one query. */
export async function readClientState(userId: string): Promise<ClientState> {
  return (await readClientStates([userId])).get(userId) ?? emptyState();
}

/** Sets a task's status (the last write wins) and the client's activity; answered once stored. */
export async function setTaskStatus(userId: string, taskId: string, status: TaskStatus) {
  const { db } = await productDatabase();
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("task_states")
      .values({ user_id: userId, task_id: taskId, status, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "task_id"]).doUpdateSet({ status, updated_at: now }),
      )
      .execute();
    await recordActivity(trx, userId, now);
  });
}

/**
 * The moment the client first opened the sprint: recorded now unless it already was (two tabs at
 * once agree on the first). Returns the stored moment.
 */
export async function recordSprintStart(userId: string, sprintId: number): Promise<number> {
  const { db } = await productDatabase();
  const now = Date.now();
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
