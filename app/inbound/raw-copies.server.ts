// Each received mail's raw copy is kept 30 days, then removed from the file store; its row in the
// inbound log (who sent it, what it said, what became of it) stays. Run every hour.
import { database, inTransaction } from "~/data/connection.server";
import { expiredRawCopies, forgetRawCopies } from "~/data/inbound-mails.server";
import { fileStore } from "~/files/store.server";
import { DAY_MS, HOUR_MS } from "~/programme/countdown";

export const RAW_COPIES_JOB = "inbound-raw-copies";
export const RAW_COPY_DAYS = 30;
/** Copies removed a round; the next round goes on. */
const BATCH = 500;

export const nextRawCopiesRunAt = (now: number) => (Math.floor(now / HOUR_MS) + 1) * HOUR_MS;

/** Removes the raw copies of mails read and older than 30 days at `now`. */
export async function removeExpiredRawCopies(now: number): Promise<void> {
  const db = await database();
  for (;;) {
    const expired = await expiredRawCopies(db, now - RAW_COPY_DAYS * DAY_MS, BATCH);
    if (expired.length === 0) return;
    const store = fileStore();
    // A copy the store failed to remove stays listed, for the next run.
    const removed = await Promise.all(
      expired.map((copy) =>
        store.remove(copy.rawKey).then(
          () => copy.id,
          () => null,
        ),
      ),
    );
    const ids = removed.filter((id) => id !== null);
    await inTransaction((trx) => forgetRawCopies(trx, ids));
    if (ids.length < expired.length) return;
  }
}
