// Trail lines that name a task, an objective or a person, and the lines the portal wrote into
// threads (a hand-in, a review), keep what they say as a fact (an action and its parameters, as
// JSON); earlier rows in the forms the portal wrote are read into facts, any other keeps its words.
import type { Kysely } from "kysely";

interface Line {
  field: string;
  after_value: string;
  item_kind: string | null;
  item_id: string | null;
}

type Fact = { action: string } & Record<string, string | number>;

const PLAN_CHANGES = new Set(["", " place", " due", " title", " description"]);

/** The fact an earlier client trail line's words state, or undefined when they state none. */
export function factOfEarlierLine(line: Line): Fact | undefined {
  const { field, item_kind: kind, item_id: id } = line;
  const sprintLine = /^Sprint (\d+) (status|progress|start)$/.exec(field);
  if (sprintLine) return { action: `sprint-${sprintLine[2]}`, sprint: Number(sprintLine[1]) };
  if (line.field === "Preview") {
    const person = /^as (.+)$/s.exec(line.after_value);
    return person ? { action: "preview", person: person[1]! } : undefined;
  }
  if (kind === null || id === null) return undefined;
  const task = kind === "task" ? /^Sprint (\d+) task: (.*)$/s.exec(field) : null;
  if (task) return { action: "task-status", sprint: Number(task[1]), task: id, title: task[2]! };
  const objective = kind === "objective" ? /^Sprint (\d+) objective: (.*)$/s.exec(field) : null;
  if (objective) {
    const [, sprint, title] = objective;
    return { action: "objective-progress", sprint: Number(sprint), objective: id, title: title! };
  }
  const added = /^Sprint (\d+) (task|objective) added$/.exec(field);
  if (added && added[2] === kind) return { action: "plan-added", sprint: Number(added[1]), kind };
  const item = /^Sprint (\d+) (task|objective) "(.*)"( [a-z]+)?$/s.exec(field);
  if (item && item[2] === kind && PLAN_CHANGES.has(item[4] ?? "")) {
    const [, sprint, , title, change] = item;
    return {
      action: "plan-item",
      sprint: Number(sprint),
      kind,
      item: id,
      title: title!,
      change: change ?? "",
    };
  }
  if (kind !== "task") return undefined;
  const review = /^Hand-in: (.*), version (\d+)$/s.exec(field);
  if (review) return { action: "hand-in", task: id, title: review[1]!, version: Number(review[2]) };
  const handIn = /^Hand-in: (.*)$/s.exec(field);
  if (handIn) return { action: "hand-in", task: id, title: handIn[1]! };
  const assignee = /^(.*): who does it$/s.exec(field);
  if (assignee) return { action: "task-assignee", task: id, title: assignee[1]! };
  return undefined;
}

/** The fact of an earlier line of the agency's trail: it named a person in a preview only. */
export function factOfEarlierAgencyLine(
  line: Pick<Line, "field" | "after_value">,
): Fact | undefined {
  return line.field === "Preview as a client"
    ? { action: "client-preview", person: line.after_value }
    : undefined;
}

/** The portal's lines above what a person wrote, as it wrote them, by their action. */
const MESSAGE_LINES: [action: string, line: RegExp][] = [
  ["handed-in", /^Handed in “(.*)” for review \(version (\d+)\)\.(?:\n\n([\s\S]*))?$/],
  ["approved", /^Approved “(.*)” \(version (\d+)\)\.(?:\n\n([\s\S]*))?$/],
  ["changes-requested", /^Changes requested on “(.*)” \(version (\d+)\):(?:\n\n([\s\S]*))?$/],
];

/** An earlier message about `task`, as its fact and the words its author wrote under it. */
export function factOfEarlierMessage(body: string, task: string) {
  for (const [action, line] of MESSAGE_LINES) {
    const match = line.exec(body);
    if (!match) continue;
    const [, title, version, note] = match;
    const params = JSON.stringify({ task, title, version: Number(version) });
    return { action, params, body: note ?? "" };
  }
  return undefined;
}

/** Rows read and rewritten at a time. */
const BATCH = 500;

interface Row {
  id: number | string;
  field: string;
  after_value: string;
  item_kind: string | null;
  item_id: string | null;
  body: string;
  task_id: string | null;
  action: string | null;
  params: string | null;
}
type Tables = Kysely<Record<"audit_events" | "agency_trail" | "messages", Row>>;

/**
 * Reads `table`'s rows a batch at a time with `columns`, in the order of their ids, and writes
 * what `rewrite` makes of each (nothing where it makes nothing).
 */
async function rewriteRows(
  db: Tables,
  table: "audit_events" | "agency_trail" | "messages",
  columns: (keyof Row)[],
  rewrite: (row: Row) => Partial<Row> | undefined,
) {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom(table)
      .select(["id", ...columns])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const values = rewrite(row as Row);
      if (values) await db.updateTable(table).set(values).where("id", "=", row.id).execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** A fact as its row keeps it: the action, and the rest as JSON. */
function stored(fact: Fact | undefined) {
  if (!fact) return undefined;
  const { action, ...params } = fact;
  return { action, params: JSON.stringify(params) };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["audit_events", "agency_trail", "messages"]) {
    await db.schema.alterTable(table).addColumn("action", "text").execute();
    await db.schema.alterTable(table).addColumn("params", "text").execute();
  }
  const tables = db as unknown as Tables;
  const line: (keyof Row)[] = ["field", "after_value"];
  await rewriteRows(tables, "audit_events", [...line, "item_kind", "item_id"], (row) =>
    stored(factOfEarlierLine(row)),
  );
  await rewriteRows(tables, "agency_trail", line, (row) => stored(factOfEarlierAgencyLine(row)));
  await rewriteRows(tables, "messages", ["body", "task_id"], (row) =>
    row.task_id === null ? undefined : factOfEarlierMessage(row.body, row.task_id),
  );
}
