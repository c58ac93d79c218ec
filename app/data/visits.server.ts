// Visits to a client's pages, per viewer: a view more than VISIT_GAP_MS after the last one starts a
// new visit, whose "since" is the end of the one before; and what the other side did since then.
import { drawnLine, namesTitles, trailNames } from "~/programme/trail-facts";
import { programmeOf } from "./client-programmes.server";
import type { Executor } from "./connection.server";
import { AUDIT_COLUMNS, auditEntryOf, changeLineOf, readableTrail } from "./events.server";
import type { ActorRole } from "./schema";
import type { ChangeLine } from "./shapes";

/** Views closer together than this are one visit. */
export const VISIT_GAP_MS = 30 * 60_000;
/** A view this soon after the last one writes nothing (a live revalidation, a reload). */
const REFRESH_MS = 60_000;

/** A viewer's last view of a client's pages, and where that visit's news start. */
interface Visit {
  seenAt: number;
  since: number | null;
}

/** `viewerId`'s last view of `clientId`'s pages; undefined before their first. */
export async function readVisit(
  db: Executor,
  clientId: string,
  viewerId: string,
): Promise<Visit | undefined> {
  const visit = await db
    .selectFrom("visits")
    .select(["seen_at", "since_at"])
    .where("client_id", "=", clientId)
    .where("viewer_id", "=", viewerId)
    .executeTakeFirst();
  if (!visit) return undefined;
  return {
    seenAt: Number(visit.seen_at),
    since: visit.since_at === null ? null : Number(visit.since_at),
  };
}

/** A view at `now` so soon after `visit` that it records nothing. */
const isRefresh = (visit: Visit, now: number) => now - visit.seenAt < REFRESH_MS;

/**
 * A view at `now` that writes nothing, being within a minute of the last: where its visit's news
 * start (null on a first visit); undefined when the view is to be recorded (`recordVisit`).
 */
export async function recentVisit(
  db: Executor,
  clientId: string,
  viewerId: string,
  now: number,
): Promise<number | null | undefined> {
  const visit = await readVisit(db, clientId, viewerId);
  return visit && isRefresh(visit, now) ? visit.since : undefined;
}

/** Where a view of `clientId`'s pages by `viewerId` at `now` would start its news, recording nothing. */
export async function visitSince(
  db: Executor,
  clientId: string,
  viewerId: string,
  now: number,
): Promise<number | null> {
  const visit = await readVisit(db, clientId, viewerId);
  if (!visit) return null;
  if (isRefresh(visit, now)) return visit.since;
  return now - visit.seenAt > VISIT_GAP_MS ? visit.seenAt : visit.since;
}

/**
 * Records `viewerId`'s view of `clientId`'s pages at `now`; returns where this visit's news start
 * (null on a first visit).
 */
export async function recordVisit(
  trx: Executor,
  clientId: string,
  viewerId: string,
  now: number,
): Promise<number | null> {
  const visit = await readVisit(trx, clientId, viewerId);
  if (!visit) {
    await trx
      .insertInto("visits")
      .values({ client_id: clientId, viewer_id: viewerId, seen_at: now, since_at: null })
      .onConflict((conflict) => conflict.columns(["client_id", "viewer_id"]).doNothing())
      .execute();
    return null;
  }
  const { seenAt, since } = visit;
  if (isRefresh(visit, now)) return since;
  const newVisit = now - seenAt > VISIT_GAP_MS;
  await trx
    .updateTable("visits")
    .set({ seen_at: now, since_at: newVisit ? seenAt : since })
    .where("client_id", "=", clientId)
    .where("viewer_id", "=", viewerId)
    .execute();
  return newVisit ? seenAt : since;
}

/** Who a viewer's news is about: for staff, the client's people; for a client's, everyone else. */
export interface Viewer {
  id: string;
  role: ActorRole;
}

/**
 * The latest `limit` changes to `clientId`'s programme after `since` that `viewer` may read and
 * did not make: for staff, the client's people's; for one of them, the agency's and their
 * colleagues'. Newest first.
 */
export async function changesSince(
  db: Executor,
  clientId: string,
  viewer: Viewer,
  since: number,
  limit = 10,
): Promise<ChangeLine[]> {
  const trail = readableTrail(db, viewer.role)
    .select(AUDIT_COLUMNS)
    .where("a.client_id", "=", clientId)
    .where("a.at", ">", since);
  const rows = await (
    viewer.role === "staff"
      ? trail.where("a.actor_role", "=", "client")
      : trail.where("a.actor_id", "<>", viewer.id)
  )
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  const lines = rows.map((row) => changeLineOf(auditEntryOf(row)));
  // Lines naming a task or an objective say it by its title now.
  const content = namesTitles(lines) ? (await programmeOf(db, clientId)).content : undefined;
  const names = trailNames({ content });
  return lines.map((line) => drawnLine(line, names));
}

/**
 * How many messages (never notes) in `clientId`'s thread after `since` are news to `viewer`: for
 * staff, the client's people's; for one of them, the agency's and their colleagues'.
 */
export async function messagesSince(
  db: Executor,
  clientId: string,
  viewer: Viewer,
  since: number,
): Promise<number> {
  const messages = db
    .selectFrom("messages")
    .where("client_id", "=", clientId)
    .where("internal", "=", 0)
    .where("created_at", ">", since);
  const row = await (
    viewer.role === "staff"
      ? messages.where("author_role", "=", "client")
      : messages.where("author_id", "<>", viewer.id)
  )
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
