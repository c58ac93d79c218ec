// Mail about a client's thread: each person's choice per kind of mail, the threads staff stopped
// following, how far each reader was mailed (a marker that only moves forward), and each delivery's
// outcome under the mail's idempotency key.
import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { Executor } from "./connection.server";
import { messagesFrom, storedMessages, TEXT_COLUMNS } from "./messages.server";
import type { ActorRole, MailDeliveriesTable, MailKind, MailMode } from "./schema";
import type { MailDelivery, StoredMessage } from "./shapes";

export async function mailMode(db: Executor, userId: string, kind: MailKind): Promise<MailMode> {
  const row = await db
    .selectFrom("mail_preferences")
    .select("mode")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row?.mode ?? "each";
}

export async function setMailMode(
  trx: Executor,
  userId: string,
  kind: MailKind,
  mode: MailMode,
  at: number,
): Promise<void> {
  await trx
    .insertInto("mail_preferences")
    .values({ user_id: userId, kind, mode, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "kind"]).doUpdateSet({ mode, updated_at: at }),
    )
    .execute();
}

export async function followsThread(db: Executor, clientId: string, readerId: string) {
  const muted = await db
    .selectFrom("thread_mutes")
    .select("client_id")
    .where("client_id", "=", clientId)
    .where("reader_id", "=", readerId)
    .executeTakeFirst();
  return muted === undefined;
}

export async function setFollowsThread(
  trx: Executor,
  clientId: string,
  readerId: string,
  follows: boolean,
  at: number,
): Promise<void> {
  if (follows) {
    await trx
      .deleteFrom("thread_mutes")
      .where("client_id", "=", clientId)
      .where("reader_id", "=", readerId)
      .execute();
    return;
  }
  await trx
    .insertInto("thread_mutes")
    .values({ client_id: clientId, reader_id: readerId, muted_at: at })
    .onConflict((conflict) => conflict.columns(["client_id", "reader_id"]).doNothing())
    .execute();
}

/** Whether `readerId` follows `clientId`'s thread (values or columns of the outer query). */
function follows(clientId: RawBuilder<unknown>, readerId: RawBuilder<unknown>) {
  return sql<SqlBool>`not exists (select 1 from thread_mutes m
    where m.client_id = ${clientId} and m.reader_id = ${readerId})`;
}

/** Every staff member with an address who follows `clientId`'s thread (all of them by default). */
export async function followingStaff(
  db: Executor,
  clientId: string,
): Promise<{ id: string; email: string }[]> {
  const rows = await db
    .selectFrom("clients")
    .select(["user_id", "email"])
    .where("is_staff", "=", 1)
    .where("email", "is not", null)
    .where(follows(sql.val(clientId), sql.ref("clients.user_id")))
    .execute();
  return rows.map((row) => ({ id: row.user_id, email: row.email ?? "" }));
}

/**
 * The thread's messages from `fromRole` (never a note) after message `afterId`, oldest first, at
 * most `limit`: what a reader has neither read nor been mailed.
 */
export async function messagesAfter(
  db: Executor,
  clientId: string,
  fromRole: ActorRole,
  afterId: number,
  limit = 50,
): Promise<StoredMessage[]> {
  const rows = await messagesFrom(db, clientId, fromRole)
    .select(["id", "author_email", "author_role", "created_at", "task_id"])
    .select(TEXT_COLUMNS)
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return storedMessages(db, rows, clientId);
}

/** The later of a reader's two markers in `thread_reads as r` (0 without a row). */
const seenThrough = sql<number>`case when coalesce(r.last_read_id, 0) > coalesce(r.mailed_through_id, 0)
  then coalesce(r.last_read_id, 0) else coalesce(r.mailed_through_id, 0) end`;

/**
 * The threads with messages `readerId` has neither read nor been mailed, and follows: a staff
 * member's digest, the least recently written first, at most `limit`.
 */
export async function threadsToDigest(
  db: Executor,
  readerId: string,
  limit = 20,
): Promise<{ clientId: string; email: string; afterId: number }[]> {
  const rows = await db
    .selectFrom("threads as t")
    .leftJoin("thread_reads as r", (join) =>
      join.onRef("r.client_id", "=", "t.client_id").on("r.reader_id", "=", readerId),
    )
    .leftJoin("clients as c", "c.user_id", "t.client_id")
    .select(["t.client_id", "c.email", seenThrough.as("after")])
    .where("t.last_message_id", ">", seenThrough)
    .where(follows(sql.ref("t.client_id"), sql.val(readerId)))
    .orderBy("t.last_message_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    clientId: row.client_id,
    email: row.email ?? row.client_id,
    afterId: Number(row.after),
  }));
}

/** `readerId` was mailed the thread's messages up to `throughId`. */
export async function markMailed(
  trx: Executor,
  clientId: string,
  readerId: string,
  throughId: number,
  at: number,
): Promise<void> {
  await trx
    .insertInto("thread_reads")
    .values({
      client_id: clientId,
      reader_id: readerId,
      last_read_id: 0,
      read_at: at,
      mailed_through_id: throughId,
    })
    .onConflict((conflict) =>
      conflict.columns(["client_id", "reader_id"]).doUpdateSet({
        mailed_through_id: sql<number>`case when thread_reads.mailed_through_id < ${throughId} then ${throughId} else thread_reads.mailed_through_id end`,
      }),
    )
    .execute();
}

/**
 * Claims `scope` for `holder` until `until`, unless another holder's claim still holds at `now`;
 * whether it is `holder`'s now. One statement, so two workers never both win.
 */
export async function claimMailScope(
  db: Executor,
  scope: string,
  holder: string,
  { now, until }: { now: number; until: number },
): Promise<boolean> {
  const row = await db
    .insertInto("mail_claims")
    .values({ scope, holder, held_until: until })
    .onConflict((conflict) =>
      conflict
        .column("scope")
        .doUpdateSet({ holder, held_until: until })
        .where("mail_claims.held_until", "<", now),
    )
    .returning("scope")
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back `holder`'s claim on `scope` (another's, taken after it lapsed, stays). */
export async function releaseMailScope(db: Executor, scope: string, holder: string) {
  await db
    .deleteFrom("mail_claims")
    .where("scope", "=", scope)
    .where("holder", "=", holder)
    .execute();
}

export type NewDelivery = Omit<MailDeliveriesTable, "id">;

/** Records what became of the mail `mail_key`; a later outcome of the same mail replaces it. */
export async function recordDelivery(trx: Executor, delivery: NewDelivery): Promise<void> {
  await trx
    .insertInto("mail_deliveries")
    .values(delivery)
    .onConflict((conflict) =>
      conflict.column("mail_key").doUpdateSet({
        status: delivery.status,
        detail: delivery.detail,
        at: delivery.at,
      }),
    )
    .execute();
}

/** The latest mails about `clientId`'s thread, newest first. */
export async function deliveriesOf(
  db: Executor,
  clientId: string,
  limit = 20,
): Promise<MailDelivery[]> {
  const rows = await db
    .selectFrom("mail_deliveries")
    .select(["id", "recipient_email", "status", "detail", "message_count", "at"])
    .where("client_id", "=", clientId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    recipientEmail: row.recipient_email,
    status: row.status,
    detail: row.detail,
    messageCount: Number(row.message_count),
    at: Number(row.at),
  }));
}
