// Client accounts on both engines: a new client gets an account with an id of its own (a migrated
// one keeps its person's), staff none; a colleague joined keeps it through syncs, is never listed as
// a client, and once removed has no account until added again; one primary contact; unread per person.
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
  openAccounts,
  rejoinAccount,
  removeFromAccount,
} from "~/data/client-accounts.server";
import {
  listClients,
  recordActivity,
  saveDirectory,
  type DirectoryEntry,
} from "~/data/client-directory.server";
import { savePersonName, saveTimeZone } from "~/data/client-profiles.server";
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

  /** The account the directory gave `person`. */
  const accountOfPerson = async (person: DirectoryEntry) =>
    (await accountOf(await database(), person.userId)) ?? "";

  it("opens an account with an id of its own for a new client, listed by its primary contact", async () => {
    const dana = entry("opening-dana");
    const staff = entry("opening-staff", { isStaff: true });
    await sync([dana, staff]);
    const db = await database();
    const danaAccount = await accountOfPerson(dana);
    expect(danaAccount).not.toBe(dana.userId);
    // Staff belong to no account, nor does someone the directory does not hold yet.
    expect(await accountOf(db, staff.userId)).toBeUndefined();
    expect(await accountOf(db, randomUUID())).toBeUndefined();
    expect(await accountSettings(db, danaAccount)).toMatchObject({ primaryContactId: dana.userId });
    // The list shows the account by its primary contact's entry, and follows it through syncs.
    const find = async () =>
      (await listClients(db, { search: dana.email, page: 1, perPage: 10 })).clients;
    expect(await find()).toEqual([
      expect.objectContaining({ userId: danaAccount, email: dana.email, lastSignInAt: null }),
    ]);
    await sync([{ ...dana, lastSignInAt: NOW + 5 }], NOW + 6);
    expect(await find()).toEqual([
      expect.objectContaining({ userId: danaAccount, lastSignInAt: NOW + 5, activityAt: NOW + 5 }),
    ]);
    // A sync of the same people opens nothing more.
    await sync([{ ...dana, lastSignInAt: NOW + 5 }], NOW + 7);
    expect(await accountOfPerson(dana)).toBe(danaAccount);
    expect((await peopleOf(db, danaAccount)).map((person) => person.email)).toEqual([dana.email]);
  });

  it("opens one account for a client whose first requests come at once", async () => {
    const personId = randomUUID();
    const row = { user_id: personId, is_staff: 0, created_at: NOW, updated_at: NOW };
    await inTransaction((trx) => trx.insertInto("clients").values(row).execute());
    const open = () => inTransaction((trx) => openAccounts(trx, [personId], NOW));
    await Promise.all([open(), open(), open()]);
    const db = await database();
    const accounts = await db
      .selectFrom("clients")
      .select("user_id")
      .where("primary_contact_id", "=", personId)
      .execute();
    expect(accounts.map((account) => account.user_id)).toEqual([await accountOf(db, personId)]);
  });

  it("keeps a colleague in the account they joined, listed with it and never on their own", async () => {
    const dana = entry("dana");
    const sam = entry("sam", { state: "invited" });
    await sync([dana]);
    await sync([sam], NOW + 1);
    const db = await database();
    const [danaAccount, samAccount] = [await accountOfPerson(dana), await accountOfPerson(sam)];
    expect(samAccount).not.toBe(danaAccount);

    const listedBefore = (await listClients(db, { search: "", page: 1, perPage: 100 })).total;
    await inTransaction((trx) => joinAccount(trx, sam.userId, danaAccount));
    expect(await accountOf(db, sam.userId)).toBe(danaAccount);
    // A later sync (Sam accepted and signed in) changes nothing of that.
    await sync([{ ...sam, state: "confirmed", lastSignInAt: NOW }], NOW + 1);
    expect(await accountOf(db, sam.userId)).toBe(danaAccount);

    expect((await peopleOf(db, danaAccount)).map((person) => person.email)).toEqual([
      dana.email,
      sam.email,
    ]);
    // The account the directory had opened for Sam, with nothing in it, is gone.
    expect(await peopleOf(db, samAccount)).toEqual([]);
    const listed = await listClients(db, { search: "", page: 1, perPage: 100 });
    expect(listed.total).toBe(listedBefore - 1);
    const ids = listed.clients.map((client) => client.userId);
    expect(ids).toContain(danaAccount);
    expect(ids).not.toContain(samAccount);
    expect(ids).not.toContain(sam.userId);
    expect(ids).not.toContain(dana.userId);
  });

  it("lists no more an account its only person left, keeping what was done in it", async () => {
    const dana = entry("leaving-dana");
    const sam = entry("leaving-sam");
    await sync([dana, sam]);
    const [danaAccount, samAccount] = [await accountOfPerson(dana), await accountOfPerson(sam)];
    // Staff changed Sam's programme before Sam joined Dana's account.
    await inTransaction((trx) => recordActivity(trx, samAccount, NOW));
    await inTransaction((trx) => joinAccount(trx, sam.userId, danaAccount));
    const db = await database();
    const found = await listClients(db, { search: sam.email, page: 1, perPage: 10 });
    expect(found.clients.map((client) => client.userId)).toEqual([danaAccount]);
    const kept = await db
      .selectFrom("clients")
      .select(["email", "last_changed_at"])
      .where("user_id", "=", samAccount)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ email: null, last_changed_at: NOW });
  });

  it("counts each person's unread messages from the agency in the account's thread", async () => {
    const dana = entry("reader-dana");
    const sam = entry("reader-sam");
    await sync([dana, sam]);
    const account = await accountOfPerson(dana);
    await inTransaction((trx) => joinAccount(trx, sam.userId, account));
    const db = await database();
    const post = (author: { id: string; email: string; role: "client" | "staff" }, body: string) =>
      inTransaction((trx) =>
        recordMessage(trx, { clientId: account, author, body, internal: false, at: NOW }),
      );
    await post({ id: sam.userId, email: sam.email, role: "client" }, "From Sam");
    const answer = await post({ id: randomUUID(), email: "ada@agency.test", role: "staff" }, "Hi");
    expect(await unreadByClient(db, account, dana.userId)).toBe(1);
    expect(await unreadByClient(db, account, sam.userId)).toBe(1);
    await inTransaction((trx) => markRead(trx, account, sam.userId, answer, NOW + 1));
    expect(await unreadByClient(db, account, sam.userId)).toBe(0);
    expect(await unreadByClient(db, account, dana.userId)).toBe(1);
  });

  it("removes anyone but the primary contact: no account for them, through later syncs, until added again", async () => {
    const dana = entry("removing-dana");
    const sam = entry("removing-sam");
    const other = entry("removing-other");
    await sync([dana, sam, other]);
    const account = await accountOfPerson(dana);
    const otherAccount = await accountOfPerson(other);
    await inTransaction((trx) => joinAccount(trx, sam.userId, account));
    const db = await database();
    const remove = (personId: string) =>
      inTransaction((trx) => removeFromAccount(trx, personId, account, NOW));
    // Not the primary contact, and not someone of another account.
    expect(await remove(dana.userId)).toBeNull();
    expect(await remove(other.userId)).toBeNull();
    expect(await remove(sam.userId)).toBe(sam.email);
    expect(await accountOf(db, sam.userId)).toBeNull();
    expect(await accountOf(db, dana.userId)).toBe(account);
    expect((await peopleOf(db, account)).map((person) => person.email)).toEqual([dana.email]);
    // Never a client of their own: not listed, not after the next sync either.
    await sync([{ ...sam, lastSignInAt: NOW }], NOW + 1);
    expect(await accountOf(db, sam.userId)).toBeNull();
    const listed = await listClients(db, { search: sam.email, page: 1, perPage: 10 });
    expect(listed.clients).toEqual([]);
    // Added again: the same person, in the account, with nothing else touched.
    expect(await inTransaction((trx) => rejoinAccount(trx, other.email, account))).toBeNull();
    expect(await inTransaction((trx) => rejoinAccount(trx, sam.email, account))).toBe(sam.userId);
    expect(await accountOf(db, sam.userId)).toBe(account);
    expect(await accountOf(db, other.userId)).toBe(otherAccount);
    // The account outlives its first person: with Sam its primary contact, Dana may go.
    await inTransaction((trx) => choosePrimaryContact(trx, account, sam.userId));
    expect(await remove(dana.userId)).toBe(dana.email);
    expect((await peopleOf(db, account)).map((person) => person.email)).toEqual([sam.email]);
    const shown = await listClients(db, { search: sam.email, page: 1, perPage: 10 });
    expect(shown.clients).toEqual([expect.objectContaining({ userId: account, email: sam.email })]);
  });

  it("keeps a migrated client's account at their id, with them in it for good", async () => {
    const lee = entry("migrated-lee");
    const sam = entry("migrated-sam");
    await sync([sam]);
    // Lee's row as the migration left it: the account has their id.
    const row = { user_id: lee.userId, account_id: lee.userId, is_staff: 0 };
    await inTransaction((trx) =>
      trx
        .insertInto("clients")
        .values({ ...row, created_at: NOW - 2_000, updated_at: NOW })
        .execute(),
    );
    await sync([lee, sam]);
    const db = await database();
    expect(await accountOf(db, lee.userId)).toBe(lee.userId);
    await inTransaction((trx) => joinAccount(trx, sam.userId, lee.userId));
    const people = await peopleOf(db, lee.userId);
    expect(people.map((person) => [person.email, person.primary, person.holdsAccountId])).toEqual([
      [lee.email, true, true],
      [sam.email, false, false],
    ]);
    await inTransaction((trx) => choosePrimaryContact(trx, lee.userId, sam.userId));
    // Not their primary contact now, and still not removed: the account has their id.
    expect(
      await inTransaction((trx) => removeFromAccount(trx, lee.userId, lee.userId, NOW)),
    ).toBeNull();
    const listed = await accountsListed(db, [lee.userId]);
    expect(listed.get(lee.userId)?.colleagues.map((person) => person.email)).toEqual([sam.email]);
  });

  it("keeps one primary contact of the account's people, its name, and a removed person's name", async () => {
    const dana = entry("primary-dana");
    const sam = entry("primary-sam");
    const other = entry("primary-other");
    await sync([dana, other]);
    // Sam joins the directory later: people are in the order they joined.
    await sync([sam], NOW + 1);
    const account = await accountOfPerson(dana);
    const otherAccount = await accountOfPerson(other);
    await inTransaction((trx) => joinAccount(trx, sam.userId, account));
    const db = await database();
    // At first: the first person, no name, colleagues may not invite.
    expect(await accountSettings(db, account)).toEqual({
      name: null,
      primaryContactId: dana.userId,
      colleaguesMayInvite: false,
      deactivatedAt: null,
      dueTimeZone: null,
      primaryTimeZone: null,
    });
    const choose = (personId: string) =>
      inTransaction((trx) => choosePrimaryContact(trx, account, personId));
    // Neither someone of another account nor the account's own row is one of its people.
    expect(await choose(other.userId)).toBeNull();
    expect(await choose(account)).toBeNull();
    expect(await choose(sam.userId)).toBe(sam.email);
    await inTransaction(async (trx) => {
      await changeAccount(trx, account, { name: "Northwind", colleaguesMayInvite: true });
      await saveTimeZone(trx, sam.userId, "America/New_York", { at: NOW, chosen: true });
    });
    // The primary contact's zone is read with the account's; staff set none yet.
    expect(await accountSettings(db, account)).toEqual({
      name: "Northwind",
      primaryContactId: sam.userId,
      colleaguesMayInvite: true,
      deactivatedAt: null,
      dueTimeZone: null,
      primaryTimeZone: "America/New_York",
    });
    await inTransaction((trx) => changeAccount(trx, account, { dueTimeZone: "Asia/Kolkata" }));
    expect((await accountSettings(db, account)).dueTimeZone).toBe("Asia/Kolkata");
    const people = await peopleOf(db, account);
    expect(people.map((person) => [person.email, person.primary, person.holdsAccountId])).toEqual([
      [dana.email, false, false],
      [sam.email, true, false],
    ]);
    // The list shows the account by its primary contact, with the others.
    expect((await accountsListed(db, [account])).get(account)).toEqual({
      name: "Northwind",
      colleagues: [{ email: dana.email, name: null }],
    });
    // The primary contact is not removed; once another is chosen, they may be.
    const remove = () => inTransaction((trx) => removeFromAccount(trx, sam.userId, account, NOW));
    expect(await remove()).toBeNull();
    expect(await choose(dana.userId)).toBe(dana.email);
    await inTransaction((trx) => savePersonName(trx, sam.userId, "Sam Lee", NOW));
    expect(await remove()).toBe(sam.email);
    // Removed, they still name their work in the account's thread; the list names the account.
    const book = await accountBook(db, account);
    expect(book.company).toBe("Northwind");
    expect(book.names.get(sam.email)).toBe("Sam Lee");
    const listed = await accountsListed(db, [account, otherAccount]);
    expect(listed.get(account)).toEqual({ name: "Northwind", colleagues: [] });
    expect(listed.get(otherAccount)).toEqual({ name: null, colleagues: [] });
    // Someone removed from another account is not pulled into this one.
    expect(await inTransaction((trx) => rejoinAccount(trx, sam.email, otherAccount))).toBeNull();
    expect(await accountOf(db, sam.userId)).toBeNull();
  });
});
