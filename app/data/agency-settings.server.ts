// The agency's settings row (its JSON and the version every change raises) and the agency's trail:
// each change staff made, newest first. Written in the caller's transaction.
import type { Executor } from "./connection.server";
import { factParams, storedFact } from "~/programme/trail-facts";
import type { AgencyLine } from "./shapes";

/** The settings as stored (null: never saved) and their version (0 before any). */
export async function readAgencySettings(
  db: Executor,
): Promise<{ settings: string | null; version: number }> {
  const row = await db
    .selectFrom("agency_settings")
    .select(["settings", "version"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return { settings: row?.settings ?? null, version: Number(row?.version ?? 0) };
}

/**
 * Stores `settings` as the version after `version` (the one the caller read): false, storing
 * nothing, when another save came first.
 */
export async function saveAgencySettings(
  trx: Executor,
  settings: string,
  version: number,
  at: number,
): Promise<boolean> {
  const next = version + 1;
  const result = await trx
    .insertInto("agency_settings")
    .values({ id: 1, settings, version: next, updated_at: at })
    .onConflict((conflict) =>
      conflict
        .column("id")
        .doUpdateSet({ settings, version: next, updated_at: at })
        .where("agency_settings.version", "=", version),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Adds `lines`, made by `actor`, to the agency's trail. */
export async function recordAgencyLines(
  trx: Executor,
  actor: { id: string; email: string },
  lines: Omit<AgencyLine, "actorEmail" | "at">[],
  at: number,
): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto("agency_trail")
    .values(
      lines.map((line) => ({
        actor_id: actor.id,
        actor_email: actor.email,
        field: line.field,
        before_value: line.before,
        after_value: line.after,
        at,
        action: line.fact?.action ?? null,
        params: line.fact ? factParams(line.fact) : null,
      })),
    )
    .execute();
}

/** The agency's latest `limit` trail lines, newest first. */
export async function agencyTrail(db: Executor, limit: number): Promise<AgencyLine[]> {
  const rows = await db
    .selectFrom("agency_trail")
    .select(["actor_email", "field", "before_value", "after_value", "at", "action", "params"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const fact = storedFact(row.action, row.params);
    return {
      actorEmail: row.actor_email,
      field: row.field,
      before: row.before_value,
      after: row.after_value,
      at: Number(row.at),
      ...(fact ? { fact } : {}),
    };
  });
}
