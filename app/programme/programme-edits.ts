// Changes to a client's programme as the audit trail shows them: the client's own (a tick, a first
// opening) and the agency's, which are checked against what the client has now (only fields that
// really change; a locked sprint cannot start or complete; a status and its progress agree).
import { blockingSprint, sprintPageView, STATUS_LABELS } from "./client-programme";
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
  if (blocked !== null && edit.status !== "not-started") {
    return { refusal: `${name} opens once Sprint ${blocked} is completed.` };
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
