// Changes to a client's programme as the audit trail shows them: the client's own (a tick, a first
// opening) and the agency's, checked against what the client has now by the programme's edit rules
// (decision 050): only what really changes, nothing in a locked sprint, no reopening behind a gate.
import {
  blockingSprint,
  sprintPageView,
  STATUS_LABELS,
  type SprintPageView,
} from "./client-programme";
import type {
  ClientState,
  ProgrammeChange,
  ProgrammeContent,
  SprintStatus,
  TaskStatus,
} from "./model";

export interface SprintEdit {
  sprintId: number;
  status: SprintStatus;
  progress: number;
  /** The countdown's start (ms), or null: it starts when the client next opens the sprint. */
  startedAt: number | null;
  objectives: Map<string, number>;
  tasks: Map<string, TaskStatus>;
}

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: "Pending",
  "in-progress": "In Progress",
  completed: "Completed",
};

/** A moment as the console shows it, in UTC: "2026-11-25 14:30 UTC". */
export function consoleTime(ms: number | null): string {
  return ms === null
    ? "not started"
    : `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const percent = (value: number) => `${value}%`;

/** A moment as a datetime-local field holds it, in UTC, to the minute ("" for none). */
export function utcFieldValue(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString().slice(0, 16);
}

/** The names of the client page's form fields, read by its action. */
export const PROGRAMME_EDIT_FIELDS = {
  overallIntent: "overall",
  sprintIntent: "sprint",
  /** `objective:<id>`: an objective's progress; `task:<id>`: a task's status. */
  objective: "objective:",
  task: "task:",
  /** The values the form was drawn with (JSON): a field still at its drawn value is not edited. */
  drawn: "drawn",
} as const;

/** What a sprint's form shows, field by field, as it posts them. */
export function sprintFormValues(page: SprintPageView, startedAt: number | null) {
  const values: Record<string, string> = {
    status: page.sprint.status,
    progress: String(page.sprint.progress),
    startedAt: utcFieldValue(startedAt),
  };
  for (const objective of page.objectives) {
    values[`${PROGRAMME_EDIT_FIELDS.objective}${objective.id}`] = String(objective.progress);
  }
  for (const task of page.tasks) values[`${PROGRAMME_EDIT_FIELDS.task}${task.id}`] = task.status;
  return values;
}

/**
 * The fields a post means to change: those whose value differs from the one its form was drawn
 * with (`drawn`); every other field takes the value it has `now`, so a form opened before someone
 * else's change never undoes it. Without `drawn` (a post not from the page), every field counts.
 */
export function editedFields(
  posted: Record<string, string>,
  drawn: Record<string, string> | null,
  now: Record<string, string>,
): { fields: Record<string, string>; edited: (name: string) => boolean } {
  const edited = (name: string) => drawn === null || posted[name] !== drawn[name];
  const fields = { ...posted };
  for (const [name, value] of Object.entries(now)) if (!edited(name)) fields[name] = value;
  return { fields, edited };
}

/** A task's new status, in the sprint named `sprintName`. */
export function taskChange(
  sprintName: string,
  task: { id: string; title: string; status: TaskStatus },
  status: TaskStatus,
): ProgrammeChange {
  return {
    kind: "task",
    taskId: task.id,
    status,
    field: `${sprintName} task: ${task.title}`,
    before: TASK_STATUS_LABELS[task.status],
    after: TASK_STATUS_LABELS[status],
  };
}

/** A sprint's countdown start moved from `before` to `after` (ms, or null: not started). */
export function sprintStartChange(
  sprintId: number,
  sprintName: string,
  before: number | null,
  after: number | null,
): ProgrammeChange {
  return {
    kind: "sprint-start",
    sprintId,
    startedAt: after,
    field: `${sprintName} start`,
    before: consoleTime(before),
    after: consoleTime(after),
  };
}

export type EditOutcome = { changes: ProgrammeChange[] } | { refusal: string };

export function sprintEditChanges(
  content: ProgrammeContent,
  state: ClientState,
  edit: SprintEdit,
  now: number,
): EditOutcome {
  const sprint = content.sprints.find((candidate) => candidate.id === edit.sprintId);
  if (!sprint) return { refusal: "That sprint is not part of the programme." };
  const page = sprintPageView(sprint, content, state, now);
  const name = page.sprint.name;
  const blocked = blockingSprint(sprint, content, state);
  // A completed sprint is reopened only while no sprint that waited for it is under way.
  if (page.sprint.status === "completed" && edit.status !== "completed") {
    for (const later of content.sprints.filter((other) => other.requires.includes(sprint.id))) {
      const laterPage = sprintPageView(later, content, state, now);
      if (laterPage.sprint.status === "not-started") continue;
      const laterName = laterPage.sprint.name;
      return {
        refusal: `${name} cannot be reopened while ${laterName} is ${STATUS_LABELS[laterPage.sprint.status]}: set ${laterName} back to Not Started first.`,
      };
    }
  }
  const progress =
    edit.status === "completed" ? 100 : edit.status === "not-started" ? 0 : edit.progress;
  const changes: ProgrammeChange[] = [];
  if (edit.status !== page.sprint.status) {
    changes.push({
      kind: "sprint-status",
      sprintId: sprint.id,
      status: edit.status,
      field: `${name} status`,
      before: STATUS_LABELS[page.sprint.status],
      after: STATUS_LABELS[edit.status],
    });
  }
  if (progress !== page.sprint.progress) {
    changes.push({
      kind: "sprint-progress",
      sprintId: sprint.id,
      progress,
      field: `${name} progress`,
      before: percent(page.sprint.progress),
      after: percent(progress),
    });
  }
  const storedStart = state.sprints.get(sprint.id)?.startedAt ?? null;
  if (edit.startedAt !== storedStart) {
    changes.push(sprintStartChange(sprint.id, name, storedStart, edit.startedAt));
  }
  for (const objective of page.objectives) {
    const wanted = edit.objectives.get(objective.id);
    if (wanted === undefined || wanted === objective.progress) continue;
    changes.push({
      kind: "objective",
      objectiveId: objective.id,
      progress: wanted,
      field: `${name} objective: ${objective.title}`,
      before: percent(objective.progress),
      after: percent(wanted),
    });
  }
  for (const task of page.tasks) {
    const wanted = edit.tasks.get(task.id);
    if (wanted === undefined || wanted === task.status) continue;
    changes.push(taskChange(name, task, wanted));
  }
  // A locked sprint stays as the programme has it until the sprints before it are done.
  if (blocked !== null && changes.length > 0) {
    return { refusal: `${name} opens once Sprint ${blocked} is completed.` };
  }
  return { changes };
}

export function overallEditChanges(
  content: ProgrammeContent,
  state: ClientState,
  progress: number,
): ProgrammeChange[] {
  const before = state.overallProgress ?? content.overallProgress;
  if (before === progress) return [];
  return [
    {
      kind: "overall",
      progress,
      field: "Overall progress",
      before: percent(before),
      after: percent(progress),
    },
  ];
}
