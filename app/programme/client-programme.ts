// One client's programme as the pages draw it: the programme's content with the client's stored
// state laid over it, the unlocking rules applied, and every derived figure (task counts, active
// sprints, time remaining, the current sprint) computed here, so no two screens can disagree.
import type { ContentIconName } from "~/content/icon-names";
import { sprintPath } from "~/lib/paths";
import { countdownEnd, DAY_MS } from "./countdown";
import type {
  ClientState,
  ObjectiveContent,
  ProgrammeContent,
  SprintContent,
  SprintStatus,
  SummaryList,
  TaskContent,
} from "./model";

export interface SprintView {
  id: number;
  /** "Sprint 1". */
  name: string;
  title: string;
  description: string;
  icon: ContentIconName;
  /** "2 weeks". */
  length: string;
  status: SprintStatus;
  progress: number;
  /** Whether the client may work in it: every sprint it requires is completed. */
  open: boolean;
  /** A locked sprint waits for this one ("Pending Sprint 2"); null when open. */
  pendingOn: number | null;
  tasks: { completed: number; total: number };
  path: string;
}

export interface ProgrammeView {
  overallProgress: number;
  /** "Sprint 1 in progress", "Sprint 2 up next", "All sprints completed". */
  current: string;
  activeSprints: number;
  /** Under the active count: "Foundation under way". */
  activeNote: string;
  /** Whole weeks (or days, under a week) left across the sprints not completed. */
  timeRemaining: string;
  sprints: SprintView[];
}

export interface TaskView extends TaskContent {
  sprintId: number;
}

export interface SprintPageView {
  sprint: SprintView;
  badges: [string, string];
  objectives: ObjectiveContent[];
  tasks: TaskView[];
  summary: SummaryList[];
  locked: SprintContent["locked"];
  /** The sprint's countdown, and the moment the page was made (the first paint counts from it). */
  countdown: { days: number; endsAt: number; renderedAt: number };
}

export const STATUS_LABELS: Record<SprintStatus, string> = {
  completed: "Completed",
  "in-progress": "In Progress",
  "not-started": "Not Started",
};

/** The overview card's button: 'Start Sprint' before a sprint begins, else 'Continue Sprint'. */
export function sprintActionLabel(status: SprintStatus): string {
  return status === "not-started" ? "Start Sprint" : "Continue Sprint";
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

function statusOf(sprint: SprintContent, state: ClientState): SprintStatus {
  return state.sprints.get(sprint.id)?.status ?? sprint.start.status;
}

/**
 * The unlocking rule, in one place: a sprint opens once every sprint it requires is completed.
 * Returns the highest required sprint still not completed, or null when the sprint is open.
 */
export function blockingSprint(
  sprint: SprintContent,
  content: ProgrammeContent,
  state: ClientState,
): number | null {
  const waiting = sprint.requires.filter((id) => {
    const required = content.sprints.find((candidate) => candidate.id === id);
    return required !== undefined && statusOf(required, state) !== "completed";
  });
  return waiting.length > 0 ? Math.max(...waiting) : null;
}

function taskStatusOf(task: TaskContent, state: ClientState) {
  return state.tasks.get(task.id) ?? task.status;
}

function sprintView(
  sprint: SprintContent,
  content: ProgrammeContent,
  state: ClientState,
): SprintView {
  const stored = state.sprints.get(sprint.id);
  const pendingOn = blockingSprint(sprint, content, state);
  return {
    id: sprint.id,
    name: `Sprint ${sprint.id}`,
    title: sprint.title,
    description: sprint.description,
    icon: sprint.icon,
    length: plural(sprint.weeks, "week"),
    status: statusOf(sprint, state),
    progress: stored?.progress ?? sprint.start.progress,
    open: pendingOn === null,
    pendingOn,
    tasks: {
      completed: sprint.tasks.filter((task) => taskStatusOf(task, state) === "completed").length,
      total: sprint.tasks.length,
    },
    path: sprintPath(sprint.id),
  };
}

/** When the sprint's countdown ends: from the client's first visit, or from `now` before it. */
function sprintEnd(sprint: SprintContent, state: ClientState, now: number): number {
  return countdownEnd(state.sprints.get(sprint.id)?.startedAt ?? now, sprint.countdownDays);
}

/** Days left in every sprint not completed: a running countdown, or a sprint's whole length. */
function daysRemaining(content: ProgrammeContent, state: ClientState, now: number): number {
  let days = 0;
  for (const sprint of content.sprints) {
    const status = statusOf(sprint, state);
    if (status === "in-progress") {
      days += Math.max(0, sprintEnd(sprint, state, now) - now) / DAY_MS;
    } else if (status === "not-started") days += sprint.weeks * 7;
  }
  return days;
}

function timeRemaining(days: number): string {
  const weeks = Math.floor(days / 7);
  return weeks >= 1 ? plural(weeks, "week") : plural(Math.ceil(days), "day");
}

function currentLine(sprints: SprintView[]): string {
  const running = sprints.find((sprint) => sprint.status === "in-progress");
  if (running) return `${running.name} in progress`;
  const next = sprints.find((sprint) => sprint.status === "not-started" && sprint.open);
  if (next) return `${next.name} up next`;
  return sprints.every((sprint) => sprint.status === "completed")
    ? "All sprints completed"
    : "Waiting for the next sprint";
}

export function programmeView(
  content: ProgrammeContent,
  state: ClientState,
  now: number,
): ProgrammeView {
  const sprints = content.sprints.map((sprint) => sprintView(sprint, content, state));
  const active = sprints.filter((sprint) => sprint.status === "in-progress");
  return {
    overallProgress: state.overallProgress ?? content.overallProgress,
    current: currentLine(sprints),
    activeSprints: active.length,
    activeNote:
      active.length === 0 ? "None under way" : `${active.map((s) => s.title).join(", ")} under way`,
    timeRemaining: timeRemaining(daysRemaining(content, state, now)),
    sprints,
  };
}

/** The sprint whose page is `sprint-<id>`, or undefined for any other segment. */
export function findSprint(content: ProgrammeContent, segment: string | undefined) {
  const match = /^sprint-([1-9]\d?)$/.exec(segment ?? "");
  return match ? content.sprints.find((sprint) => sprint.id === Number(match[1])) : undefined;
}

/** The task `taskId` and the sprint it is in; undefined for an id the programme has not. */
export function findTask(content: ProgrammeContent, taskId: string | undefined) {
  for (const sprint of content.sprints) {
    const task = sprint.tasks.find((candidate) => candidate.id === taskId);
    if (task) return { sprint, task };
  }
  return undefined;
}

export function sprintPageView(
  sprint: SprintContent,
  content: ProgrammeContent,
  state: ClientState,
  now: number,
): SprintPageView {
  const view = sprintView(sprint, content, state);
  const stateBadge =
    view.pendingOn !== null
      ? `Pending Sprint ${view.pendingOn}`
      : view.status === "in-progress"
        ? `${view.progress}% Complete`
        : STATUS_LABELS[view.status];
  return {
    sprint: view,
    badges: [view.length, stateBadge],
    objectives: sprint.objectives.map((objective) => ({
      ...objective,
      progress: state.objectives.get(objective.id) ?? objective.progress,
    })),
    tasks: sprint.tasks.map((task) => ({
      ...task,
      sprintId: sprint.id,
      status: taskStatusOf(task, state),
    })),
    summary: sprint.summary,
    locked: sprint.locked,
    countdown: {
      days: sprint.countdownDays,
      endsAt: sprintEnd(sprint, state, now),
      renderedAt: now,
    },
  };
}
