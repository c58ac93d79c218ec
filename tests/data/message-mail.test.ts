// Mail about messages, its storage on both engines: the staff who follow a thread, what a reader
// has neither read nor been mailed, a staff digest's threads, the mailed marker only moving forward,
// a delivery's outcome replaced under its key, each person's choice, a reader's thread claimed once.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDirectory } from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import {
  claimMailScope,
  deliveriesOf,
  followingStaff,
  mailMode,
  markMailed,
  messagesAfter,
  recordDelivery,
  releaseMailScope,
  setFollowsThread,
  setMailMode,
  threadsToDigest,
} from "~/data/mail.server";
import { markRead, readerMarks, recordMessage } from "~/data/messages.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

function person(isStaff: boolean) {
  const userId = randomUUID();
  return {
    userId,
    email: `${userId.slice(0, 8)}@${isStaff ? "agency" : "client"}.test`,
    state: "confirmed" as const,
    isStaff,
    createdAt: 0,
    lastSignInAt: null,
  };
}

const actor = (entry: ReturnType<typeof person>) => ({
  id: entry.userId,
  email: entry.email,
  role: entry.isStaff ? ("staff" as const) : ("client" as const),
});

describe.each(ENGINES)("mail about messages on %s", (engine) => {
  const ada = person(true);
  const bob = person(true);
  const client = person(false);
  const quiet = person(false);
  const post = (author: ReturnType<typeof person>, body: string, at: number, internal = false) =>
    inTransaction((trx) =>
      recordMessage(trx, { clientId: client.userId, author: actor(author), body, internal, at }),
    );

  beforeAll(async () => {
    await useEngine(engine);
    await inTransaction((trx) => saveDirectory(trx, [ada, bob, client, quiet], 0));
  });

  it("mails every staff member who follows the thread, and no one who stopped", async () => {
    const followers = async () =>
      (await followingStaff(await database(), client.userId)).map((staff) => staff.id).sort();
    expect(await followers()).toEqual([ada.userId, bob.userId].sort());
    await inTransaction((trx) => setFollowsThread(trx, client.userId, bob.userId, false, 1));
    expect(await followers()).toEqual([ada.userId]);
    // Another client's thread is still followed.
    expect((await followingStaff(await database(), quiet.userId)).length).toBe(2);
    await inTransaction((trx) => setFollowsThread(trx, client.userId, bob.userId, true, 2));
    expect(await followers()).toEqual([ada.userId, bob.userId].sort());
  });

  it("finds what a reader has neither read nor been mailed, and moves the mailed marker forward only", async () => {
    const first = await post(client, "First question", 10);
    await post(ada, "Internal: call them", 11, true);
    const second = await post(client, "Second question", 12);
    await post(ada, "An answer", 13);

    const db = await database();
    const fromClient = await messagesAfter(db, client.userId, "client", 0);
    expect(fromClient.map((message) => message.body)).toEqual([
      "First question",
      "Second question",
    ]);
    expect((await messagesAfter(db, client.userId, "staff", 0)).map((m) => m.body)).toEqual([
      "An answer",
    ]);

    await inTransaction((trx) => markMailed(trx, client.userId, bob.userId, second, 20));
    await inTransaction((trx) => markMailed(trx, client.userId, bob.userId, first, 21));
    expect(await readerMarks(db, client.userId, bob.userId)).toEqual({
      lastReadId: 0,
      mailedThroughId: second,
    });
    // Reading later keeps the mailed marker as it was.
    await inTransaction((trx) => markRead(trx, client.userId, bob.userId, first, 22));
    expect(await readerMarks(db, client.userId, bob.userId)).toEqual({
      lastReadId: first,
      mailedThroughId: second,
    });
  });

  it("gathers a staff digest from the threads with something neither read nor mailed", async () => {
    const db = await database();
    const digestOf = async (readerId: string) =>
      (await threadsToDigest(db, readerId)).filter((thread) => thread.clientId === client.userId);
    // Ada answered last: writing read the thread for her.
    expect(await digestOf(ada.userId)).toEqual([]);
    const answer = (await messagesAfter(db, client.userId, "staff", 0)).at(-1)?.id ?? 0;
    const third = await post(client, "Third question", 60);
    expect(await digestOf(ada.userId)).toEqual([
      { clientId: client.userId, email: client.email, afterId: answer },
    ]);
    // Bob read up to the first question and was mailed up to the second: his digest starts there.
    const second = (await messagesAfter(db, client.userId, "client", 0))[1]?.id;
    expect((await digestOf(bob.userId))[0]?.afterId).toBe(second);
    await inTransaction((trx) => markMailed(trx, client.userId, ada.userId, third, 61));
    expect(await digestOf(ada.userId)).toEqual([]);
    await inTransaction((trx) => setFollowsThread(trx, client.userId, bob.userId, false, 62));
    expect(await digestOf(bob.userId)).toEqual([]);
  });

  it("keeps one delivery per mail, its latest outcome, newest first", async () => {
    const delivery = (key: string, status: "sent" | "failed" | "skipped", at: number) => ({
      mail_key: key,
      client_id: client.userId,
      recipient_id: client.userId,
      recipient_email: client.email,
      status,
      detail: status === "failed" ? "550 Mailbox unavailable" : "1 message",
      message_count: 1,
      at,
    });
    await inTransaction((trx) => recordDelivery(trx, delivery(`a-${engine}`, "failed", 40)));
    await inTransaction((trx) => recordDelivery(trx, delivery(`b-${engine}`, "skipped", 41)));
    await inTransaction((trx) => recordDelivery(trx, delivery(`a-${engine}`, "sent", 42)));
    const shown = await deliveriesOf(await database(), client.userId);
    expect(shown.map((row) => [row.status, row.detail])).toEqual([
      ["sent", "1 message"],
      ["skipped", "1 message"],
    ]);
  });

  it("takes each message mail as it comes until a person chooses", async () => {
    const db = await database();
    expect(await mailMode(db, quiet.userId, "messages")).toBe("each");
    await inTransaction((trx) => setMailMode(trx, quiet.userId, "messages", "daily", 50));
    expect(await mailMode(db, quiet.userId, "messages")).toBe("daily");
    await inTransaction((trx) => setMailMode(trx, quiet.userId, "messages", "off", 51));
    expect(await mailMode(db, quiet.userId, "messages")).toBe("off");
    expect(await mailMode(db, client.userId, "messages")).toBe("each");
  });

  it("lets one holder at a time claim a reader's thread, until it gives it back or its claim lapses", async () => {
    const scope = `messages.${client.userId}.${ada.userId}`;
    const claim = (holder: string, now: number) =>
      inTransaction((trx) => claimMailScope(trx, scope, holder, { now, until: now + 1_000 }));
    expect(await claim("one", 10_000)).toBe(true);
    expect(await claim("two", 10_500)).toBe(false);
    // Another holder cannot give back what it does not hold.
    await inTransaction((trx) => releaseMailScope(trx, scope, "two"));
    expect(await claim("two", 10_600)).toBe(false);
    // A claim whose worker died lapses.
    expect(await claim("two", 11_001)).toBe(true);
    await inTransaction((trx) => releaseMailScope(trx, scope, "two"));
    expect(await claim("three", 11_002)).toBe(true);
  });
});
