// The conversation's storage: messages (internal notes only ever read with `withInternal`), each
// thread's summary (its latest message, since when it waits for the agency) kept in the message's
// own transaction, and per-reader read markers that only move forward.
import { sql, type RawBuilder } from "kysely";
import type { Executor } from "./connection.server";
import type { ActorRole } from "./schema";
import type { InboxThread, StoredMessage } from "./shapes";
import {
  messageParams,
  messageText,
  storedMessageFact,
  type MessageFact,
} from "~/programme/message-facts";
import { trailNames } from "~/programme/trail-facts";
import { programmesOf } from "./client-programmes.server";
import { messageFiles } from "./shared-files.server";

export interface NewMessage {
  clientId: string;
  author: { id: string; email: string; role: ActorRole };
  body: string;
  internal: boolean;
  at: number;
  /** The task it is about, if any. */
  taskId?: string;
  /** What the portal says for the author (a hand-in, a review), above `body`. */
  fact?: MessageFact;
}

/** Stores `message`, moves its thread's summary and its author's marker; returns its id. */
export async function recordMessage(trx: Executor, message: NewMessage): Promise<number> {
  const { clientId, author, body, internal, at, taskId = null } = message;
  const inserted = await trx
    .insertInto("messages")
    .values({
      client_id: clientId,
      author_id: author.id,
      author_email: author.email,
      author_role: author.role,
      body,
      internal: internal ? 1 : 0,
      created_at: at,
      task_id: taskId,
      action: message.fact?.action ?? null,
      params: message.fact ? messageParams(message.fact) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const fromClient = author.role === "client";
  await trx
    .insertInto("threads")
    .values({
      client_id: clientId,
      last_message_id: id,
      last_message_at: at,
      awaiting_since: fromClient && !internal ? at : null,
    })
    .onConflict((conflict) =>
      conflict.column("client_id").doUpdateSet({
        last_message_id: id,
        last_message_at: at,
        // A client's words wait from the first unanswered one; an answer ends the wait; a note
        // leaves it as it was.
        awaiting_since: internal
          ? sql<number | null>`threads.awaiting_since`
          : fromClient
            ? sql<number>`coalesce(threads.awaiting_since, ${at})`
            : null,
      }),
    )
    .execute();
  await markRead(trx, clientId, author.id, id, at);
  return id;
}

/** `reader` has read `clientId`'s thread up to message `lastReadId` (a marker never goes back). */
export async function markRead(
  trx: Executor,
  clientId: string,
  readerId: string,
  lastReadId: number,
  at: number,
): Promise<void> {
  await trx
    .insertInto("thread_reads")
    .values({ client_id: clientId, reader_id: readerId, last_read_id: lastReadId, read_at: at })
    .onConflict((conflict) =>
      conflict.columns(["client_id", "reader_id"]).doUpdateSet({
        last_read_id: sql<number>`case when thread_reads.last_read_id < ${lastReadId} then ${lastReadId} else thread_reads.last_read_id end`,
        read_at: at,
      }),
    )
    .execute();
}

/** The query of the thread's messages from `fromRole`, never a note. */
export function messagesFrom(db: Executor, clientId: string, fromRole: ActorRole) {
  return db
    .selectFrom("messages")
    .where("client_id", "=", clientId)
    .where("author_role", "=", fromRole)
    .where("internal", "=", 0);
}

/** How far `readerId` has read the thread, and been mailed about it (0 and 0 before anything). */
export async function readerMarks(
  db: Executor,
  clientId: string,
  readerId: string,
): Promise<{ lastReadId: number; mailedThroughId: number }> {
  const row = await db
    .selectFrom("thread_reads")
    .select(["last_read_id", "mailed_through_id"])
    .where("client_id", "=", clientId)
    .where("reader_id", "=", readerId)
    .executeTakeFirst();
  return {
    lastReadId: Number(row?.last_read_id ?? 0),
    mailedThroughId: Number(row?.mailed_through_id ?? 0),
  };
}

/** The columns a message's text is drawn from. */
export const TEXT_COLUMNS = ["body", "action", "params"] as const;

type TextRow = { client_id?: string; body: string; action: string | null; params: string | null };

/**
 * Each row's text as read now (`clientId`'s, or each its own client's): a fact's line naming its
 * task by today's title, then the body; the programmes are read only when a row has a fact.
 */
export async function messageTexts(
  db: Executor,
  rows: TextRow[],
  clientId?: string,
): Promise<string[]> {
  const facts = rows.map((row) => storedMessageFact(row.action, row.params));
  const clients = new Set(
    rows.flatMap((row, index) => (facts[index] ? [clientId ?? row.client_id ?? ""] : [])),
  );
  const programmes = clients.size > 0 ? await programmesOf(db, [...clients]) : new Map();
  return rows.map((row, index) => {
    const fact = facts[index];
    if (!fact) return row.body;
    const content = programmes.get(clientId ?? row.client_id ?? "")?.content;
    return messageText(fact, row.body, trailNames({ content }).title("task", fact.task));
  });
}

type MessageRow = TextRow & {
  id: number | string;
  author_email: string;
  author_role: ActorRole;
  internal?: number;
  created_at: number | string;
  task_id: string | null;
};

/** `rows` of `clientId`'s thread as read now: their text drawn, the files they came with. */
export async function storedMessages(
  db: Executor,
  rows: MessageRow[],
  clientId: string,
): Promise<StoredMessage[]> {
  const texts = await messageTexts(db, rows, clientId);
  const files = await messageFiles(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row, index) => ({
    id: Number(row.id),
    authorEmail: row.author_email,
    authorRole: row.author_role,
    body: texts[index]!,
    internal: Number(row.internal ?? 0) === 1,
    at: Number(row.created_at),
    taskId: row.task_id,
    files: files.get(Number(row.id)) ?? [],
  }));
}

/** The thread's latest `limit` messages (only those about `taskId`, if given), oldest first. */
export async function threadMessages(
  db: Executor,
  clientId: string,
  { withInternal, taskId, limit = 200 }: { withInternal: boolean; taskId?: string; limit?: number },
): Promise<StoredMessage[]> {
  let query = db
    .selectFrom("messages")
    .select(["id", "author_email", "author_role", "internal", "created_at", "task_id"])
    .select(TEXT_COLUMNS)
    .where("client_id", "=", clientId);
  if (!withInternal) query = query.where("internal", "=", 0);
  if (taskId !== undefined) query = query.where("task_id", "=", taskId);
  const rows = (await query.orderBy("id", "desc").limit(limit).execute()).reverse();
  return storedMessages(db, rows, clientId);
}

/**
 * How many of the thread's messages from `fromRole` `readerId` has not read (never a note): a
 * correlated count on the thread named by `clientId` (a value, or a column of the outer query).
 */
function unreadCount(clientId: RawBuilder<unknown>, readerId: string, fromRole: ActorRole) {
  return sql<number | string>`(select count(*) from messages u where u.client_id = ${clientId}
    and u.author_role = ${fromRole} and u.internal = 0
    and u.id > coalesce((select r.last_read_id from thread_reads r
      where r.client_id = ${clientId} and r.reader_id = ${readerId}), 0))`;
}

/** The messages from the agency in a client's thread that `readerId`, one of its people, has not read. */
export async function unreadByClient(
  db: Executor,
  clientId: string,
  readerId: string,
): Promise<number> {
  const row = await db
    .selectNoFrom(unreadCount(sql.val(clientId), readerId, "staff").as("unread"))
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** For one staff member: each of `clientIds`' messages from the client they have not read. */
export async function unreadByStaff(
  db: Executor,
  readerId: string,
  clientIds: string[],
): Promise<Map<string, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("threads as t")
    .select(["t.client_id", unreadCount(sql.ref("t.client_id"), readerId, "client").as("unread")])
    .where("t.client_id", "in", clientIds)
    .execute();
  return new Map(
    rows.filter((row) => Number(row.unread) > 0).map((row) => [row.client_id, Number(row.unread)]),
  );
}

const THREAD_COLUMNS = [
  "client_id",
  "awaiting_since",
  "last_message_at",
  "last_message_id",
] as const;

/**
 * Every thread for one staff member: those waiting for an agency answer first (the longest wait
 * first), then the rest, latest first; with the client's address, the latest message and how many
 * of the client's messages this reader has not read. The page is chosen from the threads alone
 * (indexed), and only its rows are read further.
 */
export async function staffInbox(
  db: Executor,
  readerId: string,
  { limit = 100 }: { limit?: number } = {},
): Promise<InboxThread[]> {
  const waiting = await db
    .selectFrom("threads")
    .select(THREAD_COLUMNS)
    .where("awaiting_since", "is not", null)
    .orderBy("awaiting_since", "asc")
    .orderBy("last_message_at", "asc")
    .limit(limit)
    .execute();
  const answered =
    waiting.length < limit
      ? await db
          .selectFrom("threads")
          .select(THREAD_COLUMNS)
          .where("awaiting_since", "is", null)
          .orderBy("last_message_at", "desc")
          .limit(limit - waiting.length)
          .execute()
      : [];
  const page = [...waiting, ...answered];
  if (page.length === 0) return [];
  const clientIds = page.map((thread) => thread.client_id);
  const [latest, emails, unread] = await Promise.all([
    db
      .selectFrom("messages")
      .select(["id", "client_id", "internal", "author_role"])
      .select(TEXT_COLUMNS)
      .where(
        "id",
        "in",
        page.map((thread) => Number(thread.last_message_id)),
      )
      .execute(),
    db
      .selectFrom("clients")
      .select(["user_id", "email"])
      .where("user_id", "in", clientIds)
      .execute(),
    unreadByStaff(db, readerId, clientIds),
  ]);
  const texts = await messageTexts(db, latest);
  const latestById = new Map(
    latest.map((message, index) => [Number(message.id), { ...message, body: texts[index]! }]),
  );
  const emailOf = new Map(emails.map((row) => [row.user_id, row.email]));
  return page.map((thread) => {
    const message = latestById.get(Number(thread.last_message_id));
    return {
      clientId: thread.client_id,
      email: emailOf.get(thread.client_id) ?? thread.client_id,
      awaitingSince: thread.awaiting_since === null ? null : Number(thread.awaiting_since),
      lastMessageAt: Number(thread.last_message_at),
      latest: {
        body: message?.body ?? "",
        internal: Number(message?.internal ?? 0) === 1,
        authorRole: message?.author_role ?? "client",
      },
      unread: unread.get(thread.client_id) ?? 0,
    };
  });
}
