// Transactions on both engines: what follows a commit runs once it has committed, never after a
// rollback, and its failure does not fail the write; a transaction the database already rolled back
// itself (SQLite after a full disk) answers its own fault, not the ROLLBACK's.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyProgrammeChanges } from "~/data/client-programme.server";
import { inTransaction, onCommit, type Executor } from "~/data/connection.server";
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
  beforeAll(async () => {
    await useEngine(engine);
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
