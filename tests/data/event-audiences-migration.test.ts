// The trail's lines written before they said who may read them, on both engines: the migration
// tells the programme's figures and shared files (the client's) from everything else (staff only),
// a line naming a task or objective among the latter, as which item it named was not recorded.
import { type Kysely, Migrator, type Migration } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "~/data/database.server";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";

afterAll(stopEngines);

/** Every migration as the app bundles it, by name. */
const MIGRATIONS = Object.fromEntries(
  Object.entries(
    import.meta.glob<Migration>("../../app/data/migrations/*.ts", { eager: true }),
  ).map(([path, migration]) => [path.replace(/^.*\/|\.ts$/g, ""), migration]),
);

/** What the code before the change wrote: a line with no audience and no item. */
const EARLIER_LINES: [field: string, audience: "client" | "staff"][] = [
  ["Sprint 1 status", "client"],
  ["Sprint 2 progress", "client"],
  ["Discovery start", "client"],
  ["Overall progress", "client"],
  ["File shared", "client"],
  ["Name", "staff"],
  ["Company", "staff"],
  ["Programme template", "staff"],
  ["Sprint 1 task: Check status", "staff"],
  ["Sprint 1 objective: Launch progress", "staff"],
  ["Sprint 1 task added", "staff"],
  ['Sprint 1 task "Renewal pitch"', "staff"],
  ['Sprint 1 task "Renewal pitch" title', "staff"],
  ["Hand-in: VSL Script, version 2", "staff"],
  ["Something nobody wrote before", "staff"],
];

describe.each(ENGINES)("the trail's earlier lines on %s", (engine) => {
  it("are the client's for the figures and files, and staff-only for the rest", async () => {
    const { DATA_DIR, DATABASE_URL } = freshDatabase(engine);
    const settings = { dataDir: DATA_DIR, databaseUrl: DATABASE_URL };
    const { writer, close } = openDatabase(settings);
    const db = writer as unknown as Kysely<unknown>;
    const provider = { getMigrations: async () => MIGRATIONS };
    const { error } = await new Migrator({ db, provider }).migrateTo("014-task-reminders");
    expect(error).toBeUndefined();
    const rows = EARLIER_LINES.map(([field], index) => ({
      client_id: "client-1",
      actor_id: "staff-1",
      actor_email: "ada@agency.test",
      actor_role: "staff",
      field,
      before_value: "a",
      after_value: "b",
      at: 1_000 + index,
    }));
    await (db as Kysely<{ audit_events: (typeof rows)[number] }>)
      .insertInto("audit_events")
      .values(rows)
      .execute();
    await close();

    expect(await migrate(settings)).toContain("015-event-audiences");
    const reopened = openDatabase(settings);
    const stored = await reopened.reader
      .selectFrom("audit_events")
      .select(["field", "audience", "item_id"])
      .orderBy("at")
      .execute();
    await reopened.close();
    expect(stored.map((row) => [row.field, row.audience])).toEqual(EARLIER_LINES);
    expect(stored.every((row) => row.item_id === null)).toBe(true);
  });
});
