// Changes to a client's programme as the audit trail shows them: the client's own (a tick, a first
// opening) and the agency's, checked against what the client has now by the programme's edit rules
// (decision 050): only what really changes, nothing in a locked sprint, no reopening behind a gate.
import {
  blockingSprint,
  programmeView,
  sprintPageView,
  STATUS_LABELS,
  type SprintPageView,
} from "./client-programme";
import { factLine } from "./trail-facts";
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
  /** Set by hand, or null: it follows the tasks. */
  progress: number | null;
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
function consoleTime(ms: number | null): string {
  return ms === null
    ? "not started"
    : `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const percent = (value: number) => `${value}%`;

/** A figure as the trail shows it: set by hand, or following what it measures (then `shown`). */
function figureLabel(setByHand: number | null, shown: number, follows: string): string {
  return setByHand === null ? `${percent(shown)} (follows ${follows})` : percent(setByHand);
}

/** A moment as a datetime-local field holds it, in UTC, to the minute ("" for none). */
export function utcFieldValue(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString().slice(0, 16);
}

/** The names of the client page's form fields, read by its action. */
export const PROGRAMME_EDIT_FIELDS = {
  overallIntent: "overall",
  sprintIntent: "sprint",
  /** The client's name and company (fields `name`, `company`). */
  profileIntent: "profile",
  /** A checkbox: the sprint's progress follows its tasks again ("on"), not the figure set. */
  followTasks: "followTasks",
  /** A checkbox: the overall figure follows the sprints again ("on"). */
  followSprints: "followSprints",
  /** Checkboxes for completing a sprint: mark its open tasks done; start the next sprint. */
  completeOpenTasks: "completeOpenTasks",
  startNext: "startNext",
  /** A checkbox: a moved start leaves the sprint's due dates on their days (its tasks re-dated). */
  keepDates: "keepDates",
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
    [PROGRAMME_EDIT_FIELDS.followTasks]: page.sprint.progressSetByAgency ? "" : "on",
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

/** A task's new status, in sprint `sprintId`. */
export function taskChange(
  sprintId: number,
  task: { id: string; title: string; status: TaskStatus },
  status: TaskStatus,
): ProgrammeChange {
  const fact = {
    action: "task-status",
    sprint: sprintId,
    task: task.id,
    title: task.title,
  } as const;
  return {
    kind: "task",
    taskId: task.id,
    status,
    ...factLine(fact, TASK_STATUS_LABELS[task.status], TASK_STATUS_LABELS[status]),
  };
}

/** A sprint's countdown start moved from `before` to `after` (ms, or null: not started). */
export function sprintStartChange(
  sprintId: number,
  before: number | null,
  after: number | null,
): ProgrammeChange {
  return {
    kind: "sprint-start",
    sprintId,
    startedAt: after,
    ...factLine(
      { action: "sprint-start", sprint: sprintId },
      consoleTime(before),
      consoleTime(after),
    ),
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
  // A completed or not started sprint's figure is its status's (100, 0): nothing set by hand stays.
  const progress = edit.status === "in-progress" ? edit.progress : null;
  const storedProgress = state.sprints.get(sprint.id)?.progress ?? null;
  const changes: ProgrammeChange[] = [];
  if (edit.status !== page.sprint.status) {
    changes.push({
      kind: "sprint-status",
      sprintId: sprint.id,
      status: edit.status,
      ...factLine(
        { action: "sprint-status", sprint: sprint.id },
        STATUS_LABELS[page.sprint.status],
        STATUS_LABELS[edit.status],
      ),
    });
  }
  if (progress !== storedProgress) {
    changes.push({
      kind: "sprint-progress",
      sprintId: sprint.id,
      progress,
      ...factLine(
        { action: "sprint-progress", sprint: sprint.id },
        figureLabel(storedProgress, page.sprint.progress, "the tasks"),
        progress === null ? "follows the tasks" : percent(progress),
      ),
    });
  }
  const storedStart = state.sprints.get(sprint.id)?.startedAt ?? null;
  if (edit.startedAt !== storedStart) {
    changes.push(sprintStartChange(sprint.id, storedStart, edit.startedAt));
  }
  for (const objective of page.objectives) {
    const wanted = edit.objectives.get(objective.id);
    if (wanted === undefined || wanted === objective.progress) continue;
    changes.push({
      kind: "objective",
      objectiveId: objective.id,
      progress: wanted,
      ...factLine(
        {
          action: "objective-progress",
          sprint: sprint.id,
          objective: objective.id,
          title: objective.title,
        },
        percent(objective.progress),
        percent(wanted),
      ),
    });
  }
  for (const task of page.tasks) {
    const wanted = edit.tasks.get(task.id);
    if (wanted === undefined || wanted === task.status) continue;
    changes.push(taskChange(sprint.id, task, wanted));
  }
  // A locked sprint stays as the programme has it until the sprints before it are done.
  if (blocked !== null && changes.length > 0) {
    return { refusal: `${name} opens once Sprint ${blocked} is completed.` };
  }
  return { changes };
}

/** The overall figure set to `progress` by hand, or (null) following the sprints again. */
export function overallEditChanges(
  content: ProgrammeContent,
  state: ClientState,
  progress: number | null,
  now: number,
): ProgrammeChange[] {
  if (state.overallProgress === progress) return [];
  const shown = programmeView(content, state, now).overallProgress;
  return [
    {
      kind: "overall",
      progress,
      field: "Overall progress",
      before: figureLabel(state.overallProgress, shown, "the sprints"),
      after: progress === null ? "follows the sprints" : percent(progress),
    },
  ];
}

/** `state` with `changes` made: what the next decision in the same post is checked against. */
export function withChanges(state: ClientState, changes: ProgrammeChange[]): ClientState {
  const next: ClientState = {
    overallProgress: state.overallProgress,
    sprints: new Map(state.sprints),
    tasks: new Map(state.tasks),
    objectives: new Map(state.objectives),
    inReview: new Set(state.inReview),
    changesRequested: new Set(state.changesRequested),
    dueZone: state.dueZone,
  };
  const sprintOf = (id: number) =>
    next.sprints.get(id) ?? { status: null, progress: null, startedAt: null };
  for (const change of changes) {
    if (change.kind === "overall") next.overallProgress = change.progress;
    else if (change.kind === "task") next.tasks.set(change.taskId, change.status);
    else if (change.kind === "objective") next.objectives.set(change.objectiveId, change.progress);
    else if (change.kind === "sprint-status") {
      next.sprints.set(change.sprintId, { ...sprintOf(change.sprintId), status: change.status });
    } else if (change.kind === "sprint-progress") {
      next.sprints.set(change.sprintId, {
        ...sprintOf(change.sprintId),
        progress: change.progress,
      });
    } else {
      next.sprints.set(change.sprintId, {
        ...sprintOf(change.sprintId),
        startedAt: change.startedAt,
      });
    }
  }
  return next;
}
