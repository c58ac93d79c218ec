// Task reminders as stored: which clients' own tasks are due on the days each time zone's people
// are reminded of now (one query over every client's tasks and people), each reminder claimed once
// per person for good, when its mail went, and who the reminders and the staff's summary go to.
import { sql } from "kysely";
import type { Executor } from "./connection.server";
import type { ReminderKind } from "./schema";
import { batches } from "~/lib/batches";

/** In one time zone, the due day whose tasks get a reminder of one kind now. */
export interface ReminderWindow {
  zone: string;
  kind: ReminderKind;
  /** UTC days since the epoch: the day a task is due on, as its page shows it. */
  dueDay: number;
}

/**
 * At start-up: reminders after a due day begin with today's due days, once (a later start keeps
 * the day the first one wrote).
 */
export async function beginOverdueReminders(trx: Executor, now: number): Promise<void> {
  await trx
    .insertInto("rules_since")
    .values({ rule: "overdue-reminders", since_day: Math.floor(now / 86_400_000) })
    .onConflict((conflict) => conflict.column("rule").doNothing())
    .execute();
}

/** Rows a claim writes per statement. */
const CLAIM_BATCH = 200;

export interface Reminder {
  /** The person it goes to, one of the account's people. */
  userId: string;
  /** The client account whose task it is. */
  accountId: string;
  taskId: string;
  kind: ReminderKind;
  dueDay: number;
}

/** The zones of the clients who could be reminded (confirmed accounts), UTC for those without one. */
export async function timeZonesInUse(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("clients")
    .select(sql<string>`coalesce(time_zone, 'UTC')`.as("zone"))
    .where("is_staff", "=", 0)
    .where("auth_state", "=", "confirmed")
    .distinct()
    .execute();
  return rows.map((row) => row.zone);
}

/**
 * The reminders to send at `now`: each client's own task (owner "client") not done, in a sprint
 * under way, not yet past its due day (or past it since overdue reminders began, for the reminders
 * after it), to its assignee or (while it is anyone's) each confirmed
 * person of its account, never one removed, for whom it is due on a day one of `windows` names for
 * their zone, whose reminder of that kind they were never claimed, unless they turned reminders off.
 */
export async function remindersDue(
  db: Executor,
  windows: ReminderWindow[],
  now: number,
): Promise<Reminder[]> {
  if (windows.length === 0) return [];
  const windowRows = sql.join(
    windows.map(
      (window) =>
        sql`(cast(${window.zone} as text), cast(${window.kind} as text), cast(${window.dueDay} as bigint))`,
    ),
  );
  const rows = await sql<{
    user_id: string;
    account_id: string;
    task_id: string;
    kind: ReminderKind;
    due_day: number;
  }>`
    with reminder_windows (zone, kind, due_day) as (values ${windowRows})
    select c.user_id, f.user_id as account_id, f.task_id, w.kind, w.due_day
    from client_task_facts f
    join clients c on c.account_id = f.user_id and c.removed_at is null
    join reminder_windows w on w.zone = coalesce(c.time_zone, 'UTC') and w.due_day = f.due_day
    where f.owner = 'client' and f.settled = 0
      and (w.kind in ('day-before', 'due-day') and f.due_end > ${now}
        or w.kind not in ('day-before', 'due-day') and f.due_day >= (select s.since_day
          from rules_since s where s.rule = 'overdue-reminders'))
      and c.is_staff = 0 and c.account_only is null and c.auth_state = 'confirmed'
      and not exists (select 1 from task_assignees a
        where a.user_id = f.user_id and a.task_id = f.task_id and a.person_id <> c.user_id)
      and not exists (select 1 from task_reminders r
        where r.user_id = c.user_id and r.task_id = f.task_id and r.kind = w.kind)
      and not exists (select 1 from mail_preferences p
        where p.user_id = c.user_id and p.kind = 'reminders' and p.mode = 'off')
    order by c.user_id, f.task_id`.execute(db);
  return rows.rows.map((row) => ({
    userId: row.user_id,
    accountId: row.account_id,
    taskId: row.task_id,
    kind: row.kind,
    dueDay: Number(row.due_day),
  }));
}

/**
 * Claims `reminders` (in the caller's transaction): returns those this call recorded, none that
 * any earlier or concurrent claim took, so each is sent by one scan of one app instance.
 */
export async function claimReminders(
  trx: Executor,
  reminders: Reminder[],
  at: number,
): Promise<Reminder[]> {
  const claimed: Reminder[] = [];
  const accountOf = new Map(reminders.map((reminder) => [reminder.userId, reminder.accountId]));
  for (const batch of batches(reminders, CLAIM_BATCH)) {
    const rows = await trx
      .insertInto("task_reminders")
      .values(
        batch.map((reminder) => ({
          user_id: reminder.userId,
          task_id: reminder.taskId,
          kind: reminder.kind,
          due_day: reminder.dueDay,
          claimed_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "task_id", "kind"]).doNothing())
      .returning(["user_id", "task_id", "kind", "due_day"])
      .execute();
    for (const row of rows) {
      claimed.push({
        userId: row.user_id,
        accountId: accountOf.get(row.user_id) ?? row.user_id,
        taskId: row.task_id,
        kind: row.kind,
        dueDay: Number(row.due_day),
      });
    }
  }
  return claimed;
}

/** Records that `reminders` went to `userId` in a mail at `at`. */
export async function markReminded(
  trx: Executor,
  userId: string,
  reminders: { taskId: string; kind: ReminderKind }[],
  at: number,
): Promise<void> {
  for (const reminder of reminders) {
    await trx
      .updateTable("task_reminders")
      .set({ mailed_at: at })
      .where("user_id", "=", userId)
      .where("task_id", "=", reminder.taskId)
      .where("kind", "=", reminder.kind)
      .execute();
  }
}

/**
 * The address the directory has for `userId`, while they are a confirmed account of `role`; else
 * null (no address, no longer confirmed, or no longer of that role).
 */
export async function addressOf(
  db: Executor,
  userId: string,
  role: "client" | "staff",
): Promise<string | null> {
  const row = await db
    .selectFrom("clients")
    .select("email")
    .where("user_id", "=", userId)
    .where("auth_state", "=", "confirmed")
    .where("is_staff", "=", role === "staff" ? 1 : 0)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Every staff member the directory has as a confirmed account. */
export async function staffIds(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("clients")
    .select("user_id")
    .where("is_staff", "=", 1)
    .where("auth_state", "=", "confirmed")
    .where("email", "is not", null)
    .orderBy("user_id")
    .execute();
  return rows.map((row) => row.user_id);
}
