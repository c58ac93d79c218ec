// The conversation's storage: messages (internal notes only ever read with `withInternal`), each
// thread's summary (its latest message, since when it waits for the agency) kept in the message's
// own transaction, and per-reader read markers that only move forward.
import { sql } from "kysely";
import type { Executor } from "./connection.server";
import type { ActorRole } from "./schema";
import type { InboxThread, ThreadMessage } from "./shapes";

export interface NewMessage {
  clientId: string;
  author: { id: string; email: string; role: ActorRole };
  body: string;
  internal: boolean;
  at: number;
}

/** Stores `message`, moves its thread's summary and its author's marker; returns its id. */
export async function recordMessage(trx: Executor, message: NewMessage): Promise<number> {
  const { clientId, author, body, internal, at } = message;
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

/** The thread's latest `limit` messages, oldest first; internal notes only `withInternal`. */
export async function threadMessages(
  db: Executor,
  clientId: string,
  { withInternal, limit = 200 }: { withInternal: boolean; limit?: number },
): Promise<ThreadMessage[]> {
  let query = db
    .selectFrom("messages")
    .select(["id", "author_email", "author_role", "body", "internal", "created_at"])
    .where("client_id", "=", clientId);
  if (!withInternal) query = query.where("internal", "=", 0);
  const rows = await query.orderBy("id", "desc").limit(limit).execute();
  return rows.reverse().map((row) => ({
    id: Number(row.id),
    authorEmail: row.author_email,
    authorRole: row.author_role,
    body: row.body,
    internal: Number(row.internal) === 1,
    at: Number(row.created_at),
  }));
}

/** The messages from the agency the client has not read (never a note). */
export async function unreadByClient(db: Executor, clientId: string): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number | string>().as("unread"))
    .where("client_id", "=", clientId)
    .where("author_role", "=", "staff")
    .where("internal", "=", 0)
    .where(
      "id",
      ">",
      sql<number>`coalesce((select last_read_id from thread_reads where client_id = ${clientId} and reader_id = ${clientId}), 0)`,
    )
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
    .selectFrom("messages as m")
    .leftJoin("thread_reads as r", (join) =>
      join.onRef("r.client_id", "=", "m.client_id").on("r.reader_id", "=", readerId),
    )
    .select(["m.client_id", (eb) => eb.fn.countAll<number | string>().as("unread")])
    .where("m.client_id", "in", clientIds)
    .where("m.author_role", "=", "client")
    .where(sql<boolean>`m.id > coalesce(r.last_read_id, 0)`)
    .groupBy("m.client_id")
    .execute();
  return new Map(rows.map((row) => [row.client_id, Number(row.unread)]));
}

/**
 * Every thread for one staff member: those waiting for an agency answer first (the longest wait
 * first), then the rest, latest first; with the client's address, the latest message and how many
 * of the client's messages this reader has not read.
 */
export async function staffInbox(
  db: Executor,
  readerId: string,
  { limit = 100 }: { limit?: number } = {},
): Promise<InboxThread[]> {
  const rows = await db
    .selectFrom("threads as t")
    .innerJoin("messages as m", "m.id", "t.last_message_id")
    .leftJoin("clients as c", "c.user_id", "t.client_id")
    .select([
      "t.client_id",
      "t.awaiting_since",
      "t.last_message_at",
      "c.email",
      "m.body",
      "m.internal",
      "m.author_role",
      (eb) =>
        eb
          .selectFrom("messages as u")
          .select((inner) => inner.fn.countAll<number | string>().as("n"))
          .whereRef("u.client_id", "=", "t.client_id")
          .where("u.author_role", "=", "client")
          .where(
            sql<boolean>`u.id > coalesce((select r.last_read_id from thread_reads r where r.client_id = t.client_id and r.reader_id = ${readerId}), 0)`,
          )
          .as("unread"),
    ])
    .orderBy(sql`case when t.awaiting_since is null then 1 else 0 end`)
    .orderBy("t.awaiting_since", "asc")
    .orderBy("t.last_message_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    clientId: row.client_id,
    email: row.email ?? row.client_id,
    awaitingSince: row.awaiting_since === null ? null : Number(row.awaiting_since),
    lastMessageAt: Number(row.last_message_at),
    latest: {
      body: row.body,
      internal: Number(row.internal) === 1,
      authorRole: row.author_role,
    },
    unread: Number(row.unread ?? 0),
  }));
}
