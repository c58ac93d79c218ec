// Periodic clean-up, like GoTrue's: deletes revoked refresh tokens, sessions unused for too long,
// expired one-time tokens and flow states, and old outbox mails, in small batches so a big backlog
// never holds the database (or the event loop) for long. Cut-offs follow the server's clock.
import type { App } from "./app";
import type { Db } from "./store/db";

/** Rows deleted per statement; the event loop gets a turn between batches. */
const BATCH = 500;

interface Rule {
  /** What the log line calls it. */
  name: string;
  /** Rowids of one batch of expired rows (`:cutoff` and `:limit` bound). */
  select: string;
  table: string;
  /** Milliseconds a row is kept; undefined = never pruned. */
  keepMs: (app: App) => number | undefined;
  /** For a batch's rowid list: the statement deleting rows that belong to them (children first). */
  children?: (rowids: string) => string;
}

const seconds = (value: number) => value * 1000;

const RULES: Rule[] = [
  {
    name: "revoked_refresh_tokens",
    table: "refresh_tokens",
    select:
      "SELECT rowid AS rid FROM refresh_tokens WHERE revoked = 1 AND updated_at < :cutoff LIMIT :limit",
    keepMs: (app) => seconds(app.config.retention.revokedTokensSeconds),
  },
  {
    name: "idle_sessions",
    table: "sessions",
    select: "SELECT rowid AS rid FROM sessions WHERE updated_at < :cutoff LIMIT :limit",
    children: (rowids) =>
      `DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE rowid IN (${rowids}))`,
    keepMs: (app) => {
      const idle = app.config.retention.idleSessionsSeconds;
      return idle > 0 ? seconds(idle) : undefined;
    },
  },
  {
    name: "expired_one_time_tokens",
    table: "one_time_tokens",
    select: "SELECT rowid AS rid FROM one_time_tokens WHERE created_at < :cutoff LIMIT :limit",
    keepMs: (app) => seconds(app.config.mailerOtpExp),
  },
  {
    name: "expired_flow_states",
    table: "flow_states",
    select: "SELECT rowid AS rid FROM flow_states WHERE created_at < :cutoff LIMIT :limit",
    keepMs: (app) => seconds(app.config.flowStateExpiry),
  },
  {
    name: "old_outbox_mails",
    table: "outbox",
    select: "SELECT rowid AS rid FROM outbox WHERE created_at < :cutoff LIMIT :limit",
    keepMs: (app) => seconds(app.config.retention.outboxSeconds),
  },
];

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deletes one batch; returns how many rows went. */
function deleteBatch(db: Db, rule: Rule, cutoff: number): number {
  return db.transaction(() => {
    const ids = db.all(rule.select, { cutoff, limit: BATCH }).map((row) => Number(row.rid));
    if (ids.length === 0) return 0;
    const list = ids.join(",");
    if (rule.children) db.run(rule.children(list));
    return db.run(`DELETE FROM ${rule.table} WHERE rowid IN (${list})`);
  });
}

/** One clean-up pass; resolves with the rows deleted per rule (only rules that deleted any). */
export async function pruneExpired(app: App): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of RULES) {
    const keep = rule.keepMs(app);
    if (keep === undefined) continue;
    const cutoff = app.now() - keep;
    let total = 0;
    for (let count = deleteBatch(app.store.db, rule, cutoff); count > 0;) {
      total += count;
      await nextTurn();
      count = deleteBatch(app.store.db, rule, cutoff);
    }
    if (total > 0) deleted[rule.name] = total;
  }
  return deleted;
}

/** Runs a pass now and then every AUTH_RETENTION_INTERVAL; returns stop(), which waits for a running pass. */
export function scheduleRetention(app: App): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = pruneExpired(app)
      .then((deleted) => {
        if (Object.keys(deleted).length > 0) app.log("info", "retention_pruned", deleted);
      })
      .catch((error: unknown) => app.log("error", "retention_failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, seconds(app.config.retention.intervalSeconds));
  timer.unref();
  pass();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
