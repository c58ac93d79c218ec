// The product data's move from the embedded SQLite file to PostgreSQL: every client's state
// arrives as it was, and a target that already holds product data is refused with nothing copied.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { readClientState, recordSprintStart, setTaskStatus } from "~/data/client-programme.server";
import { closeProductDatabase, productDatabase } from "~/data/connection.server";
import { openMigratedDatabase } from "~/data/database.server";
import { copyProductData } from "~/data/export.server";
import { freshDatabase, stopEngines, useDatabase, useEngine } from "../support/engines";

afterAll(stopEngines);

describe("copying the product data from SQLite to PostgreSQL", () => {
  it("carries every client's state over, and refuses a target that has data", async () => {
    const sqlite = await useEngine("sqlite");
    const clients = Array.from({ length: 30 }, () => randomUUID());
    for (const [index, user] of clients.entries()) {
      await setTaskStatus(user, "icp-builder", index % 2 === 0 ? "completed" : "pending");
      if (index % 3 === 0) await recordSprintStart(user, 1);
    }
    const before = await Promise.all(clients.map((user) => readClientState(user)));
    const from = await productDatabase();
    const target = freshDatabase("postgres");
    const to = await openMigratedDatabase({
      databaseUrl: target.DATABASE_URL,
      dataDir: target.DATA_DIR,
    });
    try {
      const copied = await copyProductData(from, to);
      expect(copied.task_states).toBe(30);
      expect(copied.sprint_states).toBe(10);
      await expect(copyProductData(from, to)).rejects.toThrow(/already holds product data/);
    } finally {
      await to.close();
      await closeProductDatabase();
    }
    await useDatabase(target);
    const after = await Promise.all(clients.map((user) => readClientState(user)));
    expect(after).toEqual(before);
    expect(sqlite.DATA_DIR).not.toBe(target.DATA_DIR);
  });
});
