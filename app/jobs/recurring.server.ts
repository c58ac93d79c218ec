// Work that comes back on a schedule (the reminder scan, the staff's daily summary): one job per
// run, keyed by its moment, so instances that each ask for a run add it once; every run first asks
// for the next, so a failing run never ends the chain, and each start asks again.
import { inTransaction } from "~/data/connection.server";
import { enqueueJob } from "~/data/jobs.server";
import type { JobHandler } from "./worker.server";

export interface RecurringJob {
  kind: string;
  /** The moment of the first run after `now`. */
  nextAt: (now: number) => number;
  run: (now: number) => Promise<void>;
}

/** Asks for each job's next run after `now` (at start-up, and by every run). */
export async function scheduleRecurring(jobs: RecurringJob[], now: number): Promise<void> {
  await inTransaction(async (trx) => {
    for (const job of jobs) {
      const at = job.nextAt(now);
      const key = `${job.kind}.${new Date(at).toISOString()}`;
      await enqueueJob(trx, { kind: job.kind, payload: null, runAfter: at, key }, now);
    }
  });
}

/** The handlers of `jobs`' runs. */
export function recurringHandlers(jobs: RecurringJob[]): Record<string, JobHandler> {
  return Object.fromEntries(
    jobs.map((job): [string, JobHandler] => [
      job.kind,
      async () => {
        await scheduleRecurring([job], Date.now());
        await job.run(Date.now());
      },
    ]),
  );
}
