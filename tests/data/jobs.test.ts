// Durable jobs on both engines: two workers run each of 300 jobs once; a failure is retried after
// its backoff, then given up; a deferral is no failure; a dead worker's job runs again once its
// lease passes; a key asked for twice is one job; jobs dropped by key stay undone no more.
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, openMigratedDatabase, type ProductDb } from "~/data/database.server";
import { dropJobs, enqueueJob, JobDeferred, type NewJob } from "~/data/jobs.server";
import { startJobWorker, type JobHandler, type WorkerSettings } from "~/jobs/worker.server";
import { ENGINES, freshDatabase } from "../support/engines";

const opened: ProductDb[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

async function twoInstances(engine: (typeof ENGINES)[number]) {
  const settings = freshDatabase(engine);
  const location = { databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR };
  const one = await openMigratedDatabase(location);
  const two = openDatabase(location);
  opened.push(one, two);
  return [one, two] as const;
}

const transactionOn =
  (db: ProductDb): WorkerSettings["transaction"] =>
  (work) =>
    db.writer.transaction().execute(work);

async function enqueue(db: ProductDb, jobs: NewJob[]) {
  await db.writer.transaction().execute(async (trx) => {
    for (const job of jobs) await enqueueJob(trx, job, Date.now());
  });
}

async function jobRows(db: ProductDb) {
  return db.reader
    .selectFrom("jobs")
    .select(["id", "attempts", "done_at", "failed_at", "last_error", "claimed_by"])
    .orderBy("id")
    .execute();
}

async function until(condition: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(ENGINES)("durable jobs on %s", (engine) => {
  it(
    "two workers on one database run each of 300 jobs exactly once",
    { timeout: 120_000 },
    async () => {
      const [one, two] = await twoInstances(engine);
      await enqueue(
        one,
        Array.from({ length: 300 }, (_, index) => ({ kind: "count", payload: { index } })),
      );
      const runs = new Map<number, string[]>();
      const handlerFor =
        (worker: string): JobHandler =>
        async (job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), worker]);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        };
      const workers = [
        startJobWorker({
          id: "one",
          handlers: { count: handlerFor("one") },
          transaction: transactionOn(one),
          reader: async () => one.reader,
          pollMs: 5,
          batch: 7,
        }),
        startJobWorker({
          id: "two",
          handlers: { count: handlerFor("two") },
          transaction: transactionOn(two),
          reader: async () => two.reader,
          pollMs: 5,
          batch: 7,
        }),
      ];
      try {
        await until(async () => (await jobRows(one)).every((row) => row.done_at !== null));
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      expect(runs.size).toBe(300);
      const twice = [...runs].filter(([, by]) => by.length !== 1);
      expect(twice).toEqual([]);
      const rows = await jobRows(two);
      expect(rows.every((row) => row.attempts === 1 && row.claimed_by === null)).toBe(true);
    },
  );

  it("retries a failure after its backoff and gives up after the last attempt, keeping the error", async () => {
    const [db] = await twoInstances(engine);
    await enqueue(db, [
      { kind: "flaky", payload: null },
      { kind: "broken", payload: null },
      { kind: "unknown", payload: null },
    ]);
    let flakyCalls = 0;
    const worker = startJobWorker({
      handlers: {
        flaky: async () => {
          flakyCalls += 1;
          if (flakyCalls < 3) throw new Error(`flaky failure ${flakyCalls}`);
        },
        broken: async () => {
          throw new Error("always broken");
        },
      },
      transaction: transactionOn(db),
      reader: async () => db.reader,
      pollMs: 5,
      maxAttempts: 4,
      retryDelay: (attempts) => attempts * 10,
    });
    try {
      await until(async () =>
        (await jobRows(db)).every((row) => row.done_at !== null || row.failed_at !== null),
      );
    } finally {
      await worker.stop();
    }
    const [flaky, broken, unknown] = await jobRows(db);
    expect(flaky).toMatchObject({ attempts: 3, failed_at: null, last_error: null });
    expect(flaky?.done_at).not.toBeNull();
    expect(broken).toMatchObject({ attempts: 4, done_at: null, last_error: "always broken" });
    expect(broken?.failed_at).not.toBeNull();
    expect(unknown).toMatchObject({
      attempts: 1,
      last_error: "no handler for jobs of kind unknown",
    });
  });

  it("runs a job again once the lease of a worker that died has passed, and a key twice is one job", async () => {
    const [db] = await twoInstances(engine);
    await enqueue(db, [
      { kind: "mail", payload: { to: "a" }, key: "mail-a" },
      { kind: "mail", payload: { to: "a" }, key: "mail-a" },
    ]);
    expect(await jobRows(db)).toHaveLength(1);
    // A worker claims it and dies before it finishes: its claim holds for the lease.
    const dead = startJobWorker({
      id: "dead",
      handlers: { mail: () => new Promise(() => undefined) },
      transaction: transactionOn(db),
      reader: async () => db.reader,
      pollMs: 5,
      leaseMs: 300,
    });
    await until(async () => (await jobRows(db))[0]?.claimed_by === "dead");
    void dead.stop();
    const sent: string[] = [];
    const live = startJobWorker({
      id: "live",
      handlers: { mail: async () => void sent.push("a") },
      transaction: transactionOn(db),
      reader: async () => db.reader,
      pollMs: 5,
    });
    try {
      await until(async () => (await jobRows(db))[0]?.done_at !== null);
    } finally {
      await live.stop();
    }
    expect(sent).toEqual(["a"]);
    expect((await jobRows(db))[0]?.attempts).toBe(2);
  });

  it("runs a deferred job again after its wait, however often, without counting it a failure", async () => {
    const [db] = await twoInstances(engine);
    await enqueue(db, [{ kind: "busy", payload: null }]);
    let calls = 0;
    const worker = startJobWorker({
      handlers: {
        busy: async () => {
          calls += 1;
          if (calls < 6) throw new JobDeferred("another worker holds it", 10);
        },
      },
      transaction: transactionOn(db),
      reader: async () => db.reader,
      pollMs: 5,
      maxAttempts: 2,
    });
    try {
      await until(async () => (await jobRows(db))[0]?.done_at !== null);
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(6);
    expect((await jobRows(db))[0]).toMatchObject({ failed_at: null, last_error: null });
  });

  it("drops the undone jobs whose keys start so, and no other", async () => {
    const [db] = await twoInstances(engine);
    await enqueue(db, [
      { kind: "digest", payload: null, key: "message-digest.ada.2026-11-28" },
      { kind: "digest", payload: null, key: "message-digest.ada.2026-11-29" },
      { kind: "digest", payload: null, key: "message-digest.adam.2026-11-28" },
      { kind: "summary", payload: null, key: "overdue-summary.ada.2026-11-28" },
      { kind: "other", payload: null },
    ]);
    await db.writer
      .transaction()
      .execute((trx) =>
        dropJobs(trx, ["message-digest.ada.", "overdue-summary.ada."], "left", Date.now()),
      );
    const rows = await db.reader
      .selectFrom("jobs")
      .select(["dedupe_key", "done_at", "last_error"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.dedupe_key, row.done_at !== null, row.last_error])).toEqual([
      ["message-digest.ada.2026-11-28", true, "left"],
      ["message-digest.ada.2026-11-29", true, "left"],
      ["message-digest.adam.2026-11-28", false, null],
      ["overdue-summary.ada.2026-11-28", true, "left"],
      [null, false, null],
    ]);
  });
});
