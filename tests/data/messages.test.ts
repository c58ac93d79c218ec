// The conversation's storage on both engines: a thread in order, internal notes only for staff,
// unread counts per reader that opening the thread clears, and the staff inbox with the threads
// waiting for an answer first, the longest wait first.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDirectory } from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import {
  markRead,
  recordMessage,
  staffInbox,
  threadMessages,
  unreadByClient,
  unreadByStaff,
} from "~/data/messages.server";
import { waitingOnAgency } from "~/data/attention.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

const staff = { id: randomUUID(), email: "ada@agency.test", role: "staff" as const };
const otherStaff = { id: randomUUID(), email: "bob@agency.test", role: "staff" as const };

function clientActor(id: string) {
  return { id, email: `${id}@example.com`, role: "client" as const };
}

async function post(
  clientId: string,
  author: { id: string; email: string; role: "client" | "staff" },
  body: string,
  at: number,
  internal = false,
) {
  return inTransaction((trx) => recordMessage(trx, { clientId, author, body, internal, at }));
}

describe.each(ENGINES)("the conversation on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("keeps a thread in order, internal notes for staff only", async () => {
    const client = randomUUID();
    await post(client, clientActor(client), "Hello\nthere", 1_000);
    await post(client, staff, "Watch their budget", 2_000, true);
    await post(client, staff, "Welcome aboard!", 3_000);
    const db = await database();
    const forClient = await threadMessages(db, client, { withInternal: false });
    expect(forClient.map((message) => message.body)).toEqual(["Hello\nthere", "Welcome aboard!"]);
    expect(forClient.every((message) => !message.internal)).toBe(true);
    const forStaff = await threadMessages(db, client, { withInternal: true });
    expect(forStaff.map((message) => [message.body, message.internal])).toEqual([
      ["Hello\nthere", false],
      ["Watch their budget", true],
      ["Welcome aboard!", false],
    ]);
    expect(forStaff[0]).toMatchObject({ authorRole: "client", at: 1_000 });
    const latestTwo = await threadMessages(db, client, { withInternal: true, limit: 2 });
    expect(latestTwo.map((message) => message.body)).toEqual([
      "Watch their budget",
      "Welcome aboard!",
    ]);
  });

  it("counts what each reader has not read, never a note for the client, until they read it", async () => {
    const client = randomUUID();
    await post(client, clientActor(client), "First question", 1_000);
    const second = await post(client, clientActor(client), "Second question", 2_000);
    const db = await database();
    expect(await unreadByStaff(db, staff.id, [client])).toEqual(new Map([[client, 2]]));
    // Writing in a thread reads it, a note too; a note is nothing the client has to read.
    await post(client, staff, "Internal: call them", 2_500, true);
    expect(await unreadByStaff(db, staff.id, [client])).toEqual(new Map());
    expect(await unreadByClient(db, client, client)).toBe(0);
    const answer = await post(client, staff, "Answer", 3_000);
    // The other staff member has read nothing.
    expect(await unreadByStaff(db, otherStaff.id, [client])).toEqual(new Map([[client, 2]]));
    expect(await unreadByClient(db, client, client)).toBe(1);
    await inTransaction((trx) => markRead(trx, client, client, answer, 4_000));
    expect(await unreadByClient(db, client, client)).toBe(0);
    // A marker never goes back.
    await inTransaction((trx) => markRead(trx, client, otherStaff.id, second, 4_000));
    await inTransaction((trx) => markRead(trx, client, otherStaff.id, 1, 5_000));
    expect(await unreadByStaff(db, otherStaff.id, [client])).toEqual(new Map());
  });

  it("lists threads waiting for an answer first, the longest wait first, then the latest", async () => {
    const answered: string = randomUUID();
    const waitingLong: string = randomUUID();
    const waitingShort: string = randomUUID();
    await inTransaction((trx) =>
      saveDirectory(
        trx,
        [answered, waitingLong, waitingShort].map((userId) => ({
          userId,
          email: `${userId}@example.com`,
          state: "confirmed" as const,
          isStaff: false,
          createdAt: 0,
          lastSignInAt: null,
        })),
        0,
      ),
    );
    const base = 10_000_000;
    const before = await waitingOnAgency(await database());
    await post(waitingLong, clientActor(waitingLong), "Still waiting", base + 1);
    await post(waitingLong, clientActor(waitingLong), "Hello?", base + 50);
    await post(waitingLong, staff, "A note, not an answer", base + 60, true);
    await post(answered, clientActor(answered), "Question", base + 2);
    await post(answered, staff, "Answered", base + 90);
    await post(waitingShort, clientActor(waitingShort), "New here", base + 30);
    const inbox = (await staffInbox(await database(), otherStaff.id)).filter((thread) =>
      [answered, waitingLong, waitingShort].includes(thread.clientId),
    );
    expect(inbox.map((thread) => [thread.clientId, thread.awaitingSince])).toEqual([
      [waitingLong, base + 1],
      [waitingShort, base + 30],
      [answered, null],
    ]);
    // The console's Messages tab counts the two that wait (a note answers nothing).
    expect((await waitingOnAgency(await database())).messages).toBe(before.messages + 2);
    expect(inbox[0]).toMatchObject({
      email: `${waitingLong}@example.com`,
      latest: { body: "A note, not an answer", internal: true, authorRole: "staff" },
      unread: 2,
    });
    expect(inbox[2]?.unread).toBe(1);
  });
});
