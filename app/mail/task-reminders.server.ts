// Task reminders: a scan every quarter hour claims, for each client's people in their working day,
// the account's open tasks due tomorrow or today, once of each kind per task and person, with one
// mail job per person in the same transaction; the job mails what is still open (decision 062).
import { activeAccountOf } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import { enqueueJob, type ClaimedJob, type NewJob } from "~/data/jobs.server";
import { mailMode } from "~/data/mail.server";
import { readClientState } from "~/data/client-programme.server";
import { readTimeZone } from "~/data/client-profiles.server";
import type { ReminderKind } from "~/data/schema";
import {
  addressOf,
  claimReminders,
  markReminded,
  remindersDue,
  timeZonesInUse,
  type Reminder,
  type ReminderWindow,
} from "~/data/task-reminders.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { taskPath } from "~/lib/paths";
import { canonicalTimeZone, zoneClock } from "~/lib/time-zones";
import { findTask, sprintPageView, type TaskView } from "~/programme/client-programme";
import { DEFAULT_TIME_ZONE, dueIn } from "~/lib/reader-time";
import { programmeOf } from "~/data/client-programmes.server";
import type { ClientState, ProgrammeContent } from "~/programme/model";
import { composeMail, type MailSection } from "./compose";
import { sendAppMail } from "./transport.server";
import { unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";
import { batches } from "~/lib/batches";
import { mailBrand } from "~/brand/brand.server";

export const REMINDER_SCAN_JOB = "task-reminder-scan";
export const TASK_REMINDER_JOB = "task-reminder";

/** Reminders go out from 09:00 in the client's time zone… */
const REMINDER_FROM_MINUTE = 9 * 60;
/** …until 18:00; one not sent by then is not sent (the next one, or the staff's summary, follows). */
const REMINDER_UNTIL_MINUTE = 18 * 60;
/** Every zone's 09:00 falls on a quarter hour of UTC. */
const SCAN_EVERY_MS = 15 * 60_000;
/** People whose reminders one transaction claims (and whose jobs it adds). */
const PEOPLE_PER_TRANSACTION = 100;

/** The reminders one job mails to one person about their account's tasks. */
interface ReminderJob {
  /** The account (jobs queued before accounts had people: its first person, the one mailed). */
  clientId: string;
  personId?: string;
  reminders: { taskId: string; kind: ReminderKind }[];
}

/** The next quarter hour after `now`: when the scan runs next. */
export function nextReminderScanAt(now: number): number {
  return (Math.floor(now / SCAN_EVERY_MS) + 1) * SCAN_EVERY_MS;
}

/** Weeks after its due day a task still open is reminded of, one reminder each. */
const OVERDUE_WEEKS = 12;

/**
 * In each of `zones` where it is 09:00 to 18:00 at `now`: tasks due tomorrow there get the
 * day-before reminder, tasks due today the due-day one, tasks due yesterday the day-after one, and
 * tasks due a whole number of weeks before that one a week (a due day is the UTC day a task's page
 * names, read as that day on the client's calendar).
 */
export function reminderWindows(zones: string[], now: number): ReminderWindow[] {
  return zones.flatMap((zone): ReminderWindow[] => {
    const known = canonicalTimeZone(zone);
    if (!known) {
      log("warn", "time_zone_unknown", { detail: zone });
      return [];
    }
    const { day, minute } = zoneClock(known, now);
    if (minute < REMINDER_FROM_MINUTE || minute >= REMINDER_UNTIL_MINUTE) return [];
    return [
      { zone, kind: "day-before", dueDay: day + 1 },
      { zone, kind: "due-day", dueDay: day },
      { zone, kind: "day-after", dueDay: day - 1 },
      ...Array.from({ length: OVERDUE_WEEKS }, (_, week) => ({
        zone,
        kind: `week-${week + 1}` as const,
        dueDay: day - 1 - 7 * (week + 1),
      })),
    ];
  });
}

function reminderJob(reminders: Reminder[], now: number): NewJob {
  const [first] = reminders;
  return {
    kind: TASK_REMINDER_JOB,
    payload: {
      clientId: first?.accountId ?? "",
      personId: first?.userId ?? "",
      reminders: reminders.map(({ taskId, kind }) => ({ taskId, kind })),
    } satisfies ReminderJob,
    runAfter: now,
  };
}

/** `reminders` by the person they go to. */
function byPerson(reminders: Reminder[]): Map<string, Reminder[]> {
  const grouped = new Map<string, Reminder[]>();
  for (const reminder of reminders) {
    const ofClient = grouped.get(reminder.userId);
    if (ofClient) ofClient.push(reminder);
    else grouped.set(reminder.userId, [reminder]);
  }
  return grouped;
}

/** The scan: claims the reminders due at `now` and adds a mail job per person, together. */
export async function scanForReminders(now: number): Promise<void> {
  const db = await database();
  const windows = reminderWindows(await timeZonesInUse(db), now);
  if (windows.length === 0) return;
  const people = [...byPerson(await remindersDue(db, windows, now)).values()];
  for (const slice of batches(people, PEOPLE_PER_TRANSACTION)) {
    const batch = slice.flat();
    await inTransaction(async (trx) => {
      // Only what this transaction claimed: a concurrent scan's claims are its own to mail.
      const claimed = await claimReminders(trx, batch, now);
      for (const reminders of byPerson(claimed).values()) {
        await enqueueJob(trx, reminderJob(reminders, now), now);
      }
    });
  }
}

/** A reminder about a task whose due day has passed (the day after it, or a week after that). */
const isOverdueKind = (kind: ReminderKind) => kind !== "day-before" && kind !== "due-day";

/**
 * The task as its page shows it at `now`, if it still needs its client: open, and not yet late
 * (late, for a reminder after its due day).
 */
function stillOpen(
  content: ProgrammeContent,
  state: ClientState,
  taskId: string,
  now: number,
  overdue: boolean,
): TaskView | null {
  const found = findTask(content, taskId);
  if (!found) return null;
  const page = sprintPageView(found.sprint, content, state, now);
  const task = page.tasks.find((candidate) => candidate.id === taskId);
  // Done, or handed in and waiting for review: nothing to remind of (as the scan has it).
  if (!task || task.owner !== "client" || task.status === "completed" || task.tick === "in-review")
    return null;
  if (page.sprint.status === "completed" || task.dueAt === null) return null;
  return overdue === task.dueAt < now ? task : null;
}

/** How a mail names when its tasks are due: today, tomorrow, or already past. */
const whenOf = (kind: ReminderKind) =>
  isOverdueKind(kind) ? "overdue" : kind === "due-day" ? "today" : "tomorrow";

function subjectOf(tasks: { kind: ReminderKind; task: TaskView }[]): string {
  const whens = new Set(tasks.map((entry) => whenOf(entry.kind)));
  const [first] = tasks;
  if (tasks.length === 1 && first) {
    const when = whenOf(first.kind);
    return when === "overdue" ? `Overdue: ${first.task.title}` : `Due ${when}: ${first.task.title}`;
  }
  const [only] = whens;
  if (whens.size === 1 && only === "overdue") return `${tasks.length} tasks overdue`;
  if (whens.size === 1 && only) return `${tasks.length} tasks due ${only}`;
  if (!whens.has("overdue")) return `${tasks.length} tasks due today and tomorrow`;
  return `${tasks.length} tasks due or overdue`;
}

/**
 * One person's reminder mail: what is still open of `job`'s tasks, due today first; none once they
 * are no longer of the account.
 */
export async function runTaskReminder(job: ClaimedJob): Promise<void> {
  const { clientId, reminders } = job.payload as ReminderJob;
  const personId = (job.payload as ReminderJob).personId ?? clientId;
  const db = await database();
  if ((await activeAccountOf(db, personId)) !== clientId) return;
  if ((await mailMode(db, personId, "reminders")) === "off") return;
  const email = await addressOf(db, personId, "client");
  if (!email) return;
  const now = Date.now();
  const [programme, state, stored] = await Promise.all([
    programmeOf(db, clientId),
    readClientState(db, clientId),
    readTimeZone(db, personId),
  ]);
  // Due days as the reader's clock shows them.
  const zone = stored ?? DEFAULT_TIME_ZONE;
  const open = reminders.flatMap((reminder) => {
    const task = stillOpen(
      programme.content,
      state,
      reminder.taskId,
      now,
      isOverdueKind(reminder.kind),
    );
    return task ? [{ ...reminder, task }] : [];
  });
  if (open.length === 0) return;
  const { SITE_URL } = getEnv();
  const link = (task: TaskView) => `${SITE_URL}${taskPath(task.sprintId, task.id)}`;
  const sections = (["overdue", "today", "tomorrow"] as const).flatMap((when): MailSection[] => {
    const tasks = open.filter((entry) => whenOf(entry.kind) === when).map((entry) => entry.task);
    const [first] = tasks;
    if (!first?.dueAt) return [];
    if (when === "overdue") {
      const items = tasks.map((task) => ({
        text: `${task.title} (due ${dueIn(task.dueAt ?? 0, zone)})`,
        link: link(task),
      }));
      return [{ heading: "Past their due day", items }];
    }
    const items = tasks.map((task) => ({ text: task.title, link: link(task) }));
    return [{ heading: `Due ${when}, ${dueIn(first.dueAt, zone)}`, items }];
  });
  const unsubscribe = unsubscribeUrl(personId, "reminders");
  const mail = composeMail({
    brand: await mailBrand(),
    subject: subjectOf(open),
    sections,
    reason: "a task of yours is due",
    unsubscribe,
    zone,
  });
  // Keyed by the job: sent again after a crash, it is the same mail.
  await sendAppMail({
    key: `reminders.${personId}.${job.id}`,
    to: email,
    ...mail,
    headers: unsubscribeHeaders(unsubscribe),
  });
  await inTransaction((trx) => markReminded(trx, personId, open, Date.now()));
}
