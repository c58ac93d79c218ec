// The inbound log: a row for every mail received (where its raw copy is, what it said, what became
// of it), one per Message-ID: a copy of a mail already received is logged as such and no more.
import type { Executor } from "./connection.server";
import type { InboundMailsTable, InboundOutcome, InboundSource } from "./schema";

export interface ReceivedMail {
  source: InboundSource;
  /** Its Message-ID, else the hash of its bytes: what makes a copy a copy. */
  messageKey: string;
  sha256: string;
  bytes: number;
  rawKey: string;
  at: number;
}

/** Logs a mail received; its row's id, or null when a mail with its key was received before. */
export async function logReceived(trx: Executor, mail: ReceivedMail): Promise<number | null> {
  const values = {
    received_at: mail.at,
    source: mail.source,
    sha256: mail.sha256,
    bytes: mail.bytes,
    raw_key: mail.rawKey,
    outcome: "received" as InboundOutcome,
    reason: "Received",
  };
  const row = await trx
    .insertInto("inbound_mails")
    .values({ ...values, message_key: mail.messageKey })
    .onConflict((conflict) => conflict.column("message_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) return Number(row.id);
  await trx
    .insertInto("inbound_mails")
    .values({
      ...values,
      raw_key: null,
      outcome: "duplicate",
      reason: "A copy of a mail received before",
    })
    .execute();
  return null;
}

export type InboundRow = Omit<InboundMailsTable, "id"> & { id: number };

export async function inboundMail(db: Executor, id: number): Promise<InboundRow | undefined> {
  const row = await db
    .selectFrom("inbound_mails")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/** What became of mail `id`, and what it said. */
export async function recordOutcome(
  trx: Executor,
  id: number,
  outcome: Partial<
    Pick<
      InboundMailsTable,
      | "outcome"
      | "reason"
      | "sender"
      | "subject"
      | "client_id"
      | "reader_id"
      | "reply"
      | "message_id"
      | "noticed_at"
    >
  >,
): Promise<void> {
  await trx.updateTable("inbound_mails").set(outcome).where("id", "=", id).execute();
}

/**
 * Decides held mail `id` as `outcome` by `staffId`: false, changing nothing, once it is no longer
 * held (someone decided first).
 */
export async function decideHeld(
  trx: Executor,
  id: number,
  outcome: "posted" | "discarded",
  decided: { by: string; at: number; reason: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("inbound_mails")
    .set({
      outcome,
      reason: decided.reason,
      decided_by: decided.by,
      decided_at: decided.at,
    })
    .where("id", "=", id)
    .where("outcome", "=", "held")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many mails are kept and not yet read. */
export async function countReceived(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("inbound_mails")
    .select((eb) => eb.fn.countAll<number | string>().as("waiting"))
    .where("outcome", "=", "received")
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}

/** Mail held for staff, the oldest first. */
export async function heldMails(db: Executor, limit = 100): Promise<InboundRow[]> {
  const rows = await db
    .selectFrom("inbound_mails")
    .selectAll()
    .where("outcome", "=", "held")
    .orderBy("received_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** When `readerId` was last told a mail of theirs was not posted; null when never. */
export async function lastNoticeAt(db: Executor, readerId: string): Promise<number | null> {
  const row = await db
    .selectFrom("inbound_mails")
    .select((eb) => eb.fn.max("noticed_at").as("at"))
    .where("reader_id", "=", readerId)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/**
 * The raw copies of mails received before `before` and read (`limit` at most), to remove: kept
 * 30 days, then only the row and what it said stay.
 */
export async function expiredRawCopies(
  db: Executor,
  before: number,
  limit: number,
): Promise<{ id: number; rawKey: string }[]> {
  const rows = await db
    .selectFrom("inbound_mails")
    .select(["id", "raw_key"])
    .where("received_at", "<", before)
    .where("raw_key", "is not", null)
    .where("outcome", "!=", "received")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), rawKey: row.raw_key ?? "" }));
}

/** Marks the raw copies of mails `ids` removed. */
export async function forgetRawCopies(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("inbound_mails").set({ raw_key: null }).where("id", "in", ids).execute();
}
