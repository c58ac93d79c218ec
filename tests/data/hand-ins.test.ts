// Hand-ins' storage on both engines: versions count up per client and task, each with its files; a
// review decides a version once (a second decision, another client's or another task's id, nothing);
// the queue lists what waits, oldest first; the latest version's status per task; a client's bytes.
import { clientStoredBytes } from "~/data/file-room.server";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDirectory } from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import {
  latestHandInStatuses,
  recordHandIn,
  recordReview,
  reviewQueue,
  taskHandIns,
  waitingReviews,
} from "~/data/hand-ins.server";
import { waitingOnAgency } from "~/data/attention.server";
import { recordSharedFile } from "~/data/shared-files.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

function handIn(clientId: string, taskId: string, at: number, link = "") {
  return inTransaction((trx) =>
    recordHandIn(trx, { clientId, taskId, link, note: "", submittedByEmail: "c@client.test", at }),
  );
}

function review(clientId: string, taskId: string, handInId: number, approved: boolean) {
  return inTransaction((trx) =>
    recordReview(trx, {
      handInId,
      clientId,
      taskId,
      decision: approved ? "approved" : "changes-requested",
      comment: approved ? "" : "Shorter, please.",
      reviewerEmail: "s@agency.test",
      at: 5_000,
    }),
  );
}

describe.each(ENGINES)("hand-ins on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("numbers versions per client and task and lists them newest first with their files", async () => {
    const clientId = randomUUID();
    const first = await handIn(clientId, "vsl-alchemist", 1_000);
    expect(first.version).toBe(1);
    await inTransaction((trx) =>
      recordSharedFile(trx, {
        id: randomUUID(),
        clientId,
        name: "script.pdf",
        bytes: 1234,
        sha256: "0".repeat(64),
        contentType: "application/pdf",
        note: "",
        sharedBy: { id: clientId, email: "c@client.test", role: "client" },
        at: 1_000,
        handInId: first.id,
      }),
    );
    expect(await review(clientId, "vsl-alchemist", first.id, false)).toBe(1);
    const second = await handIn(clientId, "vsl-alchemist", 2_000, "https://client.test/v2");
    expect(second.version).toBe(2);
    // Another task, and another client, count their own versions.
    expect((await handIn(clientId, "offer-alchemy", 2_500)).version).toBe(1);
    expect((await handIn(randomUUID(), "vsl-alchemist", 2_600)).version).toBe(1);

    const versions = await taskHandIns(await database(), clientId, "vsl-alchemist");
    expect(versions.map((v) => [v.version, v.status, v.link])).toEqual([
      [2, "in-review", "https://client.test/v2"],
      [1, "changes-requested", ""],
    ]);
    expect(versions[1]?.files).toEqual([
      { id: expect.any(String), name: "script.pdf", bytes: 1234 },
    ]);
    expect(versions[1]?.reviewComment).toBe("Shorter, please.");
    expect(versions[1]?.reviewerEmail).toBe("s@agency.test");
    expect(versions[0]?.files).toEqual([]);
    const latest = await latestHandInStatuses(await database(), clientId);
    expect(Object.fromEntries(latest)).toEqual({
      "vsl-alchemist": "in-review",
      "offer-alchemy": "in-review",
    });
    expect(await clientStoredBytes(await database(), clientId)).toBe(1234);
  });

  it("decides a version once, and only for its own client and task", async () => {
    const clientId = randomUUID();
    const { id } = await handIn(clientId, "icp-builder", 1_000);
    expect(await review(randomUUID(), "icp-builder", id, true)).toBeNull();
    expect(await review(clientId, "offer-alchemy", id, true)).toBeNull();
    expect(await review(clientId, "icp-builder", id, true)).toBe(1);
    expect(await review(clientId, "icp-builder", id, false)).toBeNull();
    const [version] = await taskHandIns(await database(), clientId, "icp-builder");
    expect(version?.status).toBe("approved");
  });

  it("queues what waits for review, oldest first, and drops what was decided and staff's own", async () => {
    const clientId = randomUUID();
    const staffId = randomUUID();
    const entry = (userId: string, isStaff: boolean) => ({
      userId,
      email: `${userId}@example.test`,
      state: "confirmed" as const,
      isStaff,
      createdAt: 1,
      lastSignInAt: null,
    });
    await inTransaction((trx) =>
      saveDirectory(trx, [entry(clientId, false), entry(staffId, true)], 1),
    );
    const before = await waitingOnAgency(await database());
    await handIn(staffId, "pricing-strategist", 1);
    const older = await handIn(clientId, "pricing-strategist", 10);
    const newer = await handIn(clientId, "messaging-mastery", 20);
    const decided = await handIn(clientId, "landing-page-buildout", 5);
    await review(clientId, "landing-page-buildout", decided.id, true);
    const queue = (await reviewQueue(await database())).filter(
      (item) => item.clientId === clientId || item.clientId === staffId,
    );
    expect(queue.map((item) => [item.id, item.taskId, item.version])).toEqual([
      [older.id, "pricing-strategist", 1],
      [newer.id, "messaging-mastery", 1],
    ]);
    // The console's counts: the client's two, per client and in all (staff's own is no review).
    const db = await database();
    expect((await waitingReviews(db, [clientId])).get(clientId)).toBe(2);
    expect((await waitingOnAgency(db)).reviews).toBe(before.reviews + 2);
  });

  it("gives each waiting hand-in its task's due day, if its sprint is under way", async () => {
    const clientId = randomUUID();
    const day = 20_000;
    const dayEnd = (day + 1) * 86_400_000;
    const fact = (taskId: string) => ({
      user_id: clientId,
      task_id: taskId,
      sprint_id: 1,
      owner: "client" as const,
      due_day: day,
      due_end: dayEnd,
      settled: 0,
    });
    await inTransaction(async (trx) => {
      const row = { user_id: clientId, is_staff: 0, created_at: 1, updated_at: 1 };
      await trx.insertInto("clients").values(row).execute();
      await trx
        .insertInto("client_task_facts")
        .values([fact("icp-builder"), fact("pricing-strategist")])
        .execute();
    });
    await handIn(clientId, "icp-builder", dayEnd - 1);
    await handIn(clientId, "pricing-strategist", dayEnd + 1);
    await handIn(clientId, "landing-page-buildout", dayEnd + 2);
    const queue = (await reviewQueue(await database())).filter(
      (item) => item.clientId === clientId,
    );
    expect(
      queue.map((item) => [item.taskId, item.dueAt, item.at > (item.dueAt ?? Infinity)]),
    ).toEqual([
      ["icp-builder", dayEnd, false],
      ["pricing-strategist", dayEnd, true],
      ["landing-page-buildout", null, false],
    ]);
  });
});
