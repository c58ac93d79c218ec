// What follows a change to a client's work (programme, files, messages), in the change's own
// transaction: its audit lines, the client's latest activity and the jobs it leaves for later,
// committed with it or not at all; once committed, a ping to the client's pages (decision 047).
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
  /** Only staff may hear of it (an internal note): the ping reaches no client's page. */
  staffOnly?: boolean;
  at: number;
}

/** Records `event` in the transaction `trx` that made its changes. */
export async function recordEvent(trx: Executor, event: ProgrammeEvent): Promise<void> {
  const { clientId, actor, changes, staffOnly = false, at } = event;
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
  // What only staff see is not the client's activity.
  if (!staffOnly) await recordActivity(trx, clientId, at);
  for (const job of event.jobs ?? []) await enqueueJob(trx, job, at);
  onCommit(trx, () => publishChange({ clientId, staffOnly }));
}

/** The audit trail's columns, as an AuditEntry is read from them. */
export const AUDIT_COLUMNS = [
  "id",
  "actor_email",
  "actor_role",
  "field",
  "before_value",
  "after_value",
  "at",
] as const;

export function auditEntryOf(row: {
  id: number | string;
  actor_email: string;
  actor_role: ActorRole;
  field: string;
  before_value: string;
  after_value: string;
  at: number | string;
}): AuditEntry {
  return {
    id: Number(row.id),
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    field: row.field,
    before: row.before_value,
    after: row.after_value,
    at: Number(row.at),
  };
}

/** Where a page of the audit trail ends: the older entries come after this one. */
export interface TrailCursor {
  at: number;
  id: number;
}

/**
 * A page of the client's audit trail, newest change first (one post's changes in the order made),
 * older than `after` when given; and where the next, older page starts, if there is one.
 */
export async function readAuditTrail(
  db: Executor,
  clientId: string,
  { after = null, limit = 100 }: { after?: TrailCursor | null; limit?: number } = {},
): Promise<{ entries: AuditEntry[]; older: TrailCursor | null }> {
  let query = db.selectFrom("audit_events").select(AUDIT_COLUMNS).where("client_id", "=", clientId);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", ">", after.id)])]),
    );
  }
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "asc")
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map(auditEntryOf);
  const last = entries[entries.length - 1];
  return { entries, older: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}
