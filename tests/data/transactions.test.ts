// Transactions on both engines: what follows a commit runs after it, never after a rollback, and
// cannot fail the write; one the database rolled back itself (SQLite, disk full) answers its own
// fault, not the ROLLBACK's; every commit, this process's or another's, changes the data version.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyProgrammeChanges } from "~/data/client-programme.server";
import {
  database,
  dataVersion,
  inTransaction,
  onCommit,
  type Executor,
} from "~/data/connection.server";
import { openDatabase } from "~/data/database.server";
import { ENGINES, stopEngines, storedClientState, useEngine } from "../support/engines";

/** Stores a tick of ICP Builder for `userId` in `trx`. */
const tick = (trx: Executor, userId: string) =>
  applyProgrammeChanges(
    trx,
    userId,
    [
      {
        kind: "task",
        taskId: "icp-builder",
        status: "completed",
        field: "icp-builder",
        before: "",
        after: "completed",
      },
    ],
    Date.now(),
  );

const ticked = async (userId: string) =>
  (await storedClientState(userId)).tasks.get("icp-builder") === "completed";

afterAll(stopEngines);

describe.each(ENGINES)("transactions on %s", (engine) => {
  let settings: Awaited<ReturnType<typeof useEngine>>;
  beforeAll(async () => {
    settings = await useEngine(engine);
  });

  it("changes the data version with every commit, this process's or another's", async () => {
    const before = await dataVersion();
    await sql`select count(*) from clients`.execute(await database());
    // The run's other files write to the same PostgreSQL server, whose log position is shared.
    if (engine === "sqlite") expect(await dataVersion()).toBe(before);
    await inTransaction((trx) => tick(trx, randomUUID()));
    const afterOwn = await dataVersion();
    expect(afterOwn).not.toBe(before);
    // Another instance (PostgreSQL) or process (SQLite) writing the same database.
    const other = openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
    try {
      await other.writer.transaction().execute((trx) => tick(trx, randomUUID()));
    } finally {
      await other.close();
    }
    expect(await dataVersion()).not.toBe(afterOwn);
  });

  it("runs what follows a commit once it has committed, and never after a rollback", async () => {
    const ran: string[] = [];
    const kept = randomUUID();
    await inTransaction(async (trx) => {
      await tick(trx, kept);
      onCommit(trx, () => ran.push("kept"));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["kept"]);

    const undone = randomUUID();
    await expect(
      inTransaction(async (trx) => {
        await tick(trx, undone);
        onCommit(trx, () => ran.push("undone"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(ran).toEqual(["kept"]);
    expect(await ticked(undone)).toBe(false);
  });

  it("answers a committed write as stored when what follows its commit fails", async () => {
    const user = randomUUID();
    const ran: string[] = [];
    await inTransaction(async (trx) => {
      await tick(trx, user);
      onCommit(trx, () => {
        throw new Error("a ping that failed");
      });
      onCommit(trx, () => ran.push("next"));
    });
    expect(await ticked(user)).toBe(true);
    expect(ran).toEqual(["next"]);
  });

  it("answers a transaction's own fault when the database has already rolled it back", async () => {
    const user = randomUUID();
    await expect(
      inTransaction(async (trx) => {
        await tick(trx, user);
        await sql`rollback`.execute(trx);
        throw new Error("the fault itself");
      }),
    ).rejects.toThrow("the fault itself");
    expect(await ticked(user)).toBe(false);
    // The connection is fit for the next write.
    await inTransaction((trx) => tick(trx, user));
    expect(await ticked(user)).toBe(true);
  });
});
