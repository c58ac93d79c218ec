// Each client's programme state on both engines: nothing stored for a client never seen, ticks
// that last (the last write wins), a countdown start recorded once, and one client's writes never
// visible to another.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSprintStart as recordStart } from "~/data/client-programme.server";
import { inTransaction } from "~/data/connection.server";
import {
  ENGINES,
  stopEngines,
  storeTaskStatus as setTaskStatus,
  useEngine,
  storedClientState,
} from "../support/engines";

const recordSprintStart = (userId: string, sprintId: number) =>
  inTransaction((trx) => recordStart(trx, userId, sprintId, Date.now()));

afterAll(stopEngines);

describe.each(ENGINES)("client programme state on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("holds nothing for a client never seen", async () => {
    const state = await storedClientState(randomUUID());
    expect(state.overallProgress).toBeNull();
    expect(state.sprints.size).toBe(0);
    expect(state.tasks.size).toBe(0);
    expect(state.objectives.size).toBe(0);
  });

  it("keeps a tick, and the last of two writes wins", async () => {
    const user = randomUUID();
    await setTaskStatus(user, "icp-builder", "completed");
    expect((await storedClientState(user)).tasks.get("icp-builder")).toBe("completed");
    await setTaskStatus(user, "icp-builder", "pending");
    await setTaskStatus(user, "pricing-strategist", "completed");
    const state = await storedClientState(user);
    expect(state.tasks.get("icp-builder")).toBe("pending");
    expect(state.tasks.get("pricing-strategist")).toBe("completed");
  });

  it("records a sprint's start once: later and concurrent opens keep the first", async () => {
    const user = randomUUID();
    const first = await recordSprintStart(user, 2);
    const again = await Promise.all([1, 2, 3].map(() => recordSprintStart(user, 2)));
    expect(again).toEqual([first, first, first]);
    const sprint = (await storedClientState(user)).sprints.get(2);
    expect(sprint).toEqual({ status: null, progress: null, startedAt: first });
  });

  it("keeps each client's records apart", async () => {
    const [one, two] = [randomUUID(), randomUUID()];
    await setTaskStatus(one, "icp-builder", "completed");
    await recordSprintStart(one, 1);
    const other = await storedClientState(two);
    expect(other.tasks.size).toBe(0);
    expect(other.sprints.size).toBe(0);
  });
});
