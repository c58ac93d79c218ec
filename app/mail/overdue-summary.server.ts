// The staff's daily summary of what is overdue (tasks past their due day, sprints whose time ran
// out), as "Needs attention" lists it: at MAIL_DIGEST_HOUR (UTC) one job per staff member and day,
// keyed so, each mailing the items with links into the console, and nothing when nothing is late.
import type { AttentionKind } from "~/data/attention.server";
import { database, inTransaction } from "~/data/connection.server";
import { enqueueJob, type ClaimedJob } from "~/data/jobs.server";
import { mailMode } from "~/data/mail.server";
import { addressOf, staffIds } from "~/data/task-reminders.server";
import { getEnv } from "~/lib/env.server";
import { STAFF_PATH } from "~/lib/paths";
import { needsAttention } from "~/staff/attention.server";
import { composeMail, type MailSection } from "./compose";
import { staffReaderNow, summaryKeyPrefix } from "./staff-readers.server";
import { sendAppMail } from "./transport.server";
import { unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";

export const OVERDUE_SUMMARIES_JOB = "overdue-summaries";
export const OVERDUE_SUMMARY_JOB = "overdue-summary";

const OVERDUE: readonly AttentionKind[] = ["overdue-task", "time-up"];

interface SummaryJob {
  staffId: string;
  /** The UTC day it is for ("2026-11-25"): one summary per staff member and day. */
  day: string;
}

/** Asks for the day's summary of every staff member; asked again the same day, it adds none. */
export async function queueOverdueSummaries(now: number): Promise<void> {
  const staff = await staffIds(await database());
  const day = new Date(now).toISOString().slice(0, 10);
  await inTransaction(async (trx) => {
    for (const staffId of staff) {
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
  const groups = (await needsAttention(db, Date.now())).filter((group) =>
    OVERDUE.includes(group.kind),
  );
  if (groups.length === 0) return;
  const { SITE_URL, AGENCY_NAME } = getEnv();
  const sections = groups.map((group): MailSection => ({
    heading: `${group.title} (${group.count})`,
    items: group.items.map((item) => ({
      text: `${item.who}: ${item.text}`,
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
    agencyName: AGENCY_NAME,
    subject: `Overdue today: ${counts.join(", ")}`,
    sections,
    reason: "clients' work is overdue",
    unsubscribe,
  });
  await sendAppMail({
    key: `${summaryKeyPrefix(staffId)}${day}`,
    to: email,
    ...mail,
    headers: unsubscribeHeaders(unsubscribe),
  });
}
