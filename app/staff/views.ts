// What the staff console's pages draw, shared by its loaders and its components.
import type { AttentionKind } from "~/data/attention.server";
import type { TrailEntry, AccountStatus, SinceLastVisit } from "~/data/shapes";
import type { TaskFields } from "~/programme/client-plan-edits";
import type { ProgrammeView, SprintPageView } from "~/programme/client-programme";
import { dayIn, dueIn } from "~/lib/reader-time";

export interface ClientRow {
  id: string;
  email: string;
  /** The agency's name for them and their company ("": not given). */
  name: string;
  company: string;
  /** The account's name, as its people see it ("": not set), and its other people's names. */
  account: string;
  colleagues: string[];
  state: AccountStatus;
  /** "Sprint 1 in progress", as the client's own sidebar says it; "Not started" before any use. */
  current: string;
  /** Null for a client who never signed in and has nothing recorded: no figure to show yet. */
  overallProgress: number | null;
  lastSignInAt: number | null;
  /** The latest of sign-in, change to their programme and creation (ms). */
  activityAt: number | null;
  /** Their open tasks past their due day, and due today, in sprints not completed. */
  due: { overdue: number; today: number };
  /** The client's messages the staff member viewing the list has not read. */
  unread: number;
  /** Their hand-ins waiting for the agency's review. */
  toReview: number;
  /** When they were invited (ms), while the invitation waits; else null. */
  invitedAt: number | null;
  /** Staff deactivated the account. */
  deactivated: boolean;
}

/** One kind of "Needs attention": its oldest items, each linking to where to act, and its count. */
export interface AttentionGroup {
  kind: AttentionKind;
  title: string;
  count: number;
  /**
   * `who`: the client's name and e-mail, or the e-mail alone; `text`, then the day `at` names
   * (a due day's last moment where `due`).
   */
  items: {
    clientId: string;
    who: string;
    text: string;
    at: number;
    due: boolean;
    href: string;
    email: string;
  }[];
}

/** An item of "Needs attention" in words, its day in `zone` ("ICP Builder: due Tue 1 Dec"). */
export const attentionText = (item: AttentionGroup["items"][number], zone: string) =>
  item.text + (item.due ? dueIn(item.at, zone) : dayIn(item.at, zone));

/** One client's page in the console: who they are, their programme as they see it, the trail. */
export interface ProgrammeEditsData {
  client: {
    userId: string;
    email: string;
    state: AccountStatus;
    lastSignInAt: number | null;
    /** The agency's name for them and their company ("": not given). */
    name: string;
    company: string;
  };
  programme: ProgrammeView;
  /** Each sprint as the client's page shows it, and its countdown's stored start (ms or null). */
  sprints: { page: SprintPageView; startedAt: number | null }[];
  /** A page of the audit trail, and where the next, older one starts. */
  audit: { entries: TrailEntry[]; older: { at: number; id: number } | null };
  /** What the client did since this staff member's last visit; null on a first visit. */
  news: SinceLastVisit | null;
  /** The tasks marked done that ask for a hand-in none of whose versions was approved. */
  doneWithoutHandIn: string[];
}

/** A task or objective on a client's Tasks tab, hidden ones included, in the client's order. */
export interface ClientPlanItem {
  id: string;
  title: string;
  description: string;
  dueAfterDays: number | null;
  /** Once its sprint started: the last moment of its due day (ms), and that day as a date field's value. */
  due: { at: number; date: string } | null;
  /** A task's owner, hand-in, whether approval decides it and tool; null for an objective. */
  task: Omit<TaskFields, "form"> | null;
  /** A task's questions as staff edit them (YAML); "": none. */
  questions: string;
  hidden: boolean;
  /** Added for this client alone. */
  added: boolean;
}

/** A client's Tasks tab: their template and each sprint's tasks and objectives. */
export interface ClientPlanData {
  client: ProgrammeEditsData["client"];
  current: string;
  template: { id: string; name: string; upToDate: boolean };
  templates: { id: string; name: string }[];
  /** Whether the template may still be switched: the client has not started. */
  canSwitch: boolean;
  sprints: {
    id: number;
    title: string;
    /** When its countdown started (ms), or null. */
    startedAt: number | null;
    tasks: ClientPlanItem[];
    objectives: ClientPlanItem[];
  }[];
}

/** The Templates page: each template, with the clients kept on an earlier version of it. */
export interface TemplatesData {
  templates: {
    id: string;
    name: string;
    version: string;
    /** How many clients follow an earlier version; `behind` lists the longest-standing. */
    total: number;
    behind: { id: string; who: string; changes: string[] }[];
    /** Its tasks that are forms, each with where every client's latest answers download (CSV). */
    forms: { title: string; csv: string }[];
  }[];
}
