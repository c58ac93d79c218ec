// A staff member is asked of the auth service before each mail to them: one gone or no longer staff
// is not mailed, and the mail queued for them (digests, summaries) is dropped with them.
import { inTransaction } from "~/data/connection.server";
import { dropJobs } from "~/data/jobs.server";
import { staffAddressNow } from "~/identity/staff-now.server";
import { log } from "~/lib/log.server";

/** The keys of the jobs that mail one reader: a digest, the staff's overdue summary. */
export const digestKeyPrefix = (readerId: string) => `message-digest.${readerId}.`;
export const summaryKeyPrefix = (staffId: string) => `overdue-summary.${staffId}.`;

/** Why a mail to a former staff member was skipped, as its delivery says. */
export const NO_LONGER_STAFF = "no longer staff";

/** The staff member's address now, or null (their queued mail dropped) when they are not staff. */
export async function staffReaderNow(readerId: string): Promise<string | null> {
  const address = await staffAddressNow(readerId);
  if (address) return address;
  const prefixes = [digestKeyPrefix(readerId), summaryKeyPrefix(readerId)];
  await inTransaction((trx) => dropJobs(trx, prefixes, NO_LONGER_STAFF, Date.now()));
  log("info", "mail_reader_dropped", { readerId, detail: NO_LONGER_STAFF });
  return null;
}
