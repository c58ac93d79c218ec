// One client's own programme: their template's content with what the agency changed for them alone
// laid over it (tasks and objectives renamed, described, re-dated, reordered, hidden or added,
// a task given its own questions).
import type {
  FormContent,
  HandInKind,
  ObjectiveContent,
  ProgrammeContent,
  TaskContent,
  TaskOwner,
} from "./model";
import { parseRichText } from "./rich-text";

export const PLAN_ITEM_KINDS = ["task", "objective"] as const;
export type PlanItemKind = (typeof PLAN_ITEM_KINDS)[number];

/** A task or objective as changed for one client; null fields are as the template says. */
export interface PlanItem {
  kind: PlanItemKind;
  itemId: string;
  sprintId: number;
  title: string | null;
  /** Markdown for a task, plain text for an objective. */
  description: string | null;
  /** Days after its sprint starts; NO_DUE_DATE: none for this client. */
  dueAfterDays: number | null;
  /** Its place in the sprint's list (0, 1, 2…); null: the template's order, added items last. */
  position: number | null;
  hidden: boolean;
  /** Added for this client: no template has it. */
  added: boolean;
  /** A task's owner, hand-in and whether approval decides it; null: the template's. */
  owner: TaskOwner | null;
  handIn: HandInKind | null;
  handInRequired: boolean | null;
  /** A task's tool (https); "": none for this client; null: the template's. */
  link: string | null;
  /** A task's own questions for this client (its hand-in is a form); null: the template's. */
  form: FormContent | null;
}

/** A plan item's task fields, each as the template says. */
export const TEMPLATE_TASK_FIELDS = {
  owner: null,
  handIn: null,
  handInRequired: null,
  link: null,
  form: null,
} as const satisfies Pick<PlanItem, "owner" | "handIn" | "handInRequired" | "link" | "form">;

/** A plan item's due days when the agency took a template task's due date away. */
export const NO_DUE_DATE = -1;

const dueDays = (days: number | null, otherwise: number | undefined) =>
  days === null ? otherwise : days === NO_DUE_DATE ? undefined : days;

/** How the ids of the agency's additions start ("added-3f9a0c1d"). */
export const ADDED_ID_PREFIX = "added-";

type Item = TaskContent | ObjectiveContent;

function arranged<T extends Item>(
  items: T[],
  plan: Map<string, PlanItem>,
  additions: PlanItem[],
  change: (item: T, planned: PlanItem) => T,
  make: (planned: PlanItem) => T,
): T[] {
  const all = [
    ...items.map((item, index) => ({ item, planned: plan.get(item.id), index })),
    ...additions.map((planned, index) => ({
      item: make(planned),
      planned,
      index: items.length + index,
    })),
  ];
  return all
    .filter(({ planned }) => !planned?.hidden)
    .sort((a, b) => (a.planned?.position ?? a.index) - (b.planned?.position ?? b.index))
    .map(({ item, planned }) => (planned && !planned.added ? change(item, planned) : item));
}

function changedTask(task: TaskContent, planned: PlanItem): TaskContent {
  const description = planned.description ?? task.description;
  return {
    ...task,
    title: planned.title ?? task.title,
    description,
    instructions: planned.description === null ? task.instructions : parseRichText(description!),
    dueAfterDays: dueDays(planned.dueAfterDays, task.dueAfterDays),
    owner: planned.owner ?? task.owner,
    handIn: planned.handIn ?? task.handIn,
    handInRequired: planned.handInRequired ?? task.handInRequired,
    link: planned.link === null ? task.link : planned.link || undefined,
    form: planned.form ?? task.form,
  };
}

function addedTask(planned: PlanItem): TaskContent {
  return {
    id: planned.itemId,
    title: planned.title ?? "",
    priority: "medium",
    status: "pending",
    description: planned.description ?? undefined,
    instructions: planned.description ? parseRichText(planned.description) : [],
    handIn: planned.handIn ?? "nothing",
    handInRequired: planned.handInRequired ?? false,
    owner: planned.owner ?? "client",
    link: planned.link || undefined,
    dueAfterDays: dueDays(planned.dueAfterDays, undefined),
    form: planned.form ?? undefined,
  };
}

const changedObjective = (objective: ObjectiveContent, planned: PlanItem): ObjectiveContent => ({
  ...objective,
  title: planned.title ?? objective.title,
  description: planned.description ?? objective.description,
});

const addedObjective = (planned: PlanItem): ObjectiveContent => ({
  id: planned.itemId,
  title: planned.title ?? "",
  description: planned.description ?? "",
  progress: 0,
});

/** `content` as one client follows it: `items` laid over it (none: `content` itself). */
export function applyPlan(content: ProgrammeContent, items: PlanItem[]): ProgrammeContent {
  if (items.length === 0) return content;
  const plan = (kind: PlanItemKind) =>
    new Map(items.filter((item) => item.kind === kind).map((item) => [item.itemId, item]));
  const tasks = plan("task");
  const objectives = plan("objective");
  const additions = (kind: PlanItemKind, sprintId: number) =>
    items.filter((item) => item.kind === kind && item.added && item.sprintId === sprintId);
  // A summary line naming a task hidden from the client leaves with it.
  const hiddenTitles = content.sprints.flatMap((sprint) =>
    sprint.tasks.filter((task) => tasks.get(task.id)?.hidden).map((task) => task.title),
  );
  const shown = (line: string) => !hiddenTitles.some((title) => line.includes(title));
  return {
    ...content,
    sprints: content.sprints.map((sprint) => ({
      ...sprint,
      summary: sprint.summary.map((list) => ({ ...list, items: list.items.filter(shown) })),
      tasks: arranged(sprint.tasks, tasks, additions("task", sprint.id), changedTask, addedTask),
      objectives: arranged(
        sprint.objectives,
        objectives,
        additions("objective", sprint.id),
        changedObjective,
        addedObjective,
      ),
    })),
  };
}
