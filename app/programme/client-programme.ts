// One client's programme as the pages draw it: the programme's content with the client's stored
// state laid over it, the unlocking rules applied, and every derived figure (task counts, active
// sprints, time remaining, the current sprint) computed here, so no two screens can disagree.
import type { ContentIconName } from "~/content/icon-names";
import { sprintPath, taskPath } from "~/lib/paths";
import { dayIn, DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import { zoneClock, zoneMoment } from "~/lib/time-zones";
import { countdownEnd, DAY_MS } from "./countdown";
import { followingFigure, share, weightedMean } from "./figures";
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
  /** Whether staff set the progress by hand (it no longer follows the tasks). */
  progressSetByAgency: boolean;
  /** When its countdown ends (ms), once started; null before and once the sprint is completed. */
  deadline: number | null;
  /** Its countdown ran out before it was completed. */
  timeUp: boolean;
  /** Whether the client may work in it: every sprint it requires is completed. */
  open: boolean;
  /** A locked sprint waits for this one ("Pending Sprint 2"); null when open. */
  pendingOn: number | null;
  tasks: { completed: number; total: number };
  path: string;
}

export interface ProgrammeView {
  overallProgress: number;
  /** Whether staff set the overall figure by hand (it no longer follows the sprints). */
  overallSetByAgency: boolean;
  /** "Sprint 1 in progress", "Sprint 2 up next", "All sprints completed". */
  current: string;
  activeSprints: number;
  /** Under the active count: "Foundation under way". */
  activeNote: string;
  /** Whole weeks (or days, under a week) left across the sprints not completed; "Time's up" once
   * the current sprint's countdown ran out. */
  timeRemaining: string;
  /** Under it, the current sprint's deadline: "Sprint 1 ends Fri 4 Dec", "Sprint 1: time's up". */
  timeNote: string;
  sprints: SprintView[];
}

export interface TaskView extends TaskContent {
  sprintId: number;
  /** The end of its due day (ms, UTC), once its sprint's countdown has started; else null. */
  dueAt: number | null;
  /** Past its due day with something left to chase (see `settled`). */
  overdue: boolean;
  /** How the client marks it done on its sprint's list. */
  tick: ClientTick;
}

/**
 * How the client marks a task done: with its toggle, or not at all: the agency's own task (staff
 * mark it), a task done when staff approve its hand-in, or one whose hand-in waits for review.
 */
export type ClientTick = "toggle" | "agency" | "hand-in" | "in-review";

/** A task as a sprint's list shows it: its instructions are its own page's. */
export type ListedTask = Omit<TaskView, "description" | "instructions">;

export interface ObjectiveView extends ObjectiveContent {
  /** Whether staff set its progress by hand (it no longer follows the sprint). */
  setByAgency: boolean;
}

export interface SprintPageView<Task extends ListedTask = TaskView> {
  sprint: SprintView;
  badges: [string, string];
  objectives: ObjectiveView[];
  tasks: Task[];
  summary: SummaryList[];
  locked: SprintContent["locked"];
  /** The sprint's countdown (no clock: the page's answer fills in the time left); null once done. */
  countdown: { days: number; endsAt: number; timeUp: boolean } | null;
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

function taskStatusOf(task: TaskContent, state: ClientState) {
  return state.tasks.get(task.id) ?? task.status;
}

/**
 * Nothing of the task is left to chase: it is done, or its hand-in waits for the agency's review
 * (the client did their part; the review queue says when it came after its due day).
 */
function settled(task: TaskContent, state: ClientState): boolean {
  return taskStatusOf(task, state) === "completed" || state.inReview.has(task.id);
}

function clientTick(task: TaskContent, state: ClientState): ClientTick {
  if (task.owner === "agency") return "agency";
  if (state.inReview.has(task.id)) return "in-review";
  if (task.handInRequired) return "hand-in";
  return "toggle";
}

const doneTasks = (sprint: SprintContent, state: ClientState) =>
  sprint.tasks.filter((task) => taskStatusOf(task, state) === "completed").length;

/**
 * A status the agency set stands; otherwise the programme's, except that a sprint meant to start
 * not started is under way once any of its tasks is done: the work moves it on.
 */
function statusOf(sprint: SprintContent, state: ClientState): SprintStatus {
  const stored = state.sprints.get(sprint.id)?.status;
  if (stored) return stored;
  if (sprint.start.status === "not-started" && doneTasks(sprint, state) > 0) return "in-progress";
  return sprint.start.status;
}

/** The share of tasks done where a new client starts. */
function startShare(sprint: SprintContent): number {
  const done = sprint.tasks.filter((task) => task.status === "completed").length;
  return share(done, sprint.tasks.length);
}

/** A sprint's progress: set by the agency, else its status's (100, 0), else following its tasks. */
function progressOf(sprint: SprintContent, state: ClientState): number {
  const stored = state.sprints.get(sprint.id)?.progress;
  if (stored !== null && stored !== undefined) return stored;
  const status = statusOf(sprint, state);
  if (status === "completed") return 100;
  if (status === "not-started") return 0;
  if (sprint.tasks.length === 0) return sprint.start.progress;
  return followingFigure(
    sprint.start.progress,
    startShare(sprint),
    share(doneTasks(sprint, state), sprint.tasks.length),
  );
}

/** The overall figure: set by the agency, else following the sprints, weighted by their length. */
function overallOf(content: ProgrammeContent, state: ClientState): number {
  if (state.overallProgress !== null) return state.overallProgress;
  const weeks = content.sprints.map((sprint) => sprint.weeks);
  return followingFigure(
    content.overallProgress,
    weightedMean(
      content.sprints.map((sprint) => sprint.start.progress),
      weeks,
    ),
    weightedMean(
      content.sprints.map((sprint) => progressOf(sprint, state)),
      weeks,
    ),
  );
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

function sprintView(
  sprint: SprintContent,
  content: ProgrammeContent,
  state: ClientState,
  now: number,
): SprintView {
  const stored = state.sprints.get(sprint.id);
  const pendingOn = blockingSprint(sprint, content, state);
  const status = statusOf(sprint, state);
  const startedAt = stored?.startedAt ?? null;
  const deadline =
    startedAt === null || status === "completed"
      ? null
      : countdownEnd(startedAt, sprint.countdownDays);
  return {
    id: sprint.id,
    name: `Sprint ${sprint.id}`,
    title: sprint.title,
    description: sprint.description,
    icon: sprint.icon,
    length: plural(sprint.weeks, "week"),
    status,
    progress: progressOf(sprint, state),
    progressSetByAgency: stored?.progress !== null && stored?.progress !== undefined,
    deadline,
    timeUp: deadline !== null && deadline <= now,
    open: pendingOn === null,
    pendingOn,
    tasks: { completed: doneTasks(sprint, state), total: sprint.tasks.length },
    path: sprintPath(sprint.id),
  };
}

/**
 * Days left in every sprint not completed: to a running countdown's deadline, a whole countdown
 * for the sprint under way not yet opened, a whole planned length for each sprint still to come.
 */
function daysRemaining(content: ProgrammeContent, sprints: SprintView[], now: number): number {
  let days = 0;
  for (const [index, sprint] of content.sprints.entries()) {
    const view = sprints[index];
    if (!view || view.status === "completed") continue;
    if (view.deadline !== null) days += Math.max(0, view.deadline - now) / DAY_MS;
    else days += view.status === "in-progress" ? sprint.countdownDays : sprint.weeks * 7;
  }
  return days;
}

function timeRemaining(days: number): string {
  const weeks = Math.floor(days / 7);
  return weeks >= 1 ? plural(weeks, "week") : plural(Math.ceil(days), "day");
}

/** Days a task sent back with changes requested is given, unless staff choose another day. */
const DAYS_TO_CHANGE = 2;

/**
 * Calendar day `day` (due days are days since the epoch as the account's clock counts them) as a
 * date field's value ("2026-12-03").
 */
export const dateValue = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day `state`'s account is on at `at`, by its zone's clock. */
export const accountDay = (state: Pick<ClientState, "dueZone">, at: number) =>
  zoneClock(state.dueZone, at).day;

/** The day (by the account's clock) `sprintId` started on; null: not started. */
export function startDayOf(state: ClientState, sprintId: number): number | null {
  const startedAt = state.sprints.get(sprintId)?.startedAt ?? null;
  return startedAt === null ? null : accountDay(state, startedAt);
}

/** The due day a task sent back at `at` gets by default. */
export const newDueDay = (state: Pick<ClientState, "dueZone">, at: number) =>
  accountDay(state, at) + DAYS_TO_CHANGE;

/** The first moment (ms) after due day `day`, midnight in `zone`: a task due then is overdue. */
export function endOfDueDay(day: number, zone: string): number {
  return zoneMoment(zone, day + 1, 0);
}

/** How near a due moment is at `now`: past, ending within the day ahead (today's), the next, later. */
export type DueNearness = "overdue" | "today" | "tomorrow" | "later";

/** Where "due today" ends at `now`: a due moment up to a day ahead (the account's next midnight). */
export const dueTodayUntil = (now: number) => now + DAY_MS;

export function dueNearness(dueEnd: number, now: number): DueNearness {
  if (dueEnd <= now) return "overdue";
  if (dueEnd <= dueTodayUntil(now)) return "today";
  return dueEnd <= dueTodayUntil(now) + DAY_MS ? "tomorrow" : "later";
}

/** The day a task is due, counted from the day its sprint started; null: no due day. */
export function dueDayOf(
  task: Pick<TaskContent, "dueAfterDays">,
  startDay: number | null,
): number | null {
  return task.dueAfterDays === undefined || startDay === null ? null : startDay + task.dueAfterDays;
}

/** The last moment (ms) of the day a task is due, midnight in `zone` ending it. */
export function dueMoment(
  task: Pick<TaskContent, "dueAfterDays">,
  startDay: number | null,
  zone: string,
): number | null {
  const day = dueDayOf(task, startDay);
  return day === null ? null : endOfDueDay(day, zone) - 1;
}

/** The sprint under way, or else the next one that is open. */
const currentSprint = (sprints: SprintView[]) =>
  sprints.find((sprint) => sprint.status === "in-progress") ??
  sprints.find((sprint) => sprint.status === "not-started" && sprint.open);

/** The deadline of the sprint under way, or else of the next one that is open, its day in `zone`. */
function timeNote(sprints: SprintView[], content: ProgrammeContent, zone: string): string {
  const current = currentSprint(sprints);
  if (!current) {
    return sprints.every((sprint) => sprint.status === "completed")
      ? "All sprints completed"
      : "Waiting for the next sprint";
  }
  if (current.timeUp) return `${current.name}: time's up`;
  if (current.deadline !== null) return `${current.name} ends ${dayIn(current.deadline, zone)}`;
  const days = content.sprints.find((sprint) => sprint.id === current.id)?.countdownDays ?? 0;
  return `${current.name}'s ${plural(days, "day")} start when it is first opened`;
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
  zone = DEFAULT_TIME_ZONE,
): ProgrammeView {
  const sprints = content.sprints.map((sprint) => sprintView(sprint, content, state, now));
  const active = sprints.filter((sprint) => sprint.status === "in-progress");
  return {
    overallProgress: overallOf(content, state),
    overallSetByAgency: state.overallProgress !== null,
    current: currentLine(sprints),
    activeSprints: active.length,
    activeNote:
      active.length === 0 ? "None under way" : `${active.map((s) => s.title).join(", ")} under way`,
    // Weeks of later sprints still to come do not hide that the current one's time ran out.
    timeRemaining: currentSprint(sprints)?.timeUp
      ? "Time's up"
      : timeRemaining(daysRemaining(content, sprints, now)),
    timeNote: timeNote(sprints, content, zone),
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
  const view = sprintView(sprint, content, state, now);
  const startDay = startDayOf(state, sprint.id);
  const stateBadge =
    view.pendingOn !== null
      ? `Pending Sprint ${view.pendingOn}`
      : view.status === "in-progress"
        ? `${view.progress}% Complete`
        : STATUS_LABELS[view.status];
  return {
    sprint: view,
    badges: [view.length, stateBadge],
    objectives: sprint.objectives.map((objective) => {
      const stored = state.objectives.get(objective.id);
      return {
        ...objective,
        progress:
          stored ?? followingFigure(objective.progress, sprint.start.progress, view.progress),
        setByAgency: stored !== undefined,
      };
    }),
    tasks: sprint.tasks.map((task) => {
      const status = taskStatusOf(task, state);
      const dueAt = dueMoment(task, startDay, state.dueZone);
      return {
        ...task,
        sprintId: sprint.id,
        status,
        dueAt,
        overdue: dueAt !== null && !settled(task, state) && now > dueAt,
        tick: clientTick(task, state),
      };
    }),
    summary: sprint.summary,
    locked: sprint.locked,
    countdown:
      view.status === "completed"
        ? null
        : {
            days: sprint.countdownDays,
            // From the client's first visit, or from `now` before it.
            endsAt: view.deadline ?? countdownEnd(now, sprint.countdownDays),
            timeUp: view.timeUp,
          },
  };
}

/** How the next step says when it is due. */
const NEXT_STEP_WHEN: Record<DueNearness, string> = {
  overdue: "Overdue: ",
  today: "Due today: ",
  tomorrow: "Due tomorrow: ",
  later: "",
};

/** What the dashboard names as the client's next step: its words, and the task page it opens. */
export interface NextStep {
  text: string;
  path: string;
}

/**
 * The client's next step among the tasks of theirs in open sprints: a hand-in sent back first, then
 * the one due soonest (overdue, today, tomorrow), then the first open one; when everything of
 * theirs waits for review, that; null when nothing of theirs is open.
 */
export function nextStep(
  content: ProgrammeContent,
  state: ClientState,
  now: number,
): NextStep | null {
  const open: { task: TaskContent; sprintId: number; dueEnd: number | null }[] = [];
  let waiting: NextStep | null = null;
  for (const sprint of content.sprints) {
    if (blockingSprint(sprint, content, state) !== null) continue;
    if (statusOf(sprint, state) === "completed") continue;
    const startDay = startDayOf(state, sprint.id);
    for (const task of sprint.tasks) {
      if (task.owner === "agency" || taskStatusOf(task, state) === "completed") continue;
      const path = taskPath(sprint.id, task.id);
      if (state.changesRequested.has(task.id) && !state.inReview.has(task.id)) {
        return { text: `Changes requested on ${task.title}`, path };
      }
      if (state.inReview.has(task.id)) {
        waiting ??= { text: "Waiting for the agency's review", path };
        continue;
      }
      const dueDay = dueDayOf(task, startDay);
      const dueEnd = dueDay === null ? null : endOfDueDay(dueDay, state.dueZone);
      open.push({ task, sprintId: sprint.id, dueEnd });
    }
  }
  const nearness = (item: (typeof open)[number]) =>
    item.dueEnd === null ? "later" : dueNearness(item.dueEnd, now);
  const due = open
    .filter((item) => nearness(item) !== "later")
    .sort((a, b) => (a.dueEnd ?? 0) - (b.dueEnd ?? 0))[0];
  const chosen = due ?? open[0];
  if (!chosen) return waiting;
  const path = taskPath(chosen.sprintId, chosen.task.id);
  const when = NEXT_STEP_WHEN[nearness(chosen)];
  return { text: `${when}${chosen.task.title}`, path };
}

/** A sprint under way (its countdown started, not completed): when its countdown ends (ms). */
export interface SprintFact {
  sprintId: number;
  deadline: number;
}

/** A task of a sprint under way that has a due day: whose it is, the day, whether settled. */
export interface TaskFact {
  taskId: string;
  sprintId: number;
  owner: TaskContent["owner"];
  /** Days since the epoch, by the account's clock. */
  dueDay: number;
  /** The first moment (ms) it is overdue: midnight ending its due day in the account's zone. */
  dueEnd: number;
  /** Done, or waiting for the agency's review: never overdue, never reminded of. */
  settled: boolean;
}

/**
 * What the console, the filters and reminders ask of a client, whatever the moment: each sprint
 * under way with its deadline, and each of its tasks with a due day. Stored with every change
 * (decision 065); whether a task is overdue or a sprint's time is up is then one comparison.
 */
export function clientFacts(
  content: ProgrammeContent,
  state: ClientState,
): { sprints: SprintFact[]; tasks: TaskFact[] } {
  const sprints: SprintFact[] = [];
  const tasks: TaskFact[] = [];
  for (const sprint of content.sprints) {
    const startedAt = state.sprints.get(sprint.id)?.startedAt ?? null;
    if (startedAt === null || statusOf(sprint, state) === "completed") continue;
    sprints.push({ sprintId: sprint.id, deadline: countdownEnd(startedAt, sprint.countdownDays) });
    const startDay = accountDay(state, startedAt);
    for (const task of sprint.tasks) {
      const dueDay = dueDayOf(task, startDay);
      if (dueDay === null) continue;
      tasks.push({
        taskId: task.id,
        sprintId: sprint.id,
        owner: task.owner,
        dueDay,
        dueEnd: endOfDueDay(dueDay, state.dueZone),
        settled: settled(task, state),
      });
    }
  }
  return { sprints, tasks };
}
