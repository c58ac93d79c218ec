// Each client's own programme as stored: the template and version they follow, the items the agency
// changed for them alone, and every template version served (so a client keeps the one they were
// given until the agency applies a newer one).
import { ownAccount } from "./client-accounts.server";
import type { PlanItem } from "~/programme/client-plan";
import type { FormContent } from "~/programme/model";
import { compiledOnce } from "./compiled-once.server";
import type { Executor } from "./connection.server";
import type { ClientProgrammeItemsTable } from "./schema";

type ItemRow = Omit<ClientProgrammeItemsTable, "hidden" | "added"> & {
  hidden: number;
  added: number;
};

/** A client's template (null: the default) and its version (null: the current one). */
export interface TemplateAssignment {
  templateId: string | null;
  version: string | null;
}

const UNASSIGNED: TemplateAssignment = { templateId: null, version: null };

const assignmentRows = compiledOnce((db: Executor, userIds: string[]) =>
  db
    .selectFrom("clients")
    .select(["user_id", "template_id", "template_version"])
    .where("user_id", "in", userIds),
);

export async function readAssignments(
  db: Executor,
  userIds: string[],
): Promise<Map<string, TemplateAssignment>> {
  const found = new Map(userIds.map((id) => [id, UNASSIGNED]));
  if (userIds.length === 0) return found;
  for (const row of await assignmentRows(db, userIds)) {
    found.set(row.user_id, { templateId: row.template_id, version: row.template_version });
  }
  return found;
}

/** Gives `userId` a template's version (in the caller's transaction, with its audit line). */
export async function assignTemplate(
  trx: Executor,
  userId: string,
  assignment: TemplateAssignment,
  at: number,
): Promise<void> {
  const values = { template_id: assignment.templateId, template_version: assignment.version };
  await trx
    .insertInto("clients")
    .values({ user_id: userId, ...values, created_at: at, updated_at: at, ...ownAccount(userId) })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

function planItem(row: ItemRow): PlanItem {
  return {
    kind: row.kind,
    itemId: row.item_id,
    sprintId: Number(row.sprint_id),
    title: row.title,
    description: row.description,
    dueAfterDays: row.due_after_days === null ? null : Number(row.due_after_days),
    position: row.position === null ? null : Number(row.position),
    hidden: Number(row.hidden) === 1,
    added: Number(row.added) === 1,
    owner: row.owner,
    handIn: row.hand_in,
    handInRequired: row.hand_in_required === null ? null : Number(row.hand_in_required) === 1,
    link: row.link,
    form: row.form === null ? null : (JSON.parse(row.form) as FormContent),
  };
}

const planRows = compiledOnce((db: Executor, userIds: string[]) =>
  db
    .selectFrom("client_programme_items")
    .selectAll()
    .where("user_id", "in", userIds)
    .orderBy("updated_at"),
);

/** What the agency changed for each of `userIds` (none: an empty list). */
export async function readPlans(db: Executor, userIds: string[]): Promise<Map<string, PlanItem[]>> {
  const plans = new Map(userIds.map((id) => [id, [] as PlanItem[]]));
  if (userIds.length === 0) return plans;
  for (const row of await planRows(db, userIds)) plans.get(row.user_id)?.push(planItem(row));
  return plans;
}

/** Stores `items` as they now are for `userId` (in the caller's transaction). */
export async function savePlanItems(
  trx: Executor,
  userId: string,
  items: PlanItem[],
  at: number,
): Promise<void> {
  for (const item of items) {
    const values = {
      sprint_id: item.sprintId,
      title: item.title,
      description: item.description,
      due_after_days: item.dueAfterDays,
      position: item.position,
      hidden: item.hidden ? 1 : 0,
      added: item.added ? 1 : 0,
      owner: item.owner,
      hand_in: item.handIn,
      hand_in_required: item.handInRequired === null ? null : item.handInRequired ? 1 : 0,
      link: item.link,
      form: item.form === null ? null : JSON.stringify(item.form),
      updated_at: at,
    };
    await trx
      .insertInto("client_programme_items")
      .values({ user_id: userId, kind: item.kind, item_id: item.itemId, ...values })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "kind", "item_id"]).doUpdateSet(values),
      )
      .execute();
  }
}

/** Clients kept on an earlier version of `templateId` than `current`: the oldest first. */
export async function readClientsBehind(
  db: Executor,
  template: { id: string; isDefault: boolean; current: string },
  limit: number,
): Promise<{ clients: { userId: string; email: string }[]; total: number }> {
  const behind = db
    .selectFrom("clients")
    // Accounts alone: a person's row follows no programme of its own.
    .whereRef("account_id", "=", "user_id")
    .where("is_staff", "=", 0)
    .where("email", "is not", null)
    .where("template_version", "is not", null)
    .where("template_version", "<>", template.current)
    .where((eb) =>
      template.isDefault
        ? eb.or([eb("template_id", "is", null), eb("template_id", "=", template.id)])
        : eb("template_id", "=", template.id),
    );
  const [rows, count] = await Promise.all([
    behind
      .select(["user_id", "email"])
      .orderBy("created_at")
      .orderBy("user_id")
      .limit(limit)
      .execute(),
    behind.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirst(),
  ]);
  return {
    clients: rows.map((row) => ({ userId: row.user_id, email: row.email ?? "" })),
    total: Number(count?.total ?? 0),
  };
}

/** Forgets everything the agency changed for `userId` (a switch of template). */
export async function clearPlan(trx: Executor, userId: string): Promise<void> {
  await trx.deleteFrom("client_programme_items").where("user_id", "=", userId).execute();
}

/** The source of a template's version, if it was ever served. */
export async function readTemplateSource(
  db: Executor,
  templateId: string,
  version: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("programme_templates")
    .select("source")
    .where("template_id", "=", templateId)
    .where("version", "=", version)
    .executeTakeFirst();
  return row?.source;
}

/**
 * Records that a template's `version` is served from `at`. If another version was served before,
 * the clients who followed "the current one" keep that one: a changed file rewrites no one.
 */
export async function recordServedTemplate(
  trx: Executor,
  template: { id: string; version: string; source: string; isDefault: boolean },
  at: number,
): Promise<void> {
  const last = await trx
    .selectFrom("programme_templates")
    .select("version")
    .where("template_id", "=", template.id)
    .orderBy("served_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last && last.version !== template.version) {
    let followers = trx
      .updateTable("clients")
      .set({ template_version: last.version })
      .where("template_version", "is", null)
      .whereRef("account_id", "=", "user_id");
    followers = template.isDefault
      ? followers.where((eb) =>
          eb.or([eb("template_id", "is", null), eb("template_id", "=", template.id)]),
        )
      : followers.where("template_id", "=", template.id);
    await followers.execute();
  }
  await trx
    .insertInto("programme_templates")
    .values({
      template_id: template.id,
      version: template.version,
      source: template.source,
      served_at: at,
    })
    .onConflict((conflict) =>
      conflict.columns(["template_id", "version"]).doUpdateSet({ served_at: at }),
    )
    .execute();
}
