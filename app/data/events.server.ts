// What follows a change to a client's work (programme, files, messages), in the change's own
// transaction: its audit lines (each saying who may read it), the client's task facts, latest
// activity and the jobs it leaves for later, all or nothing; once committed, a ping to its pages.
import { sql } from "kysely";
import { factParams, storedFact } from "~/programme/trail-facts";
import type { AuditLine, NamedItem, ProgrammeChange } from "~/programme/model";
import { announceChange } from "./changes.server";
import { recordActivity } from "./client-directory.server";
import { onCommit, type Executor } from "./connection.server";
import { enqueueJob, type NewJob } from "./jobs.server";
import { refreshClientFacts } from "./task-facts.server";
import type { ActorRole, Audience } from "./schema";
import type { AuditEntry, ChangeLine } from "./shapes";

export interface Actor {
  id: string;
  email: string;
  role: ActorRole;
}

export interface ProgrammeEvent {
  clientId: string;
  actor: Actor;
  /**
   * Who may read its lines and hear of it: "staff" keeps them (and the ping) from the client. A
   * line naming an item also reaches the client only while that item is shown to them.
   */
  audience: Audience;
  /**
   * Whether the client's pages show what changed (their activity, and a ping to them); by default
   * when they may read its lines. A template applied changes their pages though its lines name it.
   */
  clientPages?: boolean;
  changes: (AuditLine | ProgrammeChange)[];
  /** Work the change leaves for later: mails, reminders. */
  jobs?: NewJob[];
  at: number;
}

/** The item a line names: its own, or a task's or objective's change's. */
function itemOf(change: AuditLine | ProgrammeChange): NamedItem | undefined {
  if ("item" in change) return change.item;
  if (!("kind" in change)) return undefined;
  if (change.kind === "task") return { kind: "task", id: change.taskId };
  if (change.kind === "objective") return { kind: "objective", id: change.objectiveId };
  return undefined;
}

/**
 * Records `event` in the transaction `trx` that made its changes, once they are written: a change
 * with lines may have moved the programme, so the client's task facts are written anew from it.
 */
export async function recordEvent(trx: Executor, event: ProgrammeEvent): Promise<void> {
  const { clientId, actor, changes, audience, at } = event;
  if (changes.length > 0) {
    await trx
      .insertInto("audit_events")
      .values(
        changes.map((change) => {
          const item = itemOf(change);
          return {
            client_id: clientId,
            actor_id: actor.id,
            actor_email: actor.email,
            actor_role: actor.role,
            field: change.field,
            before_value: change.before,
            after_value: change.after,
            at,
            audience,
            item_kind: item?.kind ?? null,
            item_id: item?.id ?? null,
            action: change.fact?.action ?? null,
            params: change.fact ? factParams(change.fact) : null,
          };
        }),
      )
      .execute();
  }
  const staffOnly = !(event.clientPages ?? audience === "client");
  // What only staff see is not the client's activity.
  if (!staffOnly) await recordActivity(trx, clientId, at);
  for (const job of event.jobs ?? []) await enqueueJob(trx, job, at);
  // Last: holding the client's facts lock, the transaction takes no other lock (no deadlock).
  if (changes.length > 0) await refreshClientFacts(trx, clientId);
  onCommit(trx, () => announceChange({ clientId, staffOnly }));
}

/**
 * The lines of the trail `reader` may read: staff every one; the client those for them, but for a
 * line naming a task or objective hidden from them now.
 */
export function readableTrail(db: Executor, reader: Audience) {
  const trail = db.selectFrom("audit_events as a");
  if (reader === "staff") return trail;
  return trail
    .where("a.audience", "=", "client")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("client_programme_items as p")
            .select(sql.lit(1).as("hidden"))
            .whereRef("p.user_id", "=", "a.client_id")
            .whereRef("p.kind", "=", "a.item_kind")
            .whereRef("p.item_id", "=", "a.item_id")
            .where("p.hidden", "=", 1),
        ),
      ),
    );
}

/** The audit trail's columns, as an AuditEntry is read from them. */
export const AUDIT_COLUMNS = [
  "a.id",
  "a.actor_email",
  "a.actor_role",
  "a.field",
  "a.before_value",
  "a.after_value",
  "a.at",
  "a.audience",
  "a.action",
  "a.params",
] as const;

export function auditEntryOf(row: {
  id: number | string;
  actor_email: string;
  actor_role: ActorRole;
  field: string;
  before_value: string;
  after_value: string;
  at: number | string;
  audience: Audience;
  action: string | null;
  params: string | null;
}): AuditEntry {
  const fact = storedFact(row.action, row.params);
  return {
    id: Number(row.id),
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    field: row.field,
    before: row.before_value,
    after: row.after_value,
    at: Number(row.at),
    staffOnly: row.audience === "staff",
    ...(fact ? { fact } : {}),
  };
}

/** A line as the client's news show it: what changed and when, never who by address. */
export function changeLineOf(entry: AuditEntry): ChangeLine {
  return {
    id: entry.id,
    field: entry.field,
    before: entry.before,
    after: entry.after,
    at: entry.at,
    ...(entry.fact ? { fact: entry.fact } : {}),
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
  let query = readableTrail(db, "staff").select(AUDIT_COLUMNS).where("a.client_id", "=", clientId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("a.at", "<", after.at),
        eb.and([eb("a.at", "=", after.at), eb("a.id", ">", after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("a.at", "desc")
    .orderBy("a.id", "asc")
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map(auditEntryOf);
  const last = entries[entries.length - 1];
  return { entries, older: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}
