// The job worker each app instance runs: it claims due jobs (one worker per job at a time, however
// many instances share the database), runs each kind's handler, and retries a failure with backoff
// until it gives up; a worker that dies loses its claims when their lease ends.
import { randomUUID } from "node:crypto";
import type { Executor } from "~/data/connection.server";
import {
  anyJobDue,
  claimDueJobs,
  completeJob,
  JobDeferred,
  releaseJob,
  type ClaimedJob,
} from "~/data/jobs.server";
import { log } from "~/lib/log.server";

/** Does a job's work; a throw means "try again later". */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

export interface WorkerSettings {
  handlers: Record<string, JobHandler>;
  /** Runs `work` in one write transaction on the product database. */
  transaction: <T>(work: (trx: Executor) => Promise<T>) => Promise<T>;
  /** The product database to read from, outside a transaction. */
  reader: () => Promise<Executor>;
  /** How often the worker looks for due jobs. */
  pollMs?: number;
  /** Jobs claimed at a time. */
  batch?: number;
  /** How long a claim holds: a job still running after it may be run by another worker. */
  leaseMs?: number;
  /** Attempts before a job is given up (marked failed, with its last error). */
  maxAttempts?: number;
  /** How long after its `attempts`-th failure a job is due again. */
  retryDelay?: (attempts: number) => number;
  id?: string;
}

export interface JobWorker {
  /** Stops polling and waits for the jobs it is running. */
  stop(): Promise<void>;
}

/** 2 s after the first failure, doubling, at most an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(2_000 * 2 ** (attempts - 1), 3_600_000);
}

export function startJobWorker({
  handlers,
  transaction,
  reader,
  pollMs = 1_000,
  batch = 10,
  leaseMs = 5 * 60_000,
  maxAttempts = 8,
  retryDelay = retryDelayMs,
  id = randomUUID(),
}: WorkerSettings): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let unavailable = false;

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job);
      await transaction((trx) => completeJob(trx, job.id, id, Date.now()));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = Date.now();
      if (error instanceof JobDeferred) {
        log("info", "job_deferred", { kind: job.kind, detail: message });
        const later = { runAfter: now + error.retryInMs, error: message };
        await transaction((trx) => releaseJob(trx, job.id, id, later));
        return;
      }
      const outcome =
        !handler || job.attempts >= maxAttempts
          ? { failedAt: now, error: message }
          : { runAfter: now + retryDelay(job.attempts), error: message };
      log("warn", "job_failed", { kind: job.kind, attempts: job.attempts, detail: message });
      await transaction((trx) => releaseJob(trx, job.id, id, outcome));
    }
  }

  /** Claims and runs the jobs due now; resolves with how many it ran. */
  async function runDue(): Promise<number> {
    if (!(await anyJobDue(await reader(), Date.now()))) return 0;
    const jobs = await transaction((trx) =>
      claimDueJobs(trx, id, { limit: batch, now: Date.now(), leaseMs }),
    );
    for (const job of jobs) await runOne(job);
    return jobs.length;
  }

  const schedule = (ms: number) => {
    timer = setTimeout(poll, ms);
    timer.unref();
  };
  async function poll() {
    timer = undefined;
    if (stopped) return;
    running = runDue().then(
      (ran) => {
        unavailable = false;
        return ran;
      },
      (error: unknown) => {
        // One line per outage, not one a poll.
        if (!unavailable) log("warn", "jobs_unavailable", { detail: (error as Error).message });
        unavailable = true;
        return 0;
      },
    );
    const ran = await running;
    // A full batch: more may be due already.
    if (!stopped) schedule(ran === batch ? 0 : pollMs);
  }
  schedule(pollMs);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
