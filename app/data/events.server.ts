// What follows a change to a client's programme, in the change's own transaction: its lines in the
// audit trail, the client's latest activity and the jobs it leaves for later, committed with it or
// not at all; once committed, a ping to the pages that show the client (decision 047).
import { publishChange } from "~/lib/live-bus.server";
import type { ProgrammeChange } from "~/programme/model";
import { recordActivity } from "./client-directory.server";
import { onCommit, type Executor } from "./connection.server";
import { enqueueJob, type NewJob } from "./jobs.server";
import type { ActorRole } from "./schema";
import type { AuditEntry } from "./shapes";

export interface Actor {
  id: string;
  email: string;
  role: ActorRole;
}

export interface ProgrammeEvent {
  clientId: string;
  actor: Actor;
  changes: Pick<ProgrammeChange, "field" | "before" | "after">[];
  /** Work the change leaves for later: mails, reminders. */
  jobs?: NewJob[];
  at: number;
}

/** Records `event` in the transaction `trx` that made its changes. */
export async function recordEvent(trx: Executor, event: ProgrammeEvent): Promise<void> {
  const { clientId, actor, changes, at } = event;
  if (changes.length > 0) {
    await trx
      .insertInto("audit_events")
      .values(
        changes.map((change) => ({
          client_id: clientId,
          actor_id: actor.id,
          actor_email: actor.email,
          actor_role: actor.role,
          field: change.field,
          before_value: change.before,
          after_value: change.after,
          at,
        })),
      )
      .execute();
  }
  await recordActivity(trx, clientId, at);
  for (const job of event.jobs ?? []) await enqueueJob(trx, job, at);
  onCommit(trx, () => publishChange({ clientId }));
}

/** The client's audit trail, newest change first (one post's changes in the order made). */
export async function readAuditTrail(
  db: Executor,
  clientId: string,
  limit = 100,
): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_events")
    .select(["id", "actor_email", "actor_role", "field", "before_value", "after_value", "at"])
    .where("client_id", "=", clientId)
    .orderBy("at", "desc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    field: row.field,
    before: row.before_value,
    after: row.after_value,
    at: row.at,
  }));
}
