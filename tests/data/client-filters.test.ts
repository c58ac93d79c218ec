// The client list's filters on both engines: whom each keeps (stuck exactly as "Needs attention"
// counts it), with the search, the total and the pages still right; unknown names filter nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAttention } from "~/data/attention.server";
import { setDeactivated } from "~/data/client-accounts.server";
import { recordEvent } from "~/data/events.server";
import { listClients, recordActivity, saveDirectory } from "~/data/client-directory.server";
import { clientFilter, clientFilterOf } from "~/data/client-filters.server";
import { applyProgrammeChanges } from "~/data/client-programme.server";
import { database, inTransaction } from "~/data/connection.server";
import { refreshClientFacts } from "~/data/task-facts.server";
import { recordHandIn, recordReview } from "~/data/hand-ins.server";
import { CLIENT_FILTERS, type AccountStatus, type ClientFilter } from "~/data/shapes";
import type { ProgrammeChange } from "~/programme/model";
import { accountIdOf } from "../support/accounts";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Wednesday 25 November 2026, noon UTC. */
const NOW = Date.UTC(2026, 10, 25, 12);

async function client(
  email: string,
  { state = "confirmed", lastSignInAt = NOW - HOUR, isStaff = false } = {} as {
    state?: AccountStatus;
    lastSignInAt?: number | null;
    isStaff?: boolean;
  },
) {
  const userId = randomUUID();
  // The client, as the console lists them: the account the directory opens for them.
  return inTransaction(async (trx) => {
    await saveDirectory(
      trx,
      [{ userId, email, state, isStaff, createdAt: NOW - 30 * DAY, lastSignInAt }],
      NOW,
    );
    return isStaff ? userId : accountIdOf(userId, trx);
  });
}

/** `changes` stored as the app stores them: with the client's task facts. */
function change(userId: string, changes: ProgrammeChange[]) {
  return inTransaction(async (trx) => {
    await applyProgrammeChanges(trx, userId, changes, NOW - HOUR);
    await refreshClientFacts(trx, userId);
  });
}

const started = (sprintId: number, startedAt: number): ProgrammeChange => ({
  kind: "sprint-start",
  sprintId,
  startedAt,
  field: "",
  before: "",
  after: "",
});
const done = (taskId: string): ProgrammeChange => ({
  kind: "task",
  taskId,
  status: "completed",
  field: "",
  before: "",
  after: "",
});

/** Staff deactivate or reactivate `clientId` as the People tab does: the flag, and a line. */
function access(clientId: string, to: "deactivate" | "reactivate") {
  return inTransaction(async (trx) => {
    await setDeactivated(trx, clientId, to === "deactivate" ? NOW - HOUR : null);
    const line = { field: "Access", before: "", after: to };
    const actor = { id: "staff", email: "staff@agency.test", role: "staff" as const };
    await recordEvent(trx, { clientId, actor, audience: "staff", changes: [line], at: NOW });
  });
}

function handIn(clientId: string) {
  return inTransaction((trx) =>
    recordHandIn(trx, {
      clientId,
      taskId: "vsl-alchemist",
      link: "",
      note: "",
      submittedByEmail: "client@client.test",
      at: NOW - 2 * HOUR,
    }),
  );
}

async function list(filter: ClientFilter | null, { search = "", page = 1, perPage = 50 } = {}) {
  const only = filter ? clientFilter(filter, NOW) : undefined;
  const { clients, total } = await listClients(await database(), {
    search,
    page,
    perPage,
    only,
  });
  return { emails: clients.map((c) => c.email), total };
}

describe.each(ENGINES)("the client list's filters on %s", (engine) => {
  let letGoId = "";
  beforeAll(async () => {
    await useEngine(engine);

    // Sprint 1 opened 3 days ago: ICP Builder (due on day 2) is overdue.
    await change(await client("overdue@client.test"), [started(1, NOW - 3 * DAY)]);
    // Opened 6 days ago, every task done, not completed: its 5 days ran out, nothing is overdue.
    await change(await client("time-up@client.test"), [
      started(1, NOW - 6 * DAY),
      ...["icp-builder", "messaging-mastery", "pricing-strategist", "vsl-alchemist"].map(done),
    ]);
    // Signed in 8 days ago, nothing since.
    await client("quiet@client.test", { lastSignInAt: NOW - 8 * DAY });
    // Both at once: counted once.
    const both = await client("quiet-late@client.test", { lastSignInAt: NOW - 8 * DAY });
    await change(both, [started(1, NOW - 3 * DAY)]);
    // Opened an hour ago: nothing due yet.
    await change(await client("on-track@client.test"), [started(1, NOW - HOUR)]);
    // A completed sprint's open tasks and run-out countdown are no one's to chase.
    await change(await client("finished@client.test"), [
      started(1, NOW - 6 * DAY),
      { kind: "sprint-status", sprintId: 1, status: "completed", field: "", before: "", after: "" },
    ]);
    await handIn(await client("reviewing@client.test"));
    const reviewed = await client("reviewed@client.test");
    const decided = await handIn(reviewed);
    await inTransaction((trx) =>
      recordReview(trx, {
        handInId: decided.id,
        clientId: reviewed,
        taskId: "vsl-alchemist",
        decision: "approved",
        comment: "",
        reviewerEmail: "staff@agency.test",
        at: NOW - HOUR,
      }),
    );
    // Overdue, quiet and waiting for review, then let go: in "Deactivated" only.
    letGoId = await client("let-go@client.test", { lastSignInAt: NOW - 8 * DAY });
    await change(letGoId, [started(1, NOW - 3 * DAY)]);
    await handIn(letGoId);
    await access(letGoId, "deactivate");
    await client("invited@client.test", { state: "invited", lastSignInAt: null });
    await client("never@client.test", { lastSignInAt: null });
    // Staff are never listed, however stuck their own programme looks.
    const staff = await client("staff@agency.test", { isStaff: true, lastSignInAt: null });
    await change(staff, [started(1, NOW - 9 * DAY)]);
  });

  it("keeps, for each filter, exactly its clients, and counts them", async () => {
    const expected: Record<ClientFilter, string[]> = {
      stuck: ["overdue", "quiet", "quiet-late", "time-up"],
      "in-review": ["reviewing"],
      // Never signed in, or no sprint's countdown started.
      "not-started": ["invited", "never", "quiet", "reviewed", "reviewing"],
      invited: ["invited"],
      deactivated: ["let-go"],
    };
    for (const filter of CLIENT_FILTERS) {
      const { emails, total } = await list(filter);
      const names = emails.map((email) => email.split("@")[0]).sort();
      expect(names, filter).toEqual(expected[filter]);
      expect(total, filter).toBe(expected[filter].length);
    }
    const all = await list(null);
    expect(all.total).toBe(11);
    expect(all.emails).not.toContain("staff@agency.test");
  });

  it("calls stuck exactly whom 'Needs attention' lists as overdue, out of time or quiet", async () => {
    const attention = await readAttention(await database(), NOW, 100);
    const listed = new Set(
      attention.items
        .filter((item) => ["overdue-task", "time-up", "quiet"].includes(item.kind))
        .map((item) => item.email),
    );
    expect((await list("stuck")).emails.sort()).toEqual([...listed].sort());
    const letGo = attention.items.filter((item) => item.email === "let-go@client.test");
    expect(letGo).toEqual([]);
  });

  it("pages a filter with the search, its total true on every page", async () => {
    // Seven more overdue clients, an hour apart, late-6 the most recently active.
    for (let i = 0; i < 7; i++) {
      const id = await client(`late-${i}@client.test`);
      await change(id, [started(1, NOW - 4 * DAY)]);
      await inTransaction((trx) => recordActivity(trx, id, NOW - (8 - i) * HOUR));
    }
    await client("late-but-fine@client.test");
    expect((await list("stuck")).total).toBe(11);
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(await list("stuck", { search: "LATE-", page, perPage: 3 }));
    }
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect(pages.map((page) => page.emails.length)).toEqual([3, 3, 1]);
    // Newest activity first, each client once.
    expect(pages.flatMap((page) => page.emails)).toEqual(
      Array.from({ length: 7 }, (_, i) => `late-${6 - i}@client.test`),
    );
    expect(await list("in-review", { search: "late-" })).toEqual({ emails: [], total: 0 });
    expect((await list("not-started", { search: "late-" })).emails).toEqual([
      "late-but-fine@client.test",
    ]);
    expect((await list(null, { search: "late-" })).total).toBe(8);
  });

  it("brings a reactivated client back to the filters and 'Needs attention'", async () => {
    await access(letGoId, "reactivate");
    expect(await list("deactivated")).toEqual({ emails: [], total: 0 });
    expect((await list("stuck")).emails).toContain("let-go@client.test");
    expect((await list("in-review")).emails).toContain("let-go@client.test");
    const attention = await readAttention(await database(), NOW, 100);
    const kinds = attention.items.filter((item) => item.email === "let-go@client.test");
    expect(kinds.map((item) => item.kind).sort()).toEqual(["overdue-task", "quiet"]);
  });

  it("takes only the filters' own names; anything else filters nothing", () => {
    for (const filter of CLIENT_FILTERS) expect(clientFilterOf(filter)).toBe(filter);
    for (const value of [null, "", "STUCK", " stuck", "__proto__", "constructor", "stuck,invited"])
      expect(clientFilterOf(value)).toBeNull();
  });
});
