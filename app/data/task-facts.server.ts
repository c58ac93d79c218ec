// Every client's task facts (sprints under way with their deadlines, tasks with their due days),
// written by the programme's rules in the transaction of each change and rebuilt whole when the
// rules or the templates served change; the console's questions across clients read only these.
import { PostgresAdapter, sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { clientFacts, dueTodayUntil } from "~/programme/client-programme";
import { programmeTemplates } from "~/programme/templates.server";
import { programmesOf } from "./client-programmes.server";
import { readClientStates } from "./client-programme.server";
import { inTransaction, type Executor } from "./connection.server";
import { batches } from "~/lib/batches";

/** The rules' version: raise it when `clientFacts` changes, and every start rebuilds once. */
const RULES_VERSION = 3;
/** Clients rewritten per transaction by a rebuild. */
const REBUILD_BATCH = 200;

/**
 * Rewrites the facts of `clientIds` from their programmes and states as `trx` reads them; a
 * deactivated account has none (nothing is due from it, nothing late, nothing reminded).
 */
async function writeFacts(trx: Executor, clientIds: string[]): Promise<void> {
  if (clientIds.length === 0) return;
  const [programmes, states, deactivated] = await Promise.all([
    programmesOf(trx, clientIds),
    readClientStates(trx, clientIds),
    trx
      .selectFrom("clients")
      .select("user_id")
      .where("user_id", "in", clientIds)
      .where("deactivated_at", "is not", null)
      .execute(),
  ]);
  for (const table of ["client_sprint_facts", "client_task_facts", "client_deadlines"] as const) {
    await trx.deleteFrom(table).where("user_id", "in", clientIds).execute();
  }
  const inactive = new Set(deactivated.map((row) => row.user_id));
  const sprints = [];
  const tasks = [];
  const deadlines = [];
  for (const userId of clientIds) {
    if (inactive.has(userId)) continue;
    const facts = clientFacts(programmes.get(userId)!.content, states.get(userId)!);
    const lateFrom = Math.min(
      ...facts.tasks.filter((task) => !task.settled).map((task) => task.dueEnd),
      ...facts.sprints.map((sprint) => sprint.deadline),
    );
    if (lateFrom !== Infinity) deadlines.push({ user_id: userId, late_from: lateFrom });
    for (const sprint of facts.sprints) {
      sprints.push({ user_id: userId, sprint_id: sprint.sprintId, deadline: sprint.deadline });
    }
    for (const task of facts.tasks) {
      tasks.push({
        user_id: userId,
        task_id: task.taskId,
        sprint_id: task.sprintId,
        owner: task.owner,
        due_day: task.dueDay,
        due_end: task.dueEnd,
        settled: task.settled ? 1 : 0,
      });
    }
  }
  if (sprints.length > 0) await trx.insertInto("client_sprint_facts").values(sprints).execute();
  if (deadlines.length > 0) await trx.insertInto("client_deadlines").values(deadlines).execute();
  for (const batch of batches(tasks, REBUILD_BATCH)) {
    await trx.insertInto("client_task_facts").values(batch).execute();
  }
}

/**
 * Rewrites `clientId`'s facts in the transaction that changed their programme, as its last write:
 * one such rewrite at a time per client, so two changes at once both land in the facts. Holding
 * the client's lock, the transaction must take no other lock, or two could wait on each other.
 */
export async function refreshClientFacts(trx: Executor, clientId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext(${`facts:${clientId}`}))`.execute(trx);
  }
  await writeFacts(trx, [clientId]);
}

/**
 * Rewrites the facts of the accounts whose due days end at midnight in `personId`'s zone (theirs
 * as primary contact, staff having set none), after that zone changed: the transaction's last write.
 */
export async function refreshFactsOnZoneOf(trx: Executor, personId: string): Promise<void> {
  const accounts = await trx
    .selectFrom("clients")
    .select("user_id")
    .where((eb) => eb(eb.fn.coalesce("primary_contact_id", "user_id"), "=", personId))
    .whereRef("account_id", "=", "user_id")
    .where("due_time_zone", "is", null)
    .execute();
  for (const { user_id: accountId } of accounts) await refreshClientFacts(trx, accountId);
}

/** What the stored facts were written by: the rules' version and the templates served. */
function currentBasis(): string {
  const served = [...programmeTemplates().values()].map((t) => `${t.id}:${t.version}`).sort();
  return `${RULES_VERSION};${served.join(",")}`;
}

/** Rewrites every client's facts (those with a sprint ever opened have any); returns how many. */
export async function rebuildAllFacts(db: Executor): Promise<number> {
  const basis = currentBasis();
  const started = await db
    .selectFrom("sprint_states")
    .select("user_id")
    .where("started_at", "is not", null)
    .distinct()
    .orderBy("user_id")
    .execute();
  const ids = started.map((row) => row.user_id);
  await inTransaction(async (trx) => {
    for (const table of ["client_sprint_facts", "client_task_facts", "client_deadlines"] as const) {
      await trx.deleteFrom(table).execute();
    }
  });
  for (const batch of batches(ids, REBUILD_BATCH)) {
    await inTransaction(async (trx) => {
      // Changes that came meanwhile wrote their own clients' facts: these are rewritten whole.
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        for (const id of batch) {
          await sql`select pg_advisory_xact_lock(hashtext(${`facts:${id}`}))`.execute(trx);
        }
      }
      await writeFacts(trx, batch);
    });
  }
  const at = Date.now();
  // Tables written whole: the planner's statistics of them are written anew; on PostgreSQL their
  // pages are marked all-visible too (a VACUUM, outside any transaction), so counts read the index
  // alone at once rather than after autovacuum's next round.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const tables = ["client_sprint_facts", "client_task_facts", "client_deadlines"];
  await inTransaction(async (trx) => {
    await trx
      .insertInto("fact_rules")
      .values({ id: 1, basis, built_at: at })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ basis, built_at: at }))
      .execute();
    if (!postgres) for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(trx);
  });
  if (postgres)
    for (const table of tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  return ids.length;
}

/** At start-up: rebuilds every client's facts when other rules or other templates wrote them. */
export async function ensureFactsCurrent(db: Executor): Promise<void> {
  const row = await db.selectFrom("fact_rules").select("basis").executeTakeFirst();
  if (row?.basis !== currentBasis()) await rebuildAllFacts(db);
}

/**
 * Within a query over `clients` as `c`: a client account the console lists (the account's row: not
 * staff, not forgotten); an account's people are listed with it, not on their own.
 */
export const LISTED_CLIENT = sql<SqlBool>`(c.is_staff = 0 and c.email is not null
  and c.account_id = c.user_id)`;

/** Within a query over `clients` as `c`: an account staff have not deactivated. */
export const ACTIVE_ACCOUNT = sql<SqlBool>`c.deactivated_at is null`;

/**
 * Within a query over `clients` as `u`: a row the console does not list that may own a programme
 * (staff, people forgotten; the partial index's). An account's other people own none.
 */
export const UNLISTED_CLIENT = sql<SqlBool>`(u.is_staff is null or u.is_staff <> 0 or u.email is null
  or u.account_id is null)`;

/**
 * `condition` as a test only, no index able to answer it: the unlisted few are read first (their
 * partial index), then their rows by key, where SQLite without statistics would scan by condition.
 */
const byKeyOnly = (condition: RawBuilder<SqlBool>) => sql<SqlBool>`coalesce(${condition}, false)`;

/** Within a query over `client_task_facts` as `f`: not settled, and its due day over at `now`. */
export const overdueAt = (now: number) => sql<SqlBool>`(f.settled = 0 and f.due_end <= ${now})`;

/** Within a query over `client_sprint_facts` as `s`: its countdown ran out by `now`. */
export const timeUpAt = (now: number) => sql<SqlBool>`(s.deadline <= ${now})`;

/** Late at `now` by a late moment (`late_from`, or a value read from it). */
const lateBy = (lateFrom: RawBuilder<unknown>, now: number) =>
  sql<SqlBool>`(${lateFrom} <= ${now})`;
/** Within a query over `client_deadlines` as `d`: a task overdue, or a sprint out of time. */
const lateDeadlines = (now: number) => lateBy(sql`d.late_from`, now);

/**
 * Within a query over `clients` as `c`: a task of theirs overdue, or a sprint out of time. Asked of
 * each client row in turn, so a page in the list's order stops as soon as it is full: a value read
 * by key, which PostgreSQL cannot turn into a hash of every late client as it does an `exists`.
 */
export function lateAt(now: number): Expression<SqlBool> {
  const lateFrom = sql`(select d.late_from from client_deadlines d where d.user_id = c.user_id)`;
  return sql<SqlBool>`coalesce(${lateBy(lateFrom, now)}, false)`;
}

/**
 * How many clients the console lists are late at `now`, and are not `alsoCounted` (a condition on
 * `clients as c`) besides: the late from their index, less the few unlisted, plus the others.
 */
export async function lateOrCount(
  db: Executor,
  now: number,
  alsoCounted: Expression<SqlBool>,
): Promise<number> {
  const { rows } = await sql<{
    late: number | string;
    unlisted: number | string;
    others: number | string;
  }>`
    select
      (select count(*) from client_deadlines d where ${lateDeadlines(now)}) as late,
      (select count(*) from clients u cross join client_deadlines d where ${UNLISTED_CLIENT}
        and d.user_id = u.user_id and ${byKeyOnly(lateDeadlines(now))}) as unlisted,
      (select count(*) from clients c where ${LISTED_CLIENT} and ${alsoCounted} and not ${lateAt(now)}) as others`.execute(
    db,
  );
  const row = rows[0];
  return Number(row?.late ?? 0) - Number(row?.unlisted ?? 0) + Number(row?.others ?? 0);
}

/**
 * How many rows of `table` (as `alias`) meet `condition` for the clients the console lists: all
 * of them, less the few of people it leaves out (staff, people forgotten), so the count reads an
 * index and never joins every row with the directory. An expression, to ask with others at once.
 */
function listedCount(
  table: "client_task_facts" | "client_sprint_facts",
  alias: "f" | "s",
  condition: RawBuilder<SqlBool>,
): RawBuilder<number | string> {
  const from = sql`${sql.table(table)} as ${sql.raw(alias)}`;
  return sql<number | string>`((select count(*) from ${from} where ${condition})
    - (select count(*) from clients u cross join ${from} where ${UNLISTED_CLIENT}
      and ${sql.raw(alias)}.user_id = u.user_id and ${byKeyOnly(condition)}))`;
}

/** The console's count of overdue tasks at `now`. */
export const overdueTaskCount = (now: number) =>
  listedCount("client_task_facts", "f", overdueAt(now));

/** The console's count of sprints whose time ran out by `now`. */
export const timeUpCount = (now: number) => listedCount("client_sprint_facts", "s", timeUpAt(now));

/** Each of `clientIds`' open tasks overdue at `now`, or due today (as `dueNearness` says). */
export async function dueCounts(
  db: Executor,
  clientIds: string[],
  now: number,
): Promise<Map<string, { overdue: number; today: number }>> {
  const counts = new Map(clientIds.map((id) => [id, { overdue: 0, today: 0 }]));
  if (clientIds.length === 0) return counts;
  const dayAhead = dueTodayUntil(now);
  const rows = await db
    .selectFrom("client_task_facts as f")
    .select([
      "f.user_id",
      sql<number | string>`sum(case when f.due_end <= ${now} then 1 else 0 end)`.as("overdue"),
      sql<number | string>`sum(case when f.due_end > ${now} then 1 else 0 end)`.as("today"),
    ])
    .where("f.user_id", "in", clientIds)
    // By the clients' key: `+settled` keeps SQLite off the (settled, due_day) index, which it picks
    // without statistics and which holds every client's open tasks.
    .where(sql<SqlBool>`+f.settled = 0`)
    .where("f.due_end", "<=", dayAhead)
    .groupBy("f.user_id")
    .execute();
  for (const row of rows) {
    counts.set(row.user_id, { overdue: Number(row.overdue), today: Number(row.today) });
  }
  return counts;
}
