// A trail line that names something which can be renamed (a task, an objective, a person) is stored
// as a fact: its action and parameters, drawn into words when read, with today's names where the
// subject still has one and the name it had then where it has not. Its before and after stay as kept.

/** A task or an objective of the client's programme. */
export type ItemKind = "task" | "objective";

export type TrailFact =
  | { action: "task-status"; sprint: number; task: string; title: string }
  | { action: "sprint-status" | "sprint-progress" | "sprint-start"; sprint: number }
  | { action: "objective-progress"; sprint: number; objective: string; title: string }
  | { action: "plan-added"; sprint: number; kind: ItemKind }
  /** `change`: what of the item changed (" title", " due", …; "" for shown or hidden). */
  | {
      action: "plan-item";
      sprint: number;
      kind: ItemKind;
      item: string;
      title: string;
      change: string;
    }
  | { action: "task-assignee"; task: string; title: string }
  /** `version`: the version a review decided (none: the hand-in itself). */
  | { action: "hand-in"; task: string; title: string; version?: number }
  /** Staff opened the client's pages as `person` (an address): in the client's trail, the agency's. */
  | { action: "preview" | "client-preview"; person: string };

export type TrailAction = TrailFact["action"];

/** Today's names: an item's title, a person's name; undefined where there is none now. */
export interface TrailNames {
  title(kind: ItemKind, id: string): string | undefined;
  person(email: string): string | undefined;
}

/** A task or objective of a programme, by its id and title. */
interface Titled {
  id: string;
  title: string;
}

/** Today's titles of `content`'s tasks and objectives, and people named by `person`. */
export function trailNames({
  content,
  person = () => undefined,
}: {
  content?: { sprints: { tasks: Titled[]; objectives: Titled[] }[] };
  person?: (email: string) => string | undefined;
}): TrailNames {
  const titles = new Map<string, string>();
  for (const sprint of content?.sprints ?? []) {
    for (const task of sprint.tasks) titles.set(`task:${task.id}`, task.title);
    for (const objective of sprint.objectives)
      titles.set(`objective:${objective.id}`, objective.title);
  }
  return { title: (kind, id) => titles.get(`${kind}:${id}`), person };
}

/** Whether drawing `lines` anew needs the programme's titles. */
export const namesTitles = (lines: { fact?: TrailFact }[]) =>
  lines.some((line) => line.fact !== undefined && "title" in line.fact);

const PLAN_CHANGES = ["", " place", " due", " title", " description"];

/** A line's words: what it is about (`field`), and for some facts the value they name. */
export interface DrawnFact {
  field: string;
  after?: string;
}

/** The words of `fact`, each subject by today's name when `names` has one. */
export function drawFact(fact: TrailFact, names: TrailNames): DrawnFact {
  const sprint = "sprint" in fact ? `Sprint ${fact.sprint}` : "";
  switch (fact.action) {
    case "task-status":
      return { field: `${sprint} task: ${names.title("task", fact.task) ?? fact.title}` };
    case "sprint-status":
      return { field: `${sprint} status` };
    case "sprint-progress":
      return { field: `${sprint} progress` };
    case "sprint-start":
      return { field: `${sprint} start` };
    case "objective-progress": {
      const title = names.title("objective", fact.objective) ?? fact.title;
      return { field: `${sprint} objective: ${title}` };
    }
    case "plan-added":
      return { field: `${sprint} ${fact.kind} added` };
    case "plan-item": {
      const title = names.title(fact.kind, fact.item) ?? fact.title;
      return { field: `${sprint} ${fact.kind} "${title}"${fact.change}` };
    }
    case "task-assignee":
      return { field: `${names.title("task", fact.task) ?? fact.title}: who does it` };
    case "hand-in": {
      const title = names.title("task", fact.task) ?? fact.title;
      const version = fact.version === undefined ? "" : `, version ${fact.version}`;
      return { field: `Hand-in: ${title}${version}` };
    }
    case "preview":
      return { field: "Preview", after: `as ${names.person(fact.person) ?? fact.person}` };
    case "client-preview":
      return { field: "Preview as a client", after: names.person(fact.person) ?? fact.person };
  }
}

const isText = (value: unknown): value is string => typeof value === "string";
const isSprint = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;
const isKind = (value: unknown): value is ItemKind => value === "task" || value === "objective";

/** The parameters a fact is stored with: all but its action. */
export function factParams(fact: TrailFact): string {
  return JSON.stringify({ ...fact, action: undefined });
}

/** A fact's stored parameters as an object; undefined when they are none. */
export function paramsOf(params: string | null): Record<string, unknown> | undefined {
  if (params === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(params);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fact stored as `action` and `params`, or undefined when they are not one (no action, an
 * action this version does not know, parameters that do not fit it): the line then keeps its words.
 */
export function storedFact(action: string | null, params: string | null): TrailFact | undefined {
  const raw = paramsOf(params);
  if (action === null || raw === undefined) return undefined;
  const { sprint, task, title, objective, kind, item, change, version, person } = raw;
  switch (action) {
    case "task-status":
      return isSprint(sprint) && isText(task) && isText(title)
        ? { action, sprint, task, title }
        : undefined;
    case "sprint-status":
    case "sprint-progress":
    case "sprint-start":
      return isSprint(sprint) ? { action, sprint } : undefined;
    case "objective-progress":
      return isSprint(sprint) && isText(objective) && isText(title)
        ? { action, sprint, objective, title }
        : undefined;
    case "plan-added":
      return isSprint(sprint) && isKind(kind) ? { action, sprint, kind } : undefined;
    case "plan-item":
      return isSprint(sprint) &&
        isKind(kind) &&
        isText(item) &&
        isText(title) &&
        isText(change) &&
        PLAN_CHANGES.includes(change)
        ? { action, sprint, kind, item, title, change }
        : undefined;
    case "task-assignee":
      return isText(task) && isText(title) ? { action, task, title } : undefined;
    case "hand-in":
      if (!isText(task) || !isText(title)) return undefined;
      if (version === undefined) return { action, task, title };
      return isSprint(version) ? { action, task, title, version } : undefined;
    case "preview":
    case "client-preview":
      return isText(person) ? { action, person } : undefined;
    default:
      return undefined;
  }
}

/** A new line stating `fact`: its words as drawn now, and the fact to draw them again. */
export function factLine(fact: TrailFact, before: string, after: string) {
  // No names today: the subjects as the fact recorded them.
  const drawn = drawFact(fact, trailNames({}));
  return { field: drawn.field, before, after: drawn.after ?? after, fact };
}

/** A line as stored and read: its words as written, and the fact behind them when it has one. */
export interface FactLine {
  field: string;
  after: string;
  fact?: TrailFact;
}

/** `line` with its words drawn anew from its fact, and without the fact (which stays on the server). */
export function drawnLine<T extends FactLine>(line: T, names: TrailNames): Omit<T, "fact"> {
  const { fact, ...rest } = line;
  if (!fact) return rest;
  const drawn = drawFact(fact, names);
  return { ...rest, field: drawn.field, after: drawn.after ?? rest.after };
}
