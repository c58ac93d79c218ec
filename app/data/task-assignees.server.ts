// Who of a client account's people does each of its tasks: one person, or (no row) anyone in it.
// Someone who leaves the account leaves their tasks to anyone.
import type { Executor } from "./connection.server";

/** A task's assignee, as their colleagues and the agency name them. */
export interface Assignee {
  personId: string;
  email: string;
  name: string | null;
}

/** The assignees of `accountId`'s tasks, by task id. */
export async function assigneesOf(db: Executor, accountId: string): Promise<Map<string, Assignee>> {
  const rows = await db
    .selectFrom("task_assignees as t")
    .innerJoin("clients as c", "c.user_id", "t.person_id")
    .select(["t.task_id", "t.person_id", "c.email", "c.person_name"])
    .where("t.user_id", "=", accountId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.task_id,
      { personId: row.person_id, email: row.email ?? "", name: row.person_name },
    ]),
  );
}

/** Gives `accountId`'s task `taskId` to `personId`, or to anyone (null), in the caller's transaction. */
export async function assignTask(
  trx: Executor,
  accountId: string,
  taskId: string,
  personId: string | null,
  at: number,
) {
  if (personId === null) {
    await trx
      .deleteFrom("task_assignees")
      .where("user_id", "=", accountId)
      .where("task_id", "=", taskId)
      .execute();
    return;
  }
  await trx
    .insertInto("task_assignees")
    .values({ user_id: accountId, task_id: taskId, person_id: personId, assigned_at: at })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "task_id"])
        .doUpdateSet({ person_id: personId, assigned_at: at }),
    )
    .execute();
}

/** Leaves every task of `personId`'s to anyone in its account (they left it), in the transaction. */
export async function unassignPerson(trx: Executor, personId: string) {
  await trx.deleteFrom("task_assignees").where("person_id", "=", personId).execute();
}
