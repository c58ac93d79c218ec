// A live stream ends within the session check's interval once its session no longer stands (signed
// out everywhere, or its token expired), and only once it does, as the stream module runs it.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inTransaction } from "~/data/connection.server";
import { saveRevocation } from "~/data/session-revocations.server";
import { liveStream, openStreamCount } from "~/live/stream.server";
import type { SessionUser } from "~/session/state.server";
import { stopEngines, useEngine } from "../support/engines";

beforeAll(() => useEngine("sqlite"));
afterAll(stopEngines);
afterEach(() => vi.useRealTimers());

function userFor(expiresInSeconds: number): SessionUser {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: randomUUID(),
    email: "client@example.com",
    role: null,
    sessionId: randomUUID(),
    linkSignInAt: null,
    issuedAt: now - 60,
    expiresAt: now + expiresInSeconds,
  };
}

/** Whether the stream's body has ended, reading what it sent so far. */
async function ended(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  for (;;) {
    const read = await Promise.race([
      reader.read(),
      new Promise<"open">((resolve) => setImmediate(() => resolve("open"))),
    ]);
    if (read === "open") {
      reader.releaseLock();
      return false;
    }
    if (read.done) return true;
  }
}

describe("a live stream's session", () => {
  it("ends the stream at the next check after a sign-out everywhere, not before", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const user = userFor(3_600);
    const response = liveStream(new Request("http://portal.test/resources/live"), {}, user);
    const body = response.body as ReadableStream<Uint8Array>;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(false);
    await inTransaction((trx) =>
      saveRevocation(trx, user.id, {
        revokedAt: Date.now(),
        keptSessionId: null,
        reason: "everywhere",
      }),
    );
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(true);
    expect(openStreamCount()).toBe(0);
  });

  it("ends the stream once its access token has expired (the page's next request refreshes it)", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const response = liveStream(new Request("http://portal.test/resources/live"), {}, userFor(45));
    const body = response.body as ReadableStream<Uint8Array>;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(false);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(true);
  });
});
