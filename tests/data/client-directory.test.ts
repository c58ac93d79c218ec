// The directory's sync with the auth service on both engines: an entry held as it is is not written
// again, a changed one is; a complete sync forgets whom it did not see, but not whom the portal wrote
// since it started.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { finishSync, saveDirectory, type DirectoryEntry } from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);

function entry(email: string, lastSignInAt: number | null = NOW - DAY): DirectoryEntry {
  const userId = randomUUID();
  return {
    userId,
    email,
    state: "confirmed",
    isStaff: false,
    createdAt: NOW - 9 * DAY,
    lastSignInAt,
  };
}

async function rows(ids: string[]) {
  const found = await (
    await database()
  )
    .selectFrom("clients")
    .select(["user_id", "email", "last_sign_in_at", "synced_at"])
    .where("user_id", "in", ids)
    .execute();
  return new Map(
    found.map((row) => [
      row.user_id,
      {
        email: row.email,
        lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
        syncedAt: row.synced_at === null ? null : Number(row.synced_at),
      },
    ]),
  );
}

describe.each(ENGINES)("the client directory on %s", (engine) => {
  it("writes an entry again only when the auth service says something new of it", async () => {
    await useEngine(engine);
    const same = entry(`same-${engine}@client.test`);
    const signedIn = entry(`signed-in-${engine}@client.test`);
    await inTransaction((trx) => saveDirectory(trx, [same, signedIn], NOW - 60_000));
    const later = { ...signedIn, lastSignInAt: NOW - 1_000 };
    await inTransaction((trx) => saveDirectory(trx, [same, later], NOW));
    const stored = await rows([same.userId, signedIn.userId]);
    expect(stored.get(same.userId)).toEqual({
      email: same.email,
      lastSignInAt: NOW - DAY,
      syncedAt: NOW - 60_000,
    });
    expect(stored.get(signedIn.userId)).toEqual({
      email: signedIn.email,
      lastSignInAt: NOW - 1_000,
      syncedAt: NOW,
    });
  });

  it("forgets at the end of a sync whom it did not see, unless written since it started", async () => {
    await useEngine(engine);
    const kept = entry(`kept-${engine}@client.test`);
    const deleted = entry(`deleted-${engine}@client.test`);
    const invited = entry(`invited-${engine}@client.test`);
    await inTransaction((trx) => saveDirectory(trx, [kept, deleted], NOW - DAY));
    const syncStarted = NOW - 60_000;
    // Invited while the sync ran: the listing it read had no such user yet.
    await inTransaction((trx) => saveDirectory(trx, [invited], NOW - 30_000));
    await inTransaction((trx) => saveDirectory(trx, [kept], syncStarted));
    await inTransaction((trx) => finishSync(trx, syncStarted, new Set([kept.userId])));
    const stored = await rows([kept.userId, deleted.userId, invited.userId]);
    expect(stored.get(kept.userId)?.email).toBe(kept.email);
    expect(stored.get(invited.userId)?.email).toBe(invited.email);
    expect(stored.get(deleted.userId)).toEqual({
      email: null,
      lastSignInAt: NOW - DAY,
      syncedAt: null,
    });
  });
});
