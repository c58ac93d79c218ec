// The staff's daily summary of what is overdue (tasks past their due day, sprints whose time ran
// out), as "Needs attention" lists it: one job per staff member and day, at MAIL_DIGEST_HOUR on their
// clock, each mailing the items with links into the console, and nothing when nothing is late.
import type { AttentionKind } from "~/data/attention.server";
import { database, inTransaction } from "~/data/connection.server";
import { enqueueJob, type ClaimedJob } from "~/data/jobs.server";
import { mailMode } from "~/data/mail.server";
import { readTimeZone } from "~/data/client-profiles.server";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import { canonicalTimeZone, zoneClock } from "~/lib/time-zones";
import { addressOf, staffIds } from "~/data/task-reminders.server";
import { getEnv } from "~/lib/env.server";
import { STAFF_PATH } from "~/lib/paths";
import { needsAttention } from "~/staff/attention.server";
import { attentionText } from "~/staff/views";
import { composeMail, type MailSection } from "./compose";
import { staffReaderNow, summaryKeyPrefix } from "./staff-readers.server";
import { sendAppMail } from "./transport.server";
import { unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";
import { mailBrand } from "~/brand/brand.server";

export const OVERDUE_SUMMARIES_JOB = "overdue-summaries";
export const OVERDUE_SUMMARY_JOB = "overdue-summary";

const OVERDUE: readonly AttentionKind[] = ["overdue-task", "time-up"];

interface SummaryJob {
  staffId: string;
  /** The day on the staff member's clock it is for ("2026-11-25"): one summary each a day. */
  day: string;
}

/**
 * Run every quarter hour: asks for the day's summary of each staff member whose clock has reached
 * MAIL_DIGEST_HOUR today (UTC's clock for one who gave no zone); asked again that day, it adds none.
 */
export async function queueOverdueSummaries(now: number): Promise<void> {
  const db = await database();
  const staff = await staffIds(db);
  const hour = getEnv().MAIL_DIGEST_HOUR;
  await inTransaction(async (trx) => {
    for (const staffId of staff) {
      const zone = canonicalTimeZone((await readTimeZone(trx, staffId)) ?? "");
      const clock = zoneClock(zone ?? DEFAULT_TIME_ZONE, now);
      if (clock.minute < hour * 60) continue;
      const day = new Date(clock.day * 86_400_000).toISOString().slice(0, 10);
      await enqueueJob(
        trx,
        {
          kind: OVERDUE_SUMMARY_JOB,
          payload: { staffId, day } satisfies SummaryJob,
          key: `${summaryKeyPrefix(staffId)}${day}`,
        },
        now,
      );
    }
  });
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** One staff member's summary: what is overdue now, if anything is. */
export async function runOverdueSummary(job: ClaimedJob): Promise<void> {
  const { staffId, day } = job.payload as SummaryJob;
  const db = await database();
  if ((await mailMode(db, staffId, "reminders")) === "off") return;
  if (!(await addressOf(db, staffId, "staff"))) return;
  const email = await staffReaderNow(staffId);
  if (!email) return;
  const zone = (await readTimeZone(db, staffId)) ?? DEFAULT_TIME_ZONE;
  const groups = (await needsAttention(db, Date.now())).filter((group) =>
    OVERDUE.includes(group.kind),
  );
  if (groups.length === 0) return;
  const { SITE_URL } = getEnv();
  const sections = groups.map((group): MailSection => ({
    heading: `${group.title} (${group.count})`,
    items: group.items.map((item) => ({
      text: `${item.who}: ${attentionText(item, zone)}`,
      link: `${SITE_URL}${item.href}`,
    })),
    action:
      group.count > group.items.length
        ? {
            link: `${SITE_URL}${STAFF_PATH}`,
            label: `${group.count - group.items.length} more under Needs attention`,
          }
        : undefined,
  }));
  const counts = groups.map((group) =>
    group.kind === "overdue-task"
      ? plural(group.count, "task")
      : `${plural(group.count, "sprint")} out of time`,
  );
  const unsubscribe = unsubscribeUrl(staffId, "reminders");
  const mail = composeMail({
    brand: await mailBrand(),
    subject: `Overdue today: ${counts.join(", ")}`,
    sections,
    reason: "clients' work is overdue",
    unsubscribe,
    zone,
  });
  await sendAppMail({
    key: `${summaryKeyPrefix(staffId)}${day}`,
    to: email,
    ...mail,
    headers: unsubscribeHeaders(unsubscribe),
  });
}
