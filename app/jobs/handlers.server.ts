// Every kind of job the app leaves for later, with the handler that does it: a feature that leaves
// jobs (a mail, a digest, a reminder) registers its kind here, so every app instance can run it;
// work on a schedule is listed in RECURRING_JOBS, which each instance asks for at start-up.
import { MESSAGE_DIGEST_JOB, runMessageDigest, runMessageMail } from "~/mail/message-mail.server";
import {
  OVERDUE_SUMMARIES_JOB,
  OVERDUE_SUMMARY_JOB,
  queueOverdueSummaries,
  runOverdueSummary,
} from "~/mail/overdue-summary.server";
import {
  nextReminderScanAt,
  REMINDER_SCAN_JOB,
  runTaskReminder,
  scanForReminders,
  TASK_REMINDER_JOB,
} from "~/mail/task-reminders.server";
import { MESSAGE_MAIL_JOB } from "~/messages/mail-job";
import { INBOUND_MAIL_JOB, runInboundMail } from "~/inbound/inbound.server";
import {
  nextRawCopiesRunAt,
  RAW_COPIES_JOB,
  removeExpiredRawCopies,
} from "~/inbound/raw-copies.server";
import { REPLY_NOTICE_JOB, runReplyNotice } from "~/inbound/reply-notice.server";
import { recurringHandlers, type RecurringJob } from "./recurring.server";
import type { JobHandler } from "./worker.server";

export const RECURRING_JOBS: RecurringJob[] = [
  { kind: REMINDER_SCAN_JOB, nextAt: nextReminderScanAt, run: scanForReminders },
  { kind: OVERDUE_SUMMARIES_JOB, nextAt: nextReminderScanAt, run: queueOverdueSummaries },
  { kind: RAW_COPIES_JOB, nextAt: nextRawCopiesRunAt, run: removeExpiredRawCopies },
];

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [MESSAGE_MAIL_JOB]: runMessageMail,
  [MESSAGE_DIGEST_JOB]: runMessageDigest,
  [TASK_REMINDER_JOB]: runTaskReminder,
  [OVERDUE_SUMMARY_JOB]: runOverdueSummary,
  [INBOUND_MAIL_JOB]: runInboundMail,
  [REPLY_NOTICE_JOB]: runReplyNotice,
  ...recurringHandlers(RECURRING_JOBS),
};
