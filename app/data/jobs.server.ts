// The durable jobs table: a job is added in the transaction of the change that asks for it, and
// claimed by one worker at a time with one UPDATE … RETURNING (SKIP LOCKED on PostgreSQL), so
// workers in several app instances never run one job at once.
import { PostgresAdapter } from "kysely";
import type { Executor } from "./connection.server";

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Not before this moment (ms); now when unset. */
  runAfter?: number;
  /** A job with a key already asked for is not added again (a mail sent once). */
  key?: string;
}

/** A handler's "not now": the job is due again in `retryInMs`, and that counts as no failure. */
export class JobDeferred extends Error {
  constructor(
    message: string,
    readonly retryInMs: number,
  ) {
    super(message);
  }
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** Adds `job` (in the caller's transaction); a repeated key adds nothing. */
export async function enqueueJob(db: Executor, job: NewJob, now: number): Promise<void> {
  await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      dedupe_key: job.key ?? null,
      run_after: job.runAfter ?? now,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column("dedupe_key").doNothing())
    .execute();
}

/**
 * Drops the jobs not yet done whose keys start with one of `keyPrefixes` (they are done, with
 * `why`); a job running now finishes as it would.
 */
export async function dropJobs(db: Executor, keyPrefixes: string[], why: string, now: number) {
  if (keyPrefixes.length === 0) return;
  await db
    .updateTable("jobs")
    .set({ done_at: now, last_error: why })
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where((eb) => eb.or(keyPrefixes.map((prefix) => eb("dedupe_key", "like", `${prefix}%`))))
    .execute();
}

/** The ids of the jobs due at `now`: not done, not given up, and not claimed by a live worker. */
function dueJobs(db: Executor, now: number) {
  return db
    .selectFrom("jobs")
    .select("id")
    .where("done_at", "is", null)
    .where("failed_at", "is", null)
    .where("run_after", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]));
}

/** Whether any job is due at `now` (a read: most polls find none, and take no write lock). */
export async function anyJobDue(db: Executor, now: number): Promise<boolean> {
  return (await dueJobs(db, now).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Claims up to `limit` due jobs for `workerId` until `now + leaseMs`: jobs not done, not failed, and
 * not claimed by a worker whose claim still holds.
 */
export async function claimDueJobs(
  db: Executor,
  workerId: string,
  { limit, now, leaseMs }: { limit: number; now: number; leaseMs: number },
): Promise<ClaimedJob[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await db
    .updateTable("jobs")
    .set((eb) => ({
      claimed_by: workerId,
      claimed_until: now + leaseMs,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "in", () => {
      const due = dueJobs(db, now).orderBy("run_after").orderBy("id").limit(limit);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
    .returning(["id", "kind", "payload", "attempts"])
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    attempts: Number(row.attempts),
  }));
}

/** Marks the job done, if `workerId` still holds it. */
export async function completeJob(db: Executor, id: number, workerId: string, now: number) {
  await db
    .updateTable("jobs")
    .set({ done_at: now, claimed_by: null, claimed_until: null, last_error: null })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .execute();
}

/** Gives the job back, due again at `runAfter`, or (`failed`) gives up on it, with the error. */
export async function releaseJob(
  db: Executor,
  id: number,
  workerId: string,
  outcome: { runAfter: number; error: string } | { failedAt: number; error: string },
) {
  await db
    .updateTable("jobs")
    .set({
      claimed_by: null,
      claimed_until: null,
      last_error: outcome.error.slice(0, 1_000),
      ...("failedAt" in outcome
        ? { failed_at: outcome.failedAt }
        : { run_after: outcome.runAfter }),
    })
    .where("id", "=", id)
    .where("claimed_by", "=", workerId)
    .execute();
}
