// A client's storage: the bytes their files take, and the room uploads on their way hold, each its
// declared size, from admission until stored or refused (or no longer renewed); a few at once.
import { PostgresAdapter, sql } from "kysely";
import type { Executor } from "./connection.server";

/** The bytes `clientId`'s files take in the store, both ways. */
export async function clientStoredBytes(db: Executor, clientId: string): Promise<number> {
  const row = await db
    .selectFrom("shared_files")
    .select(sql<number | string | null>`sum(bytes)`.as("bytes"))
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The bytes `clientId`'s files may still take under `quota` (below 0: past it). */
export async function roomLeft(db: Executor, clientId: string, quota: number): Promise<number> {
  return quota - (await clientStoredBytes(db, clientId));
}

export interface Reservation {
  id: string;
  clientId: string;
  /** What the upload declared it carries. */
  bytes: number;
  now: number;
  /** When it lapses if nothing gives it back. */
  until: number;
}

export type ReservationOutcome =
  /** Held: the bytes the upload's files may take, what was left before it. */
  { held: true; room: number } | { held: false; why: "busy" | "full" };

/**
 * Holds room for an upload of `clientId`, unless `maxAtOnce` of theirs are on their way already or
 * its declared bytes pass what is left of `quota`; uploads of one client take turns at this.
 */
export async function reserveRoom(
  trx: Executor,
  reservation: Reservation,
  { quota, maxAtOnce }: { quota: number; maxAtOnce: number },
): Promise<ReservationOutcome> {
  const { id, clientId, bytes, now, until } = reservation;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext(${`file-room:${clientId}`}))`.execute(trx);
  }
  await trx
    .deleteFrom("upload_reservations")
    .where("client_id", "=", clientId)
    .where("held_until", "<=", now)
    .execute();
  const held = await trx
    .selectFrom("upload_reservations")
    .select([
      sql<number | string>`count(*)`.as("count"),
      sql<number | string | null>`sum(bytes)`.as("bytes"),
    ])
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  if (Number(held?.count ?? 0) >= maxAtOnce) return { held: false, why: "busy" };
  const room = (await roomLeft(trx, clientId, quota)) - Number(held?.bytes ?? 0);
  if (bytes > room) return { held: false, why: "full" };
  await trx
    .insertInto("upload_reservations")
    .values({ id, client_id: clientId, bytes, held_until: until })
    .execute();
  return { held: true, room };
}

/** Keeps reservation `id` held until `until` (an upload still arriving). */
export async function renewRoom(db: Executor, id: string, until: number): Promise<void> {
  await db
    .updateTable("upload_reservations")
    .set({ held_until: until })
    .where("id", "=", id)
    .execute();
}

/** Gives back the room reservation `id` held (once its files are stored, or refused). */
export async function releaseRoom(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("upload_reservations").where("id", "=", id).execute();
}
