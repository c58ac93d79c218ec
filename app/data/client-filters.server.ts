// The client list's filters, each a condition on `clients as c` that the list's page and count
// share: stuck (as "Needs attention" counts it), a hand-in in review, not started, invited, deactivated.
import { sql, type Expression, type SqlBool } from "kysely";
import { stuck, stuckCount } from "./attention.server";
import { ACTIVE_ACCOUNT } from "./task-facts.server";
import type { Executor } from "./connection.server";
import { CLIENT_FILTERS, type ClientFilter } from "./shapes";

/** The filter a query parameter names, or null (every client) for any other value. */
export function clientFilterOf(value: string | null): ClientFilter | null {
  return CLIENT_FILTERS.find((filter) => filter === value) ?? null;
}

/** Whom a filter keeps, and a quicker way to count them all than counting its rows, if any. */
export interface ClientFilterQuery {
  where: Expression<SqlBool>;
  count?: (db: Executor) => Promise<number>;
}

/**
 * Who `filter` keeps at `now`; every filter but "deactivated" keeps active accounts only. Not
 * started: never signed in, or no sprint's countdown started (the client never opened Sprint 1 or
 * 2, and staff set no start).
 */
export function clientFilter(filter: ClientFilter, now: number): ClientFilterQuery {
  switch (filter) {
    case "stuck":
      return { where: stuck(now), count: (db) => stuckCount(db, now) };
    case "in-review":
      return {
        where: sql<SqlBool>`${ACTIVE_ACCOUNT} and c.user_id in (select h.client_id from hand_ins h
          where h.status = 'in-review')`,
      };
    case "not-started":
      return {
        where: sql<SqlBool>`${ACTIVE_ACCOUNT} and (c.last_sign_in_at is null
          or not exists (select 1 from sprint_states s
            where s.user_id = c.user_id and s.started_at is not null))`,
      };
    case "invited":
      return { where: sql<SqlBool>`${ACTIVE_ACCOUNT} and c.auth_state = 'invited'` };
    case "deactivated":
      return { where: sql<SqlBool>`c.deactivated_at is not null` };
  }
}
