// One edit of a client's own programme as staff make it on the client's plan page: the plan items
// it stores and the audit lines that describe it, decided against the template and the plan as
// they stand; anything that names no item of the client's programme is refused.
import {
  applyPlan,
  NO_DUE_DATE,
  TEMPLATE_TASK_FIELDS,
  type PlanItem,
  type PlanItemKind,
} from "./client-plan";
import type {
  AuditLine,
  FormContent,
  HandInKind,
  ProgrammeContent,
  SprintContent,
  TaskContent,
  TaskOwner,
} from "./model";
import { parseRichText, RefusedLinkError } from "./rich-text";
import { factLine } from "./trail-facts";

export interface PlanEditRequest {
  intent: "save" | "add" | "up" | "down" | "hide" | "show" | "redate";
  kind: PlanItemKind;
  sprintId: number;
  itemId?: string;
  title?: string;
  description?: string;
  dueAfterDays?: number | null;
  /** A due day (days since the epoch, the account's calendar): counted from the sprint's start. */
  dueOn?: number | null;
  /** A task's other fields, all of them (a form without them leaves them as they are). */
  task?: TaskFields;
}

/** A task's fields besides its text and due day, as the programme file has them too. */
export interface TaskFields {
  owner: TaskOwner;
  handIn: HandInKind;
  handInRequired: boolean;
  /** Its tool (https); "": none. */
  link: string;
  /** The questions its form asks; in a request, null: the template's. */
  form: FormContent | null;
}

const taskFieldsOf = (task: TaskContent): TaskFields => ({
  owner: task.owner,
  handIn: task.handIn,
  handInRequired: task.handInRequired,
  link: task.link ?? "",
  form: task.form ?? null,
});

/** How a line of the trail writes a form's questions. */
function questionsWords(form: FormContent | null | undefined): string {
  const count = form?.questions.length ?? 0;
  return count === 0 ? "none" : `${count} ${count === 1 ? "question" : "questions"}`;
}

const sameForm = (a: FormContent | null | undefined, b: FormContent | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** How a line of the trail writes each task field's value. */
const TASK_FIELD_WORDS: Record<
  Exclude<keyof TaskFields, "form">,
  [string, (value: never) => string]
> = {
  owner: [" owner", (value: TaskOwner) => (value === "agency" ? "the agency" : "the client")],
  handIn: [" hand-in", (value: HandInKind) => value],
  handInRequired: [" done when approved", (value: boolean) => (value ? "yes" : "no")],
  link: [" tool", (value: string) => value || "none"],
};

export type PlanEditOutcome =
  | { items: PlanItem[]; lines: AuditLine[] }
  | {
      refused:
        | "planItemMissing"
        | "planTitleInvalid"
        | "planTextInvalid"
        | "planDueInvalid"
        | "planHandInInvalid"
        | "planFormMissing";
    };

/** A task or objective in a client's sprint, in the client's order, hidden ones included. */
export interface Placed {
  id: string;
  title: string;
  description: string;
  dueAfterDays: number | undefined;
  /** A task's other fields as the client has them; none for an objective. */
  task: TaskFields | undefined;
  planned: PlanItem | undefined;
}

/** A sprint's tasks or objectives, as the fields an edit compares. */
function itemsOf(
  sprint: SprintContent,
  kind: PlanItemKind,
): { id: string; title: string; description?: string; dueAfterDays?: number }[] {
  return kind === "task" ? sprint.tasks : sprint.objectives;
}

/** The item a plan item is, as a line of the trail names it. */
const named = (item: PlanItem) => ({ kind: item.kind, id: item.itemId });
/** The longest description: a task's instructions (Markdown), an objective's text. */
export const PLAN_TEXT_MAX: Record<PlanItemKind, number> = { task: 2_000, objective: 400 };
/** The longest questions staff write for one task (40 questions, with room for their help). */
export const PLAN_QUESTIONS_MAX = 60_000;

export function placed(
  base: ProgrammeContent,
  plan: PlanItem[],
  kind: PlanItemKind,
  sprintId: number,
): Placed[] | undefined {
  const shown = applyPlan(
    base,
    plan.map((item) => ({ ...item, hidden: false })),
  ).sprints.find((sprint) => sprint.id === sprintId);
  if (!shown) return undefined;
  return itemsOf(shown, kind).map((item) => ({
    id: item.id,
    title: item.title,
    description: item.description ?? "",
    dueAfterDays: item.dueAfterDays,
    task: "owner" in item ? taskFieldsOf(item as TaskContent) : undefined,
    planned: plan.find((planned) => planned.kind === kind && planned.itemId === item.id),
  }));
}

/** A plan item for `id` as stored, or a new one with every field as the template says. */
function stored(kind: PlanItemKind, sprintId: number, item: Placed): PlanItem {
  return (
    item.planned ?? {
      kind,
      itemId: item.id,
      sprintId,
      title: null,
      description: null,
      dueAfterDays: null,
      position: null,
      hidden: false,
      added: false,
      ...TEMPLATE_TASK_FIELDS,
    }
  );
}

export const dueText = (days: number | undefined) =>
  days === undefined
    ? "no due date"
    : days === 0
      ? "on the sprint's first day"
      : `${days} ${days === 1 ? "day" : "days"} after the sprint starts`;

function describable(kind: PlanItemKind, description: string): boolean {
  if (description.length > PLAN_TEXT_MAX[kind]) return false;
  if (kind === "objective") return true;
  try {
    parseRichText(description);
    return true;
  } catch (error) {
    if (error instanceof RefusedLinkError) return false;
    throw error;
  }
}

/** What names an added item where none may be added (a re-dating). */
const noNewItem = (): string => {
  throw new Error("this edit adds no item");
};

/** Approval decides only a task that asks for something to be handed in. */
const handInFits = (task: TaskFields) => !task.handInRequired || task.handIn !== "nothing";

/** The due days a request asks for, counted from the sprint's start; undefined: refused. */
function wantedDue(
  request: PlanEditRequest,
  startDay: number | null,
): { days: number | undefined } | undefined {
  if (request.dueOn !== undefined && request.dueOn !== null && startDay !== null) {
    const days = request.dueOn - startDay;
    return days >= 0 && days <= 366 ? { days } : undefined;
  }
  if (request.dueOn !== undefined && request.dueOn !== null) return undefined;
  return { days: request.dueAfterDays ?? undefined };
}

/**
 * The plan items and audit lines of `request` for a client following `base` with `plan`, whose
 * sprint started on day `startDay` by the account's clock (null: not yet); `newId` names an added item.
 */
export function planEdit(
  base: ProgrammeContent,
  plan: PlanItem[],
  request: PlanEditRequest,
  startDay: number | null,
  newId: () => string = noNewItem,
): PlanEditOutcome {
  const { kind, sprintId } = request;
  const sprint = base.sprints.find((candidate) => candidate.id === sprintId);
  const items = placed(base, plan, kind, sprintId);
  if (!sprint || !items) return { refused: "planItemMissing" };

  if (request.intent === "add") {
    if (!request.title) return { refused: "planTitleInvalid" };
    const description = request.description ?? "";
    if (!describable(kind, description)) return { refused: "planTextInvalid" };
    const due = kind === "task" ? wantedDue(request, startDay) : { days: undefined };
    if (!due) return { refused: "planDueInvalid" };
    const task = kind === "task" ? request.task : undefined;
    if (task && !handInFits(task)) return { refused: "planHandInInvalid" };
    // A new task's form asks the questions given with it: there are no others.
    if (task?.handIn === "form" && !task.form) return { refused: "planFormMissing" };
    const item: PlanItem = {
      kind,
      itemId: newId(),
      sprintId,
      title: request.title,
      description: description || null,
      dueAfterDays: due.days ?? null,
      position: items.length,
      hidden: false,
      added: true,
      ...(task
        ? { ...task, form: task.handIn === "form" ? task.form : null }
        : TEMPLATE_TASK_FIELDS),
    };
    const added = factLine({ action: "plan-added", sprint: sprintId, kind }, "—", item.title!);
    const line = { ...added, item: named(item) };
    return { items: [item], lines: [line] };
  }

  const index = items.findIndex((item) => item.id === request.itemId);
  const item = items[index];
  if (!item) return { refused: "planItemMissing" };
  const current = stored(kind, sprintId, item);
  const fact = { action: "plan-item", sprint: sprintId, kind, item: current.itemId } as const;
  const line = (change: string, before: string, after: string): AuditLine => ({
    ...factLine({ ...fact, title: item.title, change }, before, after),
    item: named(current),
  });

  if (request.intent === "hide" || request.intent === "show") {
    const hidden = request.intent === "hide";
    if (current.hidden === hidden) return { items: [], lines: [] };
    const shown = (value: boolean) => (value ? "hidden" : "shown");
    return {
      items: [{ ...current, hidden }],
      lines: [line("", shown(!hidden), shown(hidden))],
    };
  }

  if (request.intent === "up" || request.intent === "down") {
    const to = request.intent === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return { items: [], lines: [] };
    const order = [...items];
    [order[index], order[to]] = [order[to]!, order[index]!];
    return {
      items: order.map((each, position) => ({ ...stored(kind, sprintId, each), position })),
      lines: [line(" place", String(index + 1), String(to + 1))],
    };
  }

  const template = current.added
    ? undefined
    : itemsOf(sprint, kind).find((candidate) => candidate.id === item.id);
  /** Due days as the item stores them: null for the template's own, NO_DUE_DATE for none. */
  const storedDue = (days: number | undefined): number | null => {
    if (kind !== "task") return null;
    if (!template) return days ?? null;
    return days === template.dueAfterDays ? null : (days ?? NO_DUE_DATE);
  };

  // redate: a task's due day alone (a hand-in sent back gets a new one).
  if (request.intent === "redate") {
    const due = kind === "task" ? wantedDue(request, startDay) : undefined;
    if (!due) return { refused: "planDueInvalid" };
    if (due.days === item.dueAfterDays) return { items: [], lines: [] };
    return {
      items: [{ ...current, dueAfterDays: storedDue(due.days) }],
      lines: [line(" due", dueText(item.dueAfterDays), dueText(due.days))],
    };
  }

  // save: each field as typed; one equal to the template's is "as the template" again.
  if (request.title === undefined) return { refused: "planTitleInvalid" };
  const description = request.description ?? "";
  if (!describable(kind, description)) return { refused: "planTextInvalid" };
  const due = kind === "task" ? wantedDue(request, startDay) : { days: item.dueAfterDays };
  if (!due) return { refused: "planDueInvalid" };
  const own = <T>(value: T, templateValue: T | undefined) =>
    template && value === templateValue ? null : value;
  const dueAfterDays = storedDue(due.days);
  const wantedTask = kind === "task" ? request.task : undefined;
  if (wantedTask && !handInFits(wantedTask)) return { refused: "planHandInInvalid" };
  const templateTask =
    template && "owner" in template ? taskFieldsOf(template as TaskContent) : undefined;
  // A form asks the questions given, or else the template's; with another hand-in it asks none.
  const asked = wantedTask?.form ?? templateTask?.form ?? null;
  if (wantedTask?.handIn === "form" && !asked) return { refused: "planFormMissing" };
  const ownForm =
    wantedTask?.handIn === "form" && !sameForm(asked, templateTask?.form) ? asked : null;
  const next: PlanItem = {
    ...current,
    title: own(request.title, template?.title),
    description: own(description, template?.description ?? ""),
    dueAfterDays,
    ...(wantedTask && {
      owner: own(wantedTask.owner, templateTask?.owner),
      handIn: own(wantedTask.handIn, templateTask?.handIn),
      handInRequired: own(wantedTask.handInRequired, templateTask?.handInRequired),
      link: own(wantedTask.link, templateTask?.link),
      form: ownForm,
    }),
  };
  const lines: AuditLine[] = [];
  if (request.title !== item.title) {
    lines.push(line(" title", item.title, request.title));
  }
  if (description !== item.description) {
    lines.push(line(" description", item.description || "none", description || "none"));
  }
  if (kind === "task" && due.days !== item.dueAfterDays) {
    lines.push(line(" due", dueText(item.dueAfterDays), dueText(due.days)));
  }
  for (const field of ["owner", "handIn", "handInRequired", "link"] as const) {
    if (!wantedTask || !item.task || wantedTask[field] === item.task[field]) continue;
    const [suffix, words] = TASK_FIELD_WORDS[field] as [string, (value: unknown) => string];
    lines.push(line(suffix, words(item.task[field]), words(wantedTask[field])));
  }
  // The questions a form asks, compared only while it asks them.
  const formBefore = item.task?.handIn === "form" ? item.task.form : null;
  const formAfter = wantedTask?.handIn === "form" ? asked : null;
  if (wantedTask && !sameForm(formBefore, formAfter)) {
    const before = questionsWords(formBefore);
    const after = questionsWords(formAfter);
    lines.push(line(" questions", before, after === before ? `${after}, changed` : after));
  }
  return lines.length === 0 ? { items: [], lines: [] } : { items: [next], lines };
}
