// Changes the agency makes to one client's programme, each stored with its line in the audit trail
// (who, what, before, after, when) in one transaction, and the trail read back newest first.
import type { Transaction } from "kysely";
import type { ProgrammeChange } from "~/programme/model";
import { recordActivity } from "./client-directory.server";
import { productDatabase } from "./connection.server";
import type { AuditEntry } from "./shapes";
import type { ProductDatabase } from "./schema";

export interface Actor {
  id: string;
  email: string;
}

type Trx = Transaction<ProductDatabase>;

async function sprintRow(trx: Trx, userId: string, sprintId: number, at: number) {
  await trx
    .insertInto("sprint_states")
    .values({ user_id: userId, sprint_id: sprintId, updated_at: at })
    .onConflict((conflict) => conflict.columns(["user_id", "sprint_id"]).doNothing())
    .execute();
  return trx
    .updateTable("sprint_states")
    .set({ updated_at: at })
    .where("user_id", "=", userId)
    .where("sprint_id", "=", sprintId);
}

async function store(trx: Trx, userId: string, change: ProgrammeChange, at: number) {
  switch (change.kind) {
    case "overall":
      await trx
        .insertInto("clients")
        .values({
          user_id: userId,
          overall_progress: change.progress,
          created_at: at,
          updated_at: at,
          is_staff: 0,
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
        await sprintRow(trx, userId, change.sprintId, at)
      )
        .set({ status: change.status })
        .execute();
      return;
    case "sprint-progress":
      await (
        await sprintRow(trx, userId, change.sprintId, at)
      )
        .set({ progress: change.progress })
        .execute();
      return;
    case "sprint-start":
      await (
        await sprintRow(trx, userId, change.sprintId, at)
      )
        .set({ started_at: change.startedAt })
        .execute();
      return;
    case "task":
      await trx
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
      await trx
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

/** Stores every change and its audit line, all or nothing. */
export async function applyProgrammeChanges(
  clientId: string,
  actor: Actor,
  changes: ProgrammeChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const { db } = await productDatabase();
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const change of changes) await store(trx, clientId, change, at);
    await trx
      .insertInto("audit_events")
      .values(
        changes.map((change) => ({
          client_id: clientId,
          actor_id: actor.id,
          actor_email: actor.email,
          field: change.field,
          before_value: change.before,
          after_value: change.after,
          at,
        })),
      )
      .execute();
    await recordActivity(trx, clientId, at);
  });
}

/** The client's audit trail, newest change first (one post's changes in the order made). */
export async function readAuditTrail(clientId: string, limit = 100): Promise<AuditEntry[]> {
  const { db } = await productDatabase();
  const rows = await db
    .selectFrom("audit_events")
    .select(["id", "actor_email", "field", "before_value", "after_value", "at"])
    .where("client_id", "=", clientId)
    .orderBy("at", "desc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    actorEmail: row.actor_email,
    field: row.field,
    before: row.before_value,
    after: row.after_value,
    at: row.at,
  }));
}
