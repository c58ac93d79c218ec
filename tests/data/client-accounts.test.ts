// Client accounts on both engines: a new person is the first of an account of their own, staff of
// none; a colleague joined keeps it through syncs, is never listed as a client, and once removed
// has no account until added again; one primary contact; each person's unread messages are their own.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountBook,
  accountOf,
  accountSettings,
  accountsListed,
  changeAccount,
  choosePrimaryContact,
  peopleOf,
  joinAccount,
  rejoinAccount,
  removeFromAccount,
} from "~/data/client-accounts.server";
import { listClients, saveDirectory, type DirectoryEntry } from "~/data/client-directory.server";
import { savePersonName } from "~/data/client-profiles.server";
import { database, inTransaction } from "~/data/connection.server";
import { markRead, recordMessage, unreadByClient } from "~/data/messages.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const NOW = Date.UTC(2026, 10, 29, 12);

function entry(label: string, extra: Partial<DirectoryEntry> = {}): DirectoryEntry {
  const userId = randomUUID();
  return {
    userId,
    email: `${label}-${userId.slice(0, 8)}@accounts.test`,
    state: "confirmed",
    isStaff: false,
    createdAt: NOW - 1_000,
    lastSignInAt: null,
    ...extra,
  };
}

const sync = (entries: DirectoryEntry[], at = NOW) =>
  inTransaction((trx) => saveDirectory(trx, entries, at));

describe.each(ENGINES)("client accounts on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("keeps a colleague in the account they joined, listed with it and never on their own", async () => {
    const dana = entry("dana");
    const sam = entry("sam", { state: "invited" });
    const staff = entry("staff", { isStaff: true });
    await sync([dana, sam, staff]);
    const db = await database();
    expect(await accountOf(db, dana.userId)).toBe(dana.userId);
    expect(await accountOf(db, sam.userId)).toBe(sam.userId);
    // Staff belong to no account: their own id, as a client of one would be.
    expect(await accountOf(db, staff.userId)).toBe(staff.userId);
    // Someone the directory does not hold yet works in an account of their own.
    const unknown = randomUUID();
    expect(await accountOf(db, unknown)).toBe(unknown);

    const listedBefore = (await listClients(db, { search: "", page: 1, perPage: 100 })).total;
    await inTransaction((trx) => joinAccount(trx, sam.userId, dana.userId));
    expect(await accountOf(db, sam.userId)).toBe(dana.userId);
    // A later sync (Sam accepted and signed in) changes nothing of that.
    await sync([{ ...sam, state: "confirmed", lastSignInAt: NOW }], NOW + 1);
    expect(await accountOf(db, sam.userId)).toBe(dana.userId);

    expect((await peopleOf(db, dana.userId)).map((person) => person.email)).toEqual([
      dana.email,
      sam.email,
    ]);
    expect(await peopleOf(db, sam.userId)).toEqual([]);
    const listed = await listClients(db, { search: "", page: 1, perPage: 100 });
    expect(listed.total).toBe(listedBefore - 1);
    expect(listed.clients.map((client) => client.userId)).toContain(dana.userId);
    expect(listed.clients.map((client) => client.userId)).not.toContain(sam.userId);
    expect(listed.clients.map((client) => client.userId)).not.toContain(staff.userId);
  });

  it("counts each person's unread messages from the agency in the account's thread", async () => {
    const dana = entry("reader-dana");
    const sam = entry("reader-sam");
    await sync([dana, sam]);
    await inTransaction((trx) => joinAccount(trx, sam.userId, dana.userId));
    const db = await database();
    const post = (author: { id: string; email: string; role: "client" | "staff" }, body: string) =>
      inTransaction((trx) =>
        recordMessage(trx, { clientId: dana.userId, author, body, internal: false, at: NOW }),
      );
    await post({ id: sam.userId, email: sam.email, role: "client" }, "From Sam");
    const answer = await post({ id: randomUUID(), email: "ada@agency.test", role: "staff" }, "Hi");
    expect(await unreadByClient(db, dana.userId, dana.userId)).toBe(1);
    expect(await unreadByClient(db, dana.userId, sam.userId)).toBe(1);
    await inTransaction((trx) => markRead(trx, dana.userId, sam.userId, answer, NOW + 1));
    expect(await unreadByClient(db, dana.userId, sam.userId)).toBe(0);
    expect(await unreadByClient(db, dana.userId, dana.userId)).toBe(1);
  });

  it("removes a colleague, never the first person: no account for them, through later syncs, until added again", async () => {
    const dana = entry("removing-dana");
    const sam = entry("removing-sam");
    const other = entry("removing-other");
    await sync([dana, sam, other]);
    await inTransaction((trx) => joinAccount(trx, sam.userId, dana.userId));
    const db = await database();
    const remove = (personId: string, accountId: string) =>
      inTransaction((trx) => removeFromAccount(trx, personId, accountId, NOW));
    // Not the first person, and not someone of another account.
    expect(await remove(dana.userId, dana.userId)).toBeNull();
    expect(await remove(other.userId, dana.userId)).toBeNull();
    expect(await remove(sam.userId, dana.userId)).toBe(sam.email);
    expect(await accountOf(db, sam.userId)).toBeNull();
    expect(await accountOf(db, dana.userId)).toBe(dana.userId);
    expect((await peopleOf(db, dana.userId)).map((person) => person.email)).toEqual([dana.email]);
    // Never a client of their own: not listed, not after the next sync either.
    await sync([{ ...sam, lastSignInAt: NOW }], NOW + 1);
    expect(await accountOf(db, sam.userId)).toBeNull();
    const listed = await listClients(db, { search: sam.email, page: 1, perPage: 10 });
    expect(listed.clients).toEqual([]);
    // Added again: the same person, in the account, with nothing else touched.
    expect(await inTransaction((trx) => rejoinAccount(trx, other.email, dana.userId))).toBeNull();
    expect(await inTransaction((trx) => rejoinAccount(trx, sam.email, dana.userId))).toBe(
      sam.userId,
    );
    expect(await accountOf(db, sam.userId)).toBe(dana.userId);
    expect(await accountOf(db, other.userId)).toBe(other.userId);
  });

  it("keeps one primary contact of the account's people, its name, and a removed person's name", async () => {
    const dana = entry("primary-dana");
    const sam = entry("primary-sam");
    const other = entry("primary-other");
    await sync([dana, sam, other]);
    await inTransaction((trx) => joinAccount(trx, sam.userId, dana.userId));
    const db = await database();
    // At first: the first person, no name, colleagues may not invite.
    expect(await accountSettings(db, dana.userId)).toEqual({
      name: null,
      primaryContactId: dana.userId,
      colleaguesMayInvite: false,
    });
    const choose = (personId: string) =>
      inTransaction((trx) => choosePrimaryContact(trx, dana.userId, personId));
    expect(await choose(other.userId)).toBeNull();
    expect(await choose(sam.userId)).toBe(sam.email);
    await inTransaction((trx) =>
      changeAccount(trx, dana.userId, { name: "Northwind", colleaguesMayInvite: true }),
    );
    expect(await accountSettings(db, dana.userId)).toEqual({
      name: "Northwind",
      primaryContactId: sam.userId,
      colleaguesMayInvite: true,
    });
    const people = await peopleOf(db, dana.userId);
    expect(people.map((person) => [person.email, person.primary, person.holdsAccountId])).toEqual([
      [dana.email, false, true],
      [sam.email, true, false],
    ]);
    // The primary contact is not removed; once another is chosen, they may be.
    const remove = () =>
      inTransaction((trx) => removeFromAccount(trx, sam.userId, dana.userId, NOW));
    expect(await remove()).toBeNull();
    expect(await choose(dana.userId)).toBe(dana.email);
    await inTransaction((trx) => savePersonName(trx, sam.userId, "Sam Lee", NOW));
    expect(await remove()).toBe(sam.email);
    // Removed, they still name their work in the account's thread; the list names the account.
    const book = await accountBook(db, dana.userId);
    expect(book.company).toBe("Northwind");
    expect(book.names.get(sam.email)).toBe("Sam Lee");
    const listed = await accountsListed(db, [dana.userId, other.userId]);
    expect(listed.get(dana.userId)).toEqual({ name: "Northwind", colleagues: [] });
    expect(listed.get(other.userId)).toEqual({ name: null, colleagues: [] });
    // Someone removed from another account is not pulled into this one.
    expect(await inTransaction((trx) => rejoinAccount(trx, sam.email, other.userId))).toBeNull();
    expect(await accountOf(db, sam.userId)).toBeNull();
  });
});
