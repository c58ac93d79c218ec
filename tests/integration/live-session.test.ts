// A live stream ends within the session check's interval once its session no longer stands (signed
// out everywhere, its token expired, a staff member's role taken, a client's person removed from
// the account), and only once it does; one person holds at most so many at once.
import type { AuthServer } from "@portal/auth-server";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { joinAccount, removeFromAccount } from "~/data/client-accounts.server";
import { saveDirectory } from "~/data/client-directory.server";
import { closeProductDatabase, inTransaction } from "~/data/connection.server";
import { saveRevocation } from "~/data/session-revocations.server";
import { configure, getEnv } from "~/lib/env.server";
import { liveStream, openStreamCount, STREAMS_PER_PERSON } from "~/live/stream.server";
import type { SessionUser } from "~/session/state.server";
import { accountIdOf } from "../support/accounts";
import { freshDatabase, stopEngines, useEngine } from "../support/engines";
import { adminCreateUser, appEnv, startTestAuthServer, uniqueEmail } from "../support/harness";

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

/** `user` as the directory lists a client. */
const entry = (user: SessionUser) => ({
  userId: user.id,
  email: `${user.id}@client.test`,
  state: "confirmed" as const,
  isStaff: false,
  createdAt: 0,
  lastSignInAt: null,
});

/** `user` under their own id: staff, or a count of streams, which asks no account. */
const byOwnId = (user: SessionUser) => ({
  user,
  accountId: user.id,
  timeZone: "UTC",
  zoneGiven: true,
});

/** `user` at work in the account the directory opened for them, as a client of one. */
async function asMember(user: SessionUser) {
  await inTransaction((trx) => saveDirectory(trx, [entry(user)], Date.now()));
  return { user, accountId: await accountIdOf(user.id), timeZone: "UTC", zoneGiven: true };
}

describe("a live stream's session", () => {
  it("ends the stream at the next check after a sign-out everywhere, not before", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const user = userFor(3_600);
    const response = liveStream(
      new Request("http://portal.test/resources/live"),
      {},
      await asMember(user),
    );
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
    const response = liveStream(
      new Request("http://portal.test/resources/live"),
      {},
      await asMember(userFor(45)),
    );
    const body = response.body as ReadableStream<Uint8Array>;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(false);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(true);
  });
});

describe("a client's person's live stream", () => {
  it("ends at the next check once staff removed them from the account, not before", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const first = await asMember(userFor(3_600));
    const colleague = userFor(3_600);
    await inTransaction(async (trx) => {
      await saveDirectory(trx, [entry(colleague)], Date.now());
      await joinAccount(trx, colleague.id, first.accountId);
    });
    const body = liveStream(
      new Request("http://portal.test/resources/live"),
      {},
      {
        user: colleague,
        accountId: first.accountId,
        timeZone: "UTC",
        zoneGiven: true,
      },
    ).body as ReadableStream<Uint8Array>;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(false);
    await inTransaction((trx) => removeFromAccount(trx, colleague.id, first.accountId, Date.now()));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(true);
  });
});

describe("how many streams one person holds", () => {
  it("refuses the next one past the limit, and takes it again once one closes", () => {
    const user = userFor(3_600);
    const open = Array.from({ length: STREAMS_PER_PERSON }, () =>
      liveStream(new Request("http://portal.test/resources/live"), {}, byOwnId(user)),
    );
    expect(open.every((response) => response.status === 200)).toBe(true);
    const refused = liveStream(new Request("http://portal.test/resources/live"), {}, byOwnId(user));
    expect(refused.status).toBe(429);
    // Another person is not held back by them.
    const other = liveStream(
      new Request("http://portal.test/resources/live"),
      {},
      byOwnId(userFor(3_600)),
    );
    expect(other.status).toBe(200);
    void open[0]?.body?.cancel();
    const again = liveStream(new Request("http://portal.test/resources/live"), {}, byOwnId(user));
    expect(again.status).toBe(200);
    for (const response of [...open, other, again]) void response.body?.cancel();
    expect(openStreamCount()).toBe(0);
  });
});

describe("a staff member's live stream", () => {
  let auth: AuthServer;

  beforeAll(async () => {
    appEnv();
    await closeProductDatabase();
    auth = await startTestAuthServer({}, freshDatabase("sqlite") as Record<string, string>);
    configure({ ...getEnv(), SUPABASE_SERVICE_ROLE_KEY: auth.serviceRoleKey });
  });

  afterAll(() => auth?.close());

  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${auth.url}/auth/v1/admin${path}`, {
      ...init,
      headers: {
        apikey: auth.serviceRoleKey,
        Authorization: `Bearer ${auth.serviceRoleKey}`,
        "Content-Type": "application/json",
      },
    });

  it("ends at the next check once the auth service no longer says staff", async () => {
    const email = uniqueEmail("live-staff");
    const id = await adminCreateUser(auth, email, { app_metadata: { role: "staff" } });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const staff = { ...userFor(3_600), id, email, role: "staff" };
    const body = liveStream(new Request("http://portal.test/resources/live"), {}, byOwnId(staff))
      .body as ReadableStream<Uint8Array>;
    await vi.advanceTimersByTimeAsync(31_000);
    expect(await ended(body)).toBe(false);
    const revoked = await admin(`/users/${id}`, {
      method: "PUT",
      body: JSON.stringify({ app_metadata: { role: null } }),
    });
    expect(revoked.status).toBe(200);
    await vi.advanceTimersByTimeAsync(31_000);
    await vi.waitFor(async () => expect(await ended(body)).toBe(true), { timeout: 5_000 });
  });
});
