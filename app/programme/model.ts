// The programme's shapes: its content (what every client follows, from the programme file) and the
// views a page draws of one client's place in it.
import type { ContentIconName } from "~/content/icon-names";
import type { TrailFact } from "./trail-facts";
import type { RichText } from "./rich-text";

export const SPRINT_STATUSES = ["not-started", "in-progress", "completed"] as const;
export type SprintStatus = (typeof SPRINT_STATUSES)[number];

/** A client ticks between pending and completed; "in-progress" is only ever set by the agency. */
export const TASK_STATUSES = ["pending", "in-progress", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ["high", "medium", "low"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Who does a task: the client, or the agency for them. */
export const TASK_OWNERS = ["client", "agency"] as const;
export type TaskOwner = (typeof TASK_OWNERS)[number];

/** What a client hands in for the agency to review when a task is done: "form", its answers. */
export const HAND_IN_KINDS = ["files", "link", "form", "nothing"] as const;
export type HandInKind = (typeof HAND_IN_KINDS)[number];

/** What a question of a task's form asks for. */
export const QUESTION_KINDS = [
  "short-text",
  "long-text",
  "choice",
  "number",
  "date",
  "url",
  "file",
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A form asks 1 to this many questions. */
export const MAX_QUESTIONS = 40;
/** A choice offers 2 to this many options. */
export const MAX_CHOICES = 30;
/** The largest maxLength a text question may set, by its kind. */
export const LONGEST_TEXT_ANSWER: Record<"short-text" | "long-text", number> = {
  "short-text": 500,
  "long-text": 10_000,
};

export interface QuestionContent {
  /** Unique within its form, e.g. "best-clients": what its answers are kept under. */
  id: string;
  kind: QuestionKind;
  label: string;
  /** A line under the label: what a good answer says. */
  help?: string;
  required: boolean;
  /** A choice's options, in order; `multiple` (always set for a choice): several may be chosen. */
  choices?: string[];
  multiple?: boolean;
  /** Text: at most this many characters (the kind's limit when unset). */
  maxLength?: number;
  /** A number's bounds. */
  min?: number;
  max?: number;
}

/** A task's questionnaire: the client fills it in, saves it as they go, and hands it in. */
export interface FormContent {
  questions: QuestionContent[];
}

export interface ObjectiveContent {
  /** Unique within the programme, e.g. "offer-clarity". */
  id: string;
  title: string;
  description: string;
  /** Percent, 0–100: where a new client starts. */
  progress: number;
}

export interface TaskContent {
  /** Unique within the programme, e.g. "icp-builder". */
  id: string;
  title: string;
  priority: TaskPriority;
  /** An external tool (https), opened in a new tab; none for work done with the team. */
  link?: string;
  /** Where a new client starts. */
  status: TaskStatus;
  /** What to do, in Markdown, as the programme file gives it. */
  description?: string;
  /** The description parsed once at start-up (empty without one): what a page draws. */
  instructions: RichText;
  /** What the client hands in for review; "nothing" when the programme file does not say. */
  handIn: HandInKind;
  /** The task is done when staff approve its hand-in, never by a tick. */
  handInRequired: boolean;
  /** Who does it; the client when the programme file does not say. */
  owner: TaskOwner;
  /** Due that many days after its sprint's countdown starts (the end of that day); none if unset. */
  dueAfterDays?: number;
  /** The questions it asks (its hand-in is "form"); none for a task without a form. */
  form?: FormContent;
}

export interface SummaryList {
  title: string;
  items: string[];
}

export interface SprintContent {
  /** 1, 2, 3…: the sprint's number and its page, /dashboard/sprint-<id>. */
  id: number;
  title: string;
  description: string;
  icon: ContentIconName;
  /** The sprint's planned length ("2 weeks"). */
  weeks: number;
  /** The countdown a client sees from the day they first open the sprint. */
  countdownDays: number;
  /** Sprints that must be completed before this one opens (none: open from the start). */
  requires: number[];
  /** Where a new client starts. */
  start: { status: SprintStatus; progress: number };
  objectives: ObjectiveContent[];
  tasks: TaskContent[];
  /** Lists under the sprint's work (achievements and next steps, deliverables, a vision…). */
  summary: SummaryList[];
  /** The placeholder shown while the sprint is locked. */
  locked: { title: string; message: string; action: string };
}

export interface ProgrammeContent {
  /** What staff call it when they choose it for a client ("Podcast launch"). */
  name?: string;
  /** The overall progress a new client starts at (percent). */
  overallProgress: number;
  sprints: SprintContent[];
}

/** A sprint as a client's record holds it; null fields are as the programme says. */
export interface SprintState {
  status: SprintStatus | null;
  progress: number | null;
  /** When the client first opened the sprint (ms): its countdown runs from here. */
  startedAt: number | null;
}

/** What is stored for one client; anything missing is as the programme file says. */
export interface ClientState {
  overallProgress: number | null;
  sprints: Map<number, SprintState>;
  tasks: Map<string, TaskStatus>;
  objectives: Map<string, number>;
  /** The tasks whose latest hand-in waits for the agency's review. */
  inReview: Set<string>;
  /** The tasks whose latest hand-in the agency sent back with changes requested. */
  changesRequested: Set<string>;
  /** The zone whose midnight ends the account's due days ("America/New_York"). */
  dueZone: string;
}

/** One change to a client's programme (the client's or the agency's), as the audit trail shows it. */
/** The task or objective a line of the audit trail names. */
export interface NamedItem {
  kind: "task" | "objective";
  id: string;
}

/** One line of the audit trail: what changed, from what to what, and the item it names, if any. */
export interface AuditLine {
  field: string;
  before: string;
  after: string;
  item?: NamedItem;
  /** What the line says, as a fact drawn anew when read (its field is its words when written). */
  fact?: TrailFact;
}

export type ProgrammeChange =
  // A progress of null: not set by hand, the figure follows the work again.
  (
    | { kind: "overall"; progress: number | null }
    | { kind: "sprint-status"; sprintId: number; status: SprintStatus }
    | { kind: "sprint-progress"; sprintId: number; progress: number | null }
    | { kind: "sprint-start"; sprintId: number; startedAt: number | null }
    | { kind: "task"; taskId: string; status: TaskStatus }
    | { kind: "objective"; objectiveId: string; progress: number }
  ) & {
    /** What changed ("Sprint 2 status") and its values as the console shows them. */
    field: string;
    before: string;
    after: string;
    /** The line's fact when it names something that can be renamed (a sprint, a task). */
    fact?: TrailFact;
  };
