// What waits on someone, across every client, in one query per kind: overdue tasks, countdowns run
// out (both read from the clients' task facts), hand-ins and messages waiting for the agency,
// clients gone quiet, invitations not accepted.
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Executor } from "./connection.server";
import {
  dueDayEnd,
  lateAt,
  lateOrCount,
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
  sql<SqlBool>`c.last_sign_in_at is not null and c.activity_at <= ${now - ATTENTION_AFTER_MS.quiet}`;

/**
 * Within a query over `clients` as `c`: the client is stuck at `now` as "Needs attention" counts
 * it: a task overdue, a sprint whose time ran out, or no activity for 7 days.
 */
export function stuck(now: number): Expression<SqlBool> {
  return sql<SqlBool>`(${quiet(now)} or ${lateAt(now)})`;
}

/** How many clients the console lists are stuck at `now`, counted from the indexes. */
export const stuckCount = (db: Executor, now: number) => lateOrCount(db, now, quiet(now));

/** A kind's oldest items, and how many there are in all. */
interface KindQuery {
  oldest: (limit: number) => Promise<Row[]>;
  count: () => Promise<number>;
}

/**
 * A kind asked as `rows`, oldest first by `age` (the column `since` follows, which an index reads
 * in order), counted by `count` where there is a quicker way than counting its rows.
 */
function kindOf<DB, TB extends keyof DB>(
  db: Executor,
  rows: SelectQueryBuilder<DB, TB, Row>,
  age: string,
  count?: () => Promise<number>,
): KindQuery {
  return {
    oldest: (limit) =>
      rows.orderBy(sql.ref(age)).orderBy(sql.ref("c.email")).limit(limit).execute(),
    count:
      count ??
      (async () => {
        const row = await db
          .selectFrom(rows.as("k"))
          .select((eb) => eb.fn.countAll<number | string>().as("total"))
          .executeTakeFirstOrThrow();
        return Number(row.total);
      }),
  };
}

/** Everything that needs attention at `now`, at most `limit` of each kind. */
export async function readAttention(db: Executor, now: number, limit: number): Promise<Attention> {
  const clients = db.selectFrom("clients as c").where(LISTED_CLIENT);
  const email = sql<string>`c.email`.as("email");
  // A kind kept in a table of its own is read from that table's index first, then its clients by
  // key: a cross join fixes that order, which SQLite would otherwise guess from statistics.
  const queries: [AttentionKind, KindQuery][] = [
    [
      "overdue-task",
      kindOf(
        db,
        db
          .selectFrom("client_task_facts as f")
          .crossJoin("clients as c")
          .whereRef("c.user_id", "=", "f.user_id")
          .where(LISTED_CLIENT)
          .where(overdueAt(now))
          .select(["c.user_id as client_id", email, "f.task_id as item", dueDayEnd.as("since")]),
        "f.due_day",
        () => overdueTaskCount(db, now),
      ),
    ],
    [
      "time-up",
      kindOf(
        db,
        db
          .selectFrom("client_sprint_facts as s")
          .crossJoin("clients as c")
          .whereRef("c.user_id", "=", "s.user_id")
          .where(LISTED_CLIENT)
          .where(timeUpAt(now))
          .select(["c.user_id as client_id", email])
          .select([sql<string>`cast(s.sprint_id as text)`.as("item"), "s.deadline as since"]),
        "s.deadline",
        () => timeUpCount(db, now),
      ),
    ],
    [
      "hand-in-waiting",
      kindOf(
        db,
        db
          .selectFrom("hand_ins as h")
          .crossJoin("clients as c")
          .whereRef("c.user_id", "=", "h.client_id")
          .where(LISTED_CLIENT)
          .where("h.status", "=", "in-review")
          .where("h.submitted_at", "<=", now - ATTENTION_AFTER_MS["hand-in-waiting"])
          .select([
            "c.user_id as client_id",
            email,
            "h.task_id as item",
            "h.submitted_at as since",
          ]),
        "h.submitted_at",
      ),
    ],
    [
      "message-waiting",
      kindOf(
        db,
        db
          .selectFrom("threads as t")
          .crossJoin("clients as c")
          .whereRef("c.user_id", "=", "t.client_id")
          .where(LISTED_CLIENT)
          .where("t.awaiting_since", "<=", now - ATTENTION_AFTER_MS["message-waiting"])
          .select(["c.user_id as client_id", email, sql<string>`''`.as("item")])
          .select(sql<number>`t.awaiting_since`.as("since")),
        "t.awaiting_since",
      ),
    ],
    [
      "quiet",
      kindOf(
        db,
        clients
          .where(quiet(now))
          .select(["c.user_id as client_id", email, sql<string>`''`.as("item")])
          .select(sql<number>`c.activity_at`.as("since")),
        "c.activity_at",
      ),
    ],
    [
      "invitation-waiting",
      kindOf(
        db,
        clients
          .where("c.auth_state", "=", "invited")
          .where("c.auth_created_at", "<=", now - ATTENTION_AFTER_MS["invitation-waiting"])
          .select(["c.user_id as client_id", email, sql<string>`''`.as("item")])
          .select(sql<number>`c.auth_created_at`.as("since")),
        "c.auth_created_at",
      ),
    ],
  ];
  const found = await Promise.all(
    queries.map(async ([, query]) => {
      const [listed, total] = await Promise.all([query.oldest(limit), query.count()]);
      return { listed, total };
    }),
  );
  const items: AttentionItem[] = [];
  const counts = {} as Record<AttentionKind, number>;
  queries.forEach(([kind], index) => {
    const { listed, total } = found[index]!;
    counts[kind] = total;
    for (const row of listed) {
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
