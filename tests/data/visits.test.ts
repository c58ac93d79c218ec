// "Since your last visit", its storage on both engines: views close together are one visit, a view
// after a long gap starts a new one whose news begin where the last ended; and what the other side
// changed and wrote since then (a note never counts, a staff-only line never reaches the client).
import { TEMPLATE_TASK_FIELDS } from "~/programme/client-plan";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { recordMessage } from "~/data/messages.server";
import {
  changesSince,
  messagesSince,
  recentVisit,
  recordVisit,
  VISIT_GAP_MS,
} from "~/data/visits.server";
import { savePlanItems } from "~/data/client-plans.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const MINUTE = 60_000;

describe.each(ENGINES)("visits on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("keeps one visit while views come close together, and starts the next after a gap", async () => {
    const clientId = randomUUID();
    const viewer = randomUUID();
    const visit = (at: number) => inTransaction((trx) => recordVisit(trx, clientId, viewer, at));
    const start = 1_000_000_000;
    expect(await visit(start)).toBeNull();
    expect(await visit(start + 10 * MINUTE)).toBeNull();
    // Still the first visit: views 20 minutes apart.
    expect(await visit(start + 30 * MINUTE)).toBeNull();
    const next = start + 30 * MINUTE + VISIT_GAP_MS + MINUTE;
    expect(await visit(next)).toBe(start + 30 * MINUTE);
    // A reload in that visit keeps its start.
    expect(await visit(next + 5 * MINUTE)).toBe(start + 30 * MINUTE);
    // Another viewer of the same client has visits of their own.
    expect(await inTransaction((trx) => recordVisit(trx, clientId, randomUUID(), next))).toBeNull();
  });

  it("answers a view within the minute of the last without a write, and asks for one after", async () => {
    const clientId = randomUUID();
    const viewer = randomUUID();
    const recent = async (at: number) => recentVisit(await database(), clientId, viewer, at);
    const start = 2_000_000_000;
    // Never seen: the view is to be recorded.
    expect(await recent(start)).toBeUndefined();
    await inTransaction((trx) => recordVisit(trx, clientId, viewer, start));
    // Seen a moment ago, in a first visit: nothing to write, no news yet.
    expect(await recent(start + 30_000)).toBeNull();
    // A minute on, the view is recorded again.
    expect(await recent(start + MINUTE)).toBeUndefined();
    const next = start + VISIT_GAP_MS + 2 * MINUTE;
    expect(await inTransaction((trx) => recordVisit(trx, clientId, viewer, next))).toBe(start);
    expect(await recent(next + 1_000)).toBe(start);
    const seen = await (
      await database()
    )
      .selectFrom("visits")
      .select("seen_at")
      .where("client_id", "=", clientId)
      .executeTakeFirstOrThrow();
    expect(Number(seen.seen_at)).toBe(next);
  });

  it("lists the other side's changes and counts their messages since a moment", async () => {
    const clientId = randomUUID();
    const client = { id: clientId, email: "c@client.test", role: "client" as const };
    const staff = { id: randomUUID(), email: "s@agency.test", role: "staff" as const };
    await inTransaction(async (trx) => {
      await recordEvent(trx, {
        clientId,
        actor: staff,
        audience: "client",
        changes: [{ field: "Sprint 1 status", before: "In Progress", after: "Completed" }],
        at: 100,
      });
      await recordEvent(trx, {
        clientId,
        actor: client,
        audience: "client",
        changes: [{ field: "Sprint 2 task: VSL", before: "pending", after: "done" }],
        at: 200,
      });
      await recordEvent(trx, {
        clientId,
        actor: staff,
        audience: "client",
        changes: [{ field: "Overall progress", before: "25%", after: "50%" }],
        at: 300,
      });
      await recordMessage(trx, { clientId, author: staff, body: "Hi", internal: false, at: 310 });
      await recordMessage(trx, { clientId, author: staff, body: "Note", internal: true, at: 320 });
      await recordMessage(trx, { clientId, author: client, body: "Yo", internal: false, at: 330 });
    });
    const db = await database();
    // The client reads the agency's; staff read the client's.
    expect((await changesSince(db, clientId, client, 150)).map((c) => c.field)).toEqual([
      "Overall progress",
    ]);
    expect((await changesSince(db, clientId, client, 0)).map((c) => c.field)).toEqual([
      "Overall progress",
      "Sprint 1 status",
    ]);
    expect((await changesSince(db, clientId, staff, 0)).map((c) => c.after)).toEqual(["done"]);
    expect(await messagesSince(db, clientId, client, 0)).toBe(1);
    expect(await messagesSince(db, clientId, client, 310)).toBe(0);
    expect(await messagesSince(db, clientId, staff, 0)).toBe(1);
    // A colleague of the client reads the client's own changes and messages too, not their own.
    const colleague = { id: randomUUID(), role: "client" as const };
    expect((await changesSince(db, clientId, colleague, 0)).map((c) => c.after)).toEqual([
      "50%",
      "done",
      "Completed",
    ]);
    expect(await messagesSince(db, clientId, colleague, 0)).toBe(2);
    // Another staff member reads no staff member's changes as news.
    const otherStaff = { id: randomUUID(), role: "staff" as const };
    expect((await changesSince(db, clientId, otherStaff, 0)).map((c) => c.after)).toEqual(["done"]);
  });

  it("never tells the client of a staff-only line, nor of one naming an item hidden from them", async () => {
    const clientId = randomUUID();
    const staff = { id: randomUUID(), email: "s@agency.test", role: "staff" as const };
    const task = (id: string) => ({ kind: "task" as const, id });
    await inTransaction(async (trx) => {
      await recordEvent(trx, {
        clientId,
        actor: staff,
        audience: "staff",
        changes: [{ field: "Company", before: "not given", after: "Acme churnrisk" }],
        at: 100,
      });
      await recordEvent(trx, {
        clientId,
        actor: staff,
        audience: "client",
        changes: [
          { field: "Sprint 1 task added", before: "—", after: "Renewal pitch", item: task("x1") },
          { field: "Sprint 1 task added", before: "—", after: "Kick-off", item: task("x2") },
          { field: "Sprint 1 status", before: "Not Started", after: "In Progress" },
        ],
        at: 200,
      });
    });
    const db = await database();
    const clientReads = async () =>
      (await changesSince(db, clientId, { id: randomUUID(), role: "client" }, 0)).map(
        (line) => line.after,
      );
    expect(await clientReads()).toEqual(["In Progress", "Kick-off", "Renewal pitch"]);
    // Staff hide the first task afterwards: its earlier line goes from the client's news with it.
    const hidden = (hide: boolean) => ({
      kind: "task" as const,
      itemId: "x1",
      sprintId: 1,
      title: "Renewal pitch",
      description: null,
      dueAfterDays: null,
      position: 0,
      hidden: hide,
      added: true,
      ...TEMPLATE_TASK_FIELDS,
    });
    await inTransaction((trx) => savePlanItems(trx, clientId, [hidden(true)], 300));
    expect(await clientReads()).not.toContain("Renewal pitch");
    expect(await clientReads()).toContain("Kick-off");
    // "Who they are" is never the client's to read.
    expect(await clientReads()).not.toContain("Acme churnrisk");
    await inTransaction((trx) => savePlanItems(trx, clientId, [hidden(false)], 400));
    expect(await clientReads()).toContain("Renewal pitch");
  });
});
