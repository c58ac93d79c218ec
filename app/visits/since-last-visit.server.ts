// "Since your last visit": a view of a client's pages records the viewer's visit, and a visit after
// an earlier one lists what others did meanwhile (the other side's, and a client's colleagues').
import { database, writeAlongside } from "~/data/connection.server";
import type { ActorRole } from "~/data/schema";
import type { SinceLastVisit } from "~/data/shapes";
import {
  changesSince,
  messagesSince,
  recentVisit,
  recordVisit,
  visitSince,
} from "~/data/visits.server";

/**
 * What others than `viewer` did in `clientId`'s programme since their last visit; a preview (staff
 * seeing the pages as the viewer) shows the same and records no visit.
 */
export async function sinceLastVisit(
  clientId: string,
  viewer: { id: string; role: ActorRole },
  { preview = false } = {},
): Promise<SinceLastVisit | null> {
  const db = await database();
  const now = Date.now();
  // A reload or a live revalidation within the minute writes nothing: no transaction for it.
  const recent = preview ? undefined : await recentVisit(db, clientId, viewer.id, now);
  const since = preview
    ? await visitSince(db, clientId, viewer.id, now)
    : recent !== undefined
      ? recent
      : await writeAlongside((trx) => recordVisit(trx, clientId, viewer.id, now), null);
  if (since === null) return null;
  const [changes, messages] = await Promise.all([
    changesSince(db, clientId, viewer, since),
    messagesSince(db, clientId, viewer, since),
  ]);
  return { since, changes, messages };
}
