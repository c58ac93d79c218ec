// What waits on someone, across every client, in two statements (the oldest of each kind, and the
// counts): overdue tasks, countdowns run out (both from the clients' task facts), hand-ins and
// messages waiting for the agency, clients gone quiet, invitations not accepted.
import {
  sql,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from "kysely";
import type { Executor } from "./connection.server";
import {
  lateAt,
  lateOrCount,
  ACTIVE_ACCOUNT,
  LISTED_CLIENT,
  overdueAt,
  overdueTaskCount,
  timeUpAt,
  timeUpCount,
} from "./task-facts.server";

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

/** Within a query over `clients` as `c`: signed in once, and no activity for 7 days since. */
const quiet = (now: number) =>
  sql<SqlBool>`c.last_sign_in_at is not null and c.activity_at <= ${now - ATTENTION_AFTER_MS.quiet}
    and ${ACTIVE_ACCOUNT}`;

/**
 * Within a query over `clients` as `c`: the client is stuck at `now` as "Needs attention" counts
 * it: a task overdue, a sprint whose time ran out, or no activity for 7 days.
 */
export function stuck(now: number): Expression<SqlBool> {
  return sql<SqlBool>`(${quiet(now)} or ${lateAt(now)})`;
}

/** How many clients the console lists are stuck at `now`, counted from the indexes. */
export const stuckCount = (db: Executor, now: number) => lateOrCount(db, now, quiet(now));

/**
 * A kind asked as `rows`, oldest first in `order` (the columns an index reads in that order, the
 * first of them the one `since` follows), counted by `count` where there is a quicker way than
 * counting its rows.
 */
interface KindQuery {
  kind: AttentionKind;
  rows: SelectQueryBuilder<never, never, Row>;
  order: string[];
  count?: RawBuilder<number | string>;
}

function kindOf<DB, TB extends keyof DB>(
  kind: AttentionKind,
  rows: SelectQueryBuilder<DB, TB, Row>,
  order: string[],
  count?: RawBuilder<number | string>,
): KindQuery {
  return { kind, rows: rows as unknown as KindQuery["rows"], order, count };
}

/**
 * Everything that needs attention at `now`, at most `limit` of each kind: every kind's oldest in
 * one statement and every count in another.
 */
export async function readAttention(db: Executor, now: number, limit: number): Promise<Attention> {
  const clients = db.selectFrom("clients as c").where(LISTED_CLIENT);
  const email = sql<string>`c.email`.as("email");
  // A kind kept in a table of its own is read from that table's index first, then its clients by
  // key: a cross join fixes that order, which SQLite would otherwise guess from statistics.
  const kinds: KindQuery[] = [
    kindOf(
      "overdue-task",
      db
        .selectFrom("client_task_facts as f")
        .crossJoin("clients as c")
        .whereRef("c.user_id", "=", "f.user_id")
        .where(LISTED_CLIENT)
        .where(overdueAt(now))
        .select(["c.user_id as client_id", email, "f.task_id as item", "f.due_end as since"]),
      ["f.due_end", "f.user_id", "f.task_id"],
      overdueTaskCount(now),
    ),
    kindOf(
      "time-up",
      db
        .selectFrom("client_sprint_facts as s")
        .crossJoin("clients as c")
        .whereRef("c.user_id", "=", "s.user_id")
        .where(LISTED_CLIENT)
        .where(timeUpAt(now))
        .select(["c.user_id as client_id", email])
        .select([sql<string>`cast(s.sprint_id as text)`.as("item"), "s.deadline as since"]),
      ["s.deadline", "s.user_id", "s.sprint_id"],
      timeUpCount(now),
    ),
    kindOf(
      "hand-in-waiting",
      db
        .selectFrom("hand_ins as h")
        .crossJoin("clients as c")
        .whereRef("c.user_id", "=", "h.client_id")
        .where(LISTED_CLIENT)
        .where(ACTIVE_ACCOUNT)
        .where("h.status", "=", "in-review")
        .where("h.submitted_at", "<=", now - ATTENTION_AFTER_MS["hand-in-waiting"])
        .select(["c.user_id as client_id", email, "h.task_id as item", "h.submitted_at as since"]),
      ["h.submitted_at", "c.email"],
    ),
    kindOf(
      "message-waiting",
      db
        .selectFrom("threads as t")
        .crossJoin("clients as c")
        .whereRef("c.user_id", "=", "t.client_id")
        .where(LISTED_CLIENT)
        .where(ACTIVE_ACCOUNT)
        .where("t.awaiting_since", "<=", now - ATTENTION_AFTER_MS["message-waiting"])
        .select(["c.user_id as client_id", email, sql<string>`''`.as("item")])
        .select(sql<number>`t.awaiting_since`.as("since")),
      ["t.awaiting_since", "c.email"],
    ),
    kindOf(
      "quiet",
      clients
        .where(quiet(now))
        .select(["c.user_id as client_id", email, sql<string>`''`.as("item")])
        .select(sql<number>`c.activity_at`.as("since")),
      ["c.activity_at", "c.email"],
    ),
    kindOf(
      "invitation-waiting",
      clients
        .where(ACTIVE_ACCOUNT)
        .where("c.auth_state", "=", "invited")
        .where("c.auth_created_at", "<=", now - ATTENTION_AFTER_MS["invitation-waiting"])
        .select(["c.user_id as client_id", email, sql<string>`''`.as("item")])
        .select(sql<number>`c.auth_created_at`.as("since")),
      ["c.auth_created_at", "c.email"],
    ),
  ];
  const oldest = kinds.map(({ rows, order }, index) => {
    // Each row's place in that order, which the union's rows are put back into.
    const place = sql.join(order.map((column) => sql.ref(column)));
    const ordered = order
      .reduce((query, column) => query.orderBy(sql.ref(column)), rows)
      .select(sql<number>`row_number() over (order by ${place})`.as("place"));
    return sql`select ${sql.lit(index)} as kind, k.* from (${ordered.limit(limit)}) as k`;
  });
  const counts = kinds.map(
    ({ rows, count }, index) =>
      sql`${count ?? sql`(select count(*) from (${rows}) as k)`} as ${sql.ref(`c${index}`)}`,
  );
  const [listed, tally] = await Promise.all([
    sql<Row & { kind: number | string; place: number | string }>`${sql.join(
      oldest,
      sql` union all `,
    )}`.execute(db),
    sql<Record<string, number | string>>`select ${sql.join(counts)}`.execute(db),
  ]);
  const items: AttentionItem[] = [];
  const found = {} as Record<AttentionKind, number>;
  kinds.forEach(({ kind }, index) => {
    found[kind] = Number(tally.rows[0]?.[`c${index}`] ?? 0);
    const rows = listed.rows
      .filter((row) => Number(row.kind) === index)
      .sort((a, b) => Number(a.place) - Number(b.place));
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
  return { items, counts: found };
}

/**
 * How many threads wait for the agency's answer, and how many hand-ins for its review (as the
 * Messages and Reviews pages list them), each counted from its index.
 */
export async function waitingOnAgency(
  db: Executor,
): Promise<{ messages: number; reviews: number }> {
  const [threads, handIns] = await Promise.all([
    db
      .selectFrom("threads")
      .select((eb) => eb.fn.countAll<number | string>().as("waiting"))
      .where("awaiting_since", "is not", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("hand_ins as h")
      .innerJoin("clients as c", "c.user_id", "h.client_id")
      .select((eb) => eb.fn.countAll<number | string>().as("waiting"))
      .where("h.status", "=", "in-review")
      .where(sql<number>`coalesce(c.is_staff, 0)`, "=", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { messages: Number(threads.waiting), reviews: Number(handIns.waiting) };
}
