// Data written by earlier code, on both engines: trail lines classified, messages and names without
// the format characters that drew them other than read, each client's first late moment kept, and
// each client made the account of one person; trail lines read into facts.
import { type Kysely, Migrator, type Migration } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { listClients } from "~/data/client-directory.server";
import { migrate, openDatabase } from "~/data/database.server";
import { drawFact, storedFact, trailNames } from "~/programme/trail-facts";
import { messageText, storedMessageFact } from "~/programme/message-facts";
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

describe.each(ENGINES)("data written before on %s", (engine) => {
  it("comes out classified and cleaned", async () => {
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
    const earlier = db as Kysely<{
      audit_events: (typeof rows)[number];
      messages: Record<string, string | number>;
      clients: Record<string, string | number>;
    }>;
    await earlier.insertInto("audit_events").values(rows).execute();
    await earlier
      .insertInto("messages")
      .values({
        client_id: "client-1",
        author_id: "client-1",
        author_email: "c@client.test",
        author_role: "client",
        body: "See https://evil.example/\u202Efdp.tcartnoc//:sptth 👨‍👩‍👧",
        internal: 0,
        created_at: 1,
      })
      .execute();
    await earlier
      .insertInto("clients")
      .values({
        user_id: "client-1",
        created_at: 1,
        updated_at: 1,
        display_name: "Dana\u200B \u2066Smith\u2069",
        company: "Acme",
      })
      .execute();
    await close();

    expect(await migrate(settings)).toContain("015-event-audiences");
    const reopened = openDatabase(settings);
    const stored = await reopened.reader
      .selectFrom("audit_events")
      .select(["field", "audience", "item_id"])
      .orderBy("at")
      .execute();
    const message = await reopened.reader.selectFrom("messages").select("body").executeTakeFirst();
    const client = await reopened.reader
      .selectFrom("clients")
      .select(["display_name", "company"])
      .executeTakeFirst();
    await reopened.close();
    expect(stored.map((row) => [row.field, row.audience])).toEqual(EARLIER_LINES);
    expect(stored.every((row) => row.item_id === null)).toBe(true);
    expect(message?.body).toBe("See https://evil.example/fdp.tcartnoc//:sptth 👨‍👩‍👧");
    expect(client).toEqual({ display_name: "Dana Smith", company: "Acme" });
  });

  it("keeps each client's first late moment: the end of their due day or their deadline", async () => {
    const DAY = 86_400_000;
    const { DATA_DIR, DATABASE_URL } = freshDatabase(engine);
    const settings = { dataDir: DATA_DIR, databaseUrl: DATABASE_URL };
    const { writer, close } = openDatabase(settings);
    const db = writer as unknown as Kysely<{
      client_deadlines: {
        user_id: string;
        first_due_day: number | null;
        first_deadline: number | null;
      };
    }>;
    const provider = { getMigrations: async () => MIGRATIONS };
    const { error } = await new Migrator({ db, provider }).migrateTo("020-console-indexes");
    expect(error).toBeUndefined();
    await db
      .insertInto("client_deadlines")
      .values([
        { user_id: "due-first", first_due_day: 20_000, first_deadline: 20_005 * DAY },
        { user_id: "deadline-first", first_due_day: 20_000, first_deadline: 20_000 * DAY + 5 },
        { user_id: "due-only", first_due_day: 20_003, first_deadline: null },
        { user_id: "deadline-only", first_due_day: null, first_deadline: 7 },
      ])
      .execute();
    await close();

    expect(await migrate(settings)).toContain("021-late-from");
    const reopened = openDatabase(settings);
    const rows = await reopened.reader
      .selectFrom("client_deadlines")
      .selectAll()
      .orderBy("user_id")
      .execute();
    await reopened.close();
    expect(rows.map((row) => ({ ...row, late_from: Number(row.late_from) }))).toEqual([
      { user_id: "deadline-first", late_from: 20_000 * DAY + 5 },
      { user_id: "deadline-only", late_from: 7 },
      { user_id: "due-first", late_from: 20_001 * DAY },
      { user_id: "due-only", late_from: 20_004 * DAY },
    ]);
  });

  it("makes every client the account of one person, with that person's id", async () => {
    const { DATA_DIR, DATABASE_URL } = freshDatabase(engine);
    const settings = { dataDir: DATA_DIR, databaseUrl: DATABASE_URL };
    const { writer, close } = openDatabase(settings);
    const db = writer as unknown as Kysely<{
      clients: {
        user_id: string;
        email: string | null;
        is_staff: number | null;
        created_at: number;
        updated_at: number;
      };
    }>;
    const provider = { getMigrations: async () => MIGRATIONS };
    const { error } = await new Migrator({ db, provider }).migrateTo(
      "022-facts-in-attention-order",
    );
    expect(error).toBeUndefined();
    await db
      .insertInto("clients")
      .values([
        // A client; one whose plan was kept before the directory had them; staff; one forgotten.
        { user_id: "client", email: "dana@client.test", is_staff: 0, created_at: 1, updated_at: 1 },
        { user_id: "planned", email: null, is_staff: 0, created_at: 1, updated_at: 1 },
        { user_id: "staff", email: "ada@agency.test", is_staff: 1, created_at: 1, updated_at: 1 },
      ])
      .execute();
    await close();

    expect(await migrate(settings)).toContain("023-client-accounts");
    const reopened = openDatabase(settings);
    const rows = await reopened.reader
      .selectFrom("clients")
      .select(["user_id", "account_id"])
      .orderBy("user_id")
      .execute();
    const listed = await listClients(reopened.reader, { search: "", page: 1, perPage: 10 });
    await reopened.close();
    expect(rows).toEqual([
      { user_id: "client", account_id: "client" },
      { user_id: "planned", account_id: "planned" },
      { user_id: "staff", account_id: null },
    ]);
    expect(listed.clients.map((client) => client.userId)).toEqual(["client"]);
    expect(listed.total).toBe(1);
  });

  it("reads lines and the portal's messages written as words into facts; others keep their words", async () => {
    const { DATA_DIR, DATABASE_URL } = freshDatabase(engine);
    const settings = { dataDir: DATA_DIR, databaseUrl: DATABASE_URL };
    const { writer, close } = openDatabase(settings);
    const db = writer as unknown as Kysely<Record<string, Record<string, string | number | null>>>;
    const provider = { getMigrations: async () => MIGRATIONS };
    const { error } = await new Migrator({ db, provider }).migrateTo("033-agency-settings");
    expect(error).toBeUndefined();
    const lines: [field: string, after: string, item: [string, string] | null][] = [
      ["Sprint 1 task: ICP Builder", "Completed", ["task", "icp-builder"]],
      ["Sprint 2 objective: Offer clarity", "50%", ["objective", "offer-clarity"]],
      ["Sprint 3 status", "In Progress", null],
      ["Sprint 1 task added", "Renewal pitch", ["task", "t-9"]],
      ['Sprint 1 task "ICP Builder" title', "ICP Builder", ["task", "icp-builder"]],
      ["ICP Builder: who does it", "Dana", ["task", "icp-builder"]],
      ["Hand-in: ICP Builder", "Version 1", ["task", "icp-builder"]],
      ["Hand-in: ICP Builder, version 2", "Approved", ["task", "icp-builder"]],
      ["Preview", "as dana@client.test", null],
      // Words that state no fact: a subject-less line, and a task line naming no item.
      ["Overall progress", "40%", null],
      ["Sprint 1 task: Orphan", "Completed", null],
    ];
    await db
      .insertInto("audit_events")
      .values(
        lines.map(([field, after, item], index) => ({
          client_id: "client-1",
          actor_id: "staff-1",
          actor_email: "ada@agency.test",
          actor_role: "staff",
          field,
          before_value: "before",
          after_value: after,
          at: 1_000 + index,
          audience: "client",
          item_kind: item?.[0] ?? null,
          item_id: item?.[1] ?? null,
        })),
      )
      .execute();
    await db
      .insertInto("agency_trail")
      .values(
        ["Preview as a client", "Agency name"].map((field) => ({
          actor_id: "staff-1",
          actor_email: "ada@agency.test",
          field,
          before_value: "",
          after_value: "dana@client.test",
          at: 1,
        })),
      )
      .execute();
    const bodies: [body: string, task: string | null][] = [
      ["Handed in “ICP Builder” for review (version 1).\n\nHere it is.\n\nDana", "icp-builder"],
      ["Approved “ICP Builder” (version 1).", "icp-builder"],
      ["Changes requested on “ICP Builder” (version 2):\n\nShorter, please.", "icp-builder"],
      // Someone's own words that look alike: in the thread, or not the portal's form.
      ["Approved “ICP Builder” (version 1).", null],
      ["Approved ICP Builder, thanks!", "icp-builder"],
    ];
    await db
      .insertInto("messages")
      .values(
        bodies.map(([body, task], index) => ({
          client_id: "client-1",
          author_id: "client-1",
          author_email: "dana@client.test",
          author_role: "client",
          body,
          internal: 0,
          created_at: index + 1,
          task_id: task,
        })),
      )
      .execute();
    await close();

    expect(await migrate(settings)).toContain("034-stored-facts");
    const reopened = openDatabase(settings);
    const stored = await reopened.reader
      .selectFrom("audit_events")
      .select(["field", "after_value", "action", "params"])
      .orderBy("at")
      .execute();
    const agency = await reopened.reader
      .selectFrom("agency_trail")
      .select(["field", "action", "params"])
      .orderBy("id")
      .execute();
    const messages = await reopened.reader
      .selectFrom("messages")
      .select(["body", "action", "params"])
      .orderBy("created_at")
      .execute();
    await reopened.close();
    expect(messages.map((row) => row.body)).toEqual([
      "Here it is.\n\nDana",
      "",
      "Shorter, please.",
      "Approved “ICP Builder” (version 1).",
      "Approved ICP Builder, thanks!",
    ]);
    const texts = messages.map((row) => {
      const fact = storedMessageFact(row.action, row.params);
      return fact ? messageText(fact, row.body, "Ideal Client Profile") : row.body;
    });
    expect(texts.slice(0, 3)).toEqual([
      "Handed in “Ideal Client Profile” for review (version 1).\n\nHere it is.\n\nDana",
      "Approved “Ideal Client Profile” (version 1).",
      "Changes requested on “Ideal Client Profile” (version 2):\n\nShorter, please.",
    ]);
    // Renamed since: the task, the objective and the person.
    const today = trailNames({
      content: {
        sprints: [
          {
            tasks: [{ id: "icp-builder", title: "Ideal Client Profile" }],
            objectives: [{ id: "offer-clarity", title: "A clear offer" }],
          },
        ],
      },
      person: (email) => (email === "dana@client.test" ? "Dana Whitfield" : undefined),
    });
    const drawn = stored.map((row) => {
      const fact = storedFact(row.action, row.params);
      return fact
        ? {
            field: drawFact(fact, today).field,
            after: drawFact(fact, today).after ?? row.after_value,
          }
        : { field: row.field, after: row.after_value };
    });
    expect(drawn).toEqual([
      { field: "Sprint 1 task: Ideal Client Profile", after: "Completed" },
      { field: "Sprint 2 objective: A clear offer", after: "50%" },
      { field: "Sprint 3 status", after: "In Progress" },
      { field: "Sprint 1 task added", after: "Renewal pitch" },
      { field: 'Sprint 1 task "Ideal Client Profile" title', after: "ICP Builder" },
      { field: "Ideal Client Profile: who does it", after: "Dana" },
      { field: "Hand-in: Ideal Client Profile", after: "Version 1" },
      { field: "Hand-in: Ideal Client Profile, version 2", after: "Approved" },
      { field: "Preview", after: "as Dana Whitfield" },
      { field: "Overall progress", after: "40%" },
      { field: "Sprint 1 task: Orphan", after: "Completed" },
    ]);
    expect(stored.slice(-2).map((row) => row.action)).toEqual([null, null]);
    expect(agency).toEqual([
      {
        field: "Preview as a client",
        action: "client-preview",
        params: JSON.stringify({ person: "dana@client.test" }),
      },
      { field: "Agency name", action: null, params: null },
    ]);
  });
});
