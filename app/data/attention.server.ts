// What waits on someone, across every client, in one query per kind: overdue tasks, countdowns run
// out, hand-ins and messages waiting for the agency, clients gone quiet, invitations not accepted.
import { sql, type Expression, type SqlBool } from "kysely";
import type { ProgrammeContent } from "~/programme/model";
import type { Executor } from "./connection.server";

export const ATTENTION_KINDS = [
  "overdue-task",
  "time-up",
  "hand-in-waiting",
  "message-waiting",
  "quiet",
  "invitation-waiting",
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** How long each wait may last before it needs attention (ms). */
export const ATTENTION_AFTER_MS = {
  "hand-in-waiting": 48 * 3_600_000,
  "message-waiting": 24 * 3_600_000,
  quiet: 7 * 86_400_000,
  "invitation-waiting": 3 * 86_400_000,
} as const;

const DAY_MS = 86_400_000;

export interface AttentionItem {
  kind: AttentionKind;
  clientId: string;
  email: string;
  /** The task or sprint it is about ("icp-builder", "1"); empty for the client as a whole. */
  item: string;
  /** Since when it waits (ms): the due day's end, the deadline, the hand-in, the last activity… */
  since: number;
}

export interface Attention {
  /** The oldest `limit` items of each kind, oldest first. */
  items: AttentionItem[];
  /** How many there are of each kind in all. */
  counts: Record<AttentionKind, number>;
}

interface Row {
  client_id: string;
  email: string;
  item: string;
  since: number | string;
}

/** A client's sprint that is not completed: as stored, or as the programme starts it. */
function notCompleted(sprintId: number, content: ProgrammeContent) {
  const start = content.sprints.find((sprint) => sprint.id === sprintId)?.start.status;
  return start === "completed"
    ? sql<SqlBool>`s.status is not null and s.status <> 'completed'`
    : sql<SqlBool>`(s.status is null or s.status <> 'completed')`;
}

/** Tasks due before today (UTC) in a sprint under way and not done, per client. */
function overdueTasks(content: ProgrammeContent, now: number) {
  const today = Math.floor(now / DAY_MS);
  const branches = content.sprints.flatMap((sprint) =>
    sprint.tasks.flatMap((task) => {
      if (task.dueAfterDays === undefined) return [];
      // Due at the end of day (start's day + dueAfterDays): overdue from the day after.
      const startedBefore = (today - task.dueAfterDays) * DAY_MS;
      const notDone =
        task.status === "completed"
          ? sql<SqlBool>`exists (select 1 from task_states t where t.user_id = s.user_id and t.task_id = ${task.id} and t.status <> 'completed')`
          : sql<SqlBool>`not exists (select 1 from task_states t where t.user_id = s.user_id and t.task_id = ${task.id} and t.status = 'completed')`;
      return [
        sql<Row>`select s.user_id as client_id, c.email as email, cast(${task.id} as text) as item,
            (cast(s.started_at / ${DAY_MS} as bigint) + ${task.dueAfterDays + 1}) * ${DAY_MS} as since
          from sprint_states s join clients c on c.user_id = s.user_id
          where s.sprint_id = ${sprint.id} and s.started_at < ${startedBefore}
            and ${notCompleted(sprint.id, content)} and ${notDone}
            and c.is_staff = 0 and c.email is not null`,
      ];
    }),
  );
  return unionAll(branches);
}

/** Sprints whose countdown ran out before they were completed. */
function timesUp(content: ProgrammeContent, now: number) {
  const branches = content.sprints.map(
    (sprint) =>
      sql<Row>`select s.user_id as client_id, c.email as email, cast(${String(sprint.id)} as text) as item,
          s.started_at + ${sprint.countdownDays * DAY_MS} as since
        from sprint_states s join clients c on c.user_id = s.user_id
        where s.sprint_id = ${sprint.id} and s.started_at <= ${now - sprint.countdownDays * DAY_MS}
          and ${notCompleted(sprint.id, content)} and c.is_staff = 0 and c.email is not null`,
  );
  return unionAll(branches);
}

/** The branches as one query; one that finds nothing when there are none. */
function unionAll(branches: Expression<unknown>[]): Expression<Row> {
  if (branches.length === 0) {
    return sql<Row>`select '' as client_id, '' as email, '' as item, 0 as since where 1 = 0`;
  }
  return sql<Row>`${sql.join(branches, sql` union all `)}`;
}

/** The oldest `limit` rows of a kind's query, each with how many it finds in all. */
async function oldest(db: Executor, query: Expression<unknown>, limit: number) {
  const rows = await sql<Row & { total: number | string }>`select k.*, count(*) over () as total
    from (${query}) as k order by k.since, k.email limit ${limit}`.execute(db);
  return rows.rows;
}

/** Everything that needs attention at `now`, at most `limit` of each kind. */
export async function readAttention(
  db: Executor,
  content: ProgrammeContent,
  now: number,
  limit: number,
): Promise<Attention> {
  const clients = db
    .selectFrom("clients as c")
    .where("c.is_staff", "=", 0)
    .where("c.email", "is not", null);
  const queries: [AttentionKind, Expression<unknown>][] = [
    ["overdue-task", overdueTasks(content, now)],
    ["time-up", timesUp(content, now)],
    [
      "hand-in-waiting",
      clients
        .innerJoin("hand_ins as h", "h.client_id", "c.user_id")
        .where("h.status", "=", "in-review")
        .where("h.submitted_at", "<=", now - ATTENTION_AFTER_MS["hand-in-waiting"])
        .select(["c.user_id as client_id", "c.email as email", "h.task_id as item"])
        .select("h.submitted_at as since"),
    ],
    [
      "message-waiting",
      clients
        .innerJoin("threads as t", "t.client_id", "c.user_id")
        .where("t.awaiting_since", "<=", now - ATTENTION_AFTER_MS["message-waiting"])
        .select(["c.user_id as client_id", "c.email as email", sql<string>`''`.as("item")])
        .select(sql<number>`t.awaiting_since`.as("since")),
    ],
    [
      "quiet",
      clients
        .where("c.last_sign_in_at", "is not", null)
        .where("c.activity_at", "<=", now - ATTENTION_AFTER_MS.quiet)
        .select(["c.user_id as client_id", "c.email as email", sql<string>`''`.as("item")])
        .select(sql<number>`c.activity_at`.as("since")),
    ],
    [
      "invitation-waiting",
      clients
        .where("c.auth_state", "=", "invited")
        .where("c.auth_created_at", "<=", now - ATTENTION_AFTER_MS["invitation-waiting"])
        .select(["c.user_id as client_id", "c.email as email", sql<string>`''`.as("item")])
        .select(sql<number>`c.auth_created_at`.as("since")),
    ],
  ];
  const found = await Promise.all(queries.map(([, query]) => oldest(db, query, limit)));
  const items: AttentionItem[] = [];
  const counts = {} as Record<AttentionKind, number>;
  queries.forEach(([kind], index) => {
    const rows = found[index] ?? [];
    counts[kind] = Number(rows[0]?.total ?? 0);
    for (const row of rows) {
      items.push({
        kind,
        clientId: row.client_id,
        email: row.email,
        item: row.item,
        since: Number(row.since),
      });
    }
  });
  return { items, counts };
}
