// Queries compiled once, on both engines: each call gets its own ids' rows, whatever the count of
// ids or the calls before it, in transactions too; a query that writes an id into its SQL, which
// cannot be reused, is compiled per call and answers the same.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "~/data/compiled-once.server";
import { database, inTransaction, type Executor } from "~/data/connection.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const AT = Date.UTC(2026, 10, 29);
const PEOPLE = ["ann", "bob", "cat", "dan"];

/** Each id's address, and the id and address of whoever shares its account (the id twice). */
const byIds = compiledOnce((db: Executor, ids: string[]) =>
  db
    .selectFrom("clients as c")
    .select(["c.user_id", "c.email"])
    .where("c.user_id", "in", ids)
    .where((eb) => eb.or([eb("c.account_id", "in", ids), eb("c.account_id", "is", null)]))
    .orderBy("c.user_id"),
);

const byOneId = compiledOnce((db: Executor, id: string, email: string) =>
  db.selectFrom("clients").select("user_id").where("user_id", "=", id).where("email", "=", email),
);

/** The id written into the SQL: compiled per call, never reused. */
const inlined = compiledOnce((db: Executor, id: string) =>
  db.selectFrom("clients").select("user_id").where("user_id", "=", sql.lit(id)),
);

describe.each(ENGINES)("queries compiled once on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
    await inTransaction(async (trx) => {
      for (const name of PEOPLE) {
        await trx
          .insertInto("clients")
          .values({
            user_id: name,
            email: `${name}@client.test`,
            is_staff: 0,
            account_id: name,
            created_at: AT,
            updated_at: AT,
          })
          .execute();
      }
    });
  });

  it("answers each call with its own ids, for one id or several", async () => {
    const db = await database();
    const emails = async (ids: string[]) => (await byIds(db, ids)).map((row) => row.email);
    expect(await emails(["ann"])).toEqual(["ann@client.test"]);
    expect(await emails(["bob"])).toEqual(["bob@client.test"]);
    expect(await emails(["cat", "ann"])).toEqual(["ann@client.test", "cat@client.test"]);
    expect(await emails(["dan", "bob"])).toEqual(["bob@client.test", "dan@client.test"]);
    expect(await emails(["nobody"])).toEqual([]);
    expect(await emails(["ann"])).toEqual(["ann@client.test"]);
    expect(await byOneId(db, "cat", "cat@client.test")).toEqual([{ user_id: "cat" }]);
    expect(await byOneId(db, "cat", "dan@client.test")).toEqual([]);
  });

  it("runs in the caller's transaction", async () => {
    const seen = await inTransaction(async (trx) => {
      await trx
        .updateTable("clients")
        .set({ email: "ann@new.test" })
        .where("user_id", "=", "ann")
        .execute();
      const rows = await byIds(trx, ["ann"]);
      throw Object.assign(new Error("roll back"), { rows });
    }).catch((error: { rows: unknown }) => error.rows);
    expect(seen).toEqual([{ user_id: "ann", email: "ann@new.test" }]);
    expect(await byIds(await database(), ["ann"])).toEqual([
      { user_id: "ann", email: "ann@client.test" },
    ]);
  });

  it("compiles per call a query whose id is written into its SQL", async () => {
    const db = await database();
    expect(await inlined(db, "bob")).toEqual([{ user_id: "bob" }]);
    expect(await inlined(db, "dan")).toEqual([{ user_id: "dan" }]);
  });
});
