// Shapes of the product data that the staff console's components draw as they are.
import type { QuestionContent } from "~/programme/model";
import type { TrailFact } from "~/programme/trail-facts";

/** Where an account stands with the auth service: invited, signed up but unconfirmed, or confirmed. */
export type AccountStatus = "invited" | "unconfirmed" | "confirmed";

/** The client list's filters, as its address names them (`/staff?show=stuck`). */
export const CLIENT_FILTERS = [
  "stuck",
  "in-review",
  "not-started",
  "invited",
  "deactivated",
] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

/** One line of a client's audit trail: who changed what, from what to what, and when (ms). */
/** A trail line as its reader reads it: who made it, named for them. */
export type TrailEntry = Omit<AuditEntry, "actorEmail" | "fact"> & { actor: string };

export interface AuditEntry {
  id: number;
  actorEmail: string;
  /** The client themself, or the agency. */
  actorRole: "client" | "staff";
  field: string;
  before: string;
  after: string;
  at: number;
  /** Only staff may read it. */
  staffOnly: boolean;
  /** What it states, drawn anew when read; its words stand where it has none. */
  fact?: TrailFact;
}

/** A change as a side's news list it: what changed, from what to what, and when. */
export type ChangeLine = Pick<AuditEntry, "id" | "field" | "before" | "after" | "at" | "fact">;

/** A file shared between a client and the agency, as stored. */
export interface StoredFile {
  id: string;
  name: string;
  bytes: number;
  note: string;
  sharedByEmail: string;
  sharedByRole: "client" | "staff";
  at: number;
  /** What its bytes were found to be (application/octet-stream: never sniffed). */
  contentType: string;
}

/** A file as its lists show it to one reader: who shared it as the reader names them. */
export type SharedFile = Omit<StoredFile, "sharedByEmail"> & { sharedBy: string };

/** One message of a thread as stored (`internal`: a note only staff see). */
export interface StoredMessage {
  id: number;
  authorEmail: string;
  authorRole: "client" | "staff";
  body: string;
  internal: boolean;
  at: number;
  /** The task it is about (a comment on its page, a review), or null. */
  taskId: string | null;
  /** The files that came with it (a reply by mail). */
  files: MessageFile[];
}

/** A file a message came with, to link to. */
export interface MessageFile {
  id: string;
  name: string;
}

/**
 * A message as one reader sees it: its author as the reader names them, whether it is theirs, and
 * in the whole thread the task it is about, with the reader's way to it.
 */
export type ThreadMessage = Omit<StoredMessage, "authorEmail"> & {
  author: string;
  own: boolean;
  task?: { title: string; path: string };
};

/** A thread in the staff inbox. */
export interface InboxThread {
  clientId: string;
  email: string;
  /** Since when the client's latest words wait for an agency answer (ms), or null. */
  awaitingSince: number | null;
  lastMessageAt: number;
  latest: { body: string; internal: boolean; authorRole: "client" | "staff" };
  /** The client's messages this staff member has not read. */
  unread: number;
}

/** What became of one mail about a client's thread. */
export interface MailDelivery {
  id: number;
  recipientEmail: string;
  status: "sent" | "skipped" | "failed";
  detail: string;
  messageCount: number;
  at: number;
}

/** What the other side did since a viewer's last visit to a client's pages. */
export interface SinceLastVisit {
  /** The end of the viewer's visit before this one. */
  since: number;
  /** Their changes to the programme that the viewer may read, newest first (at most ten). */
  changes: ChangeLine[];
  /** How many messages they wrote. */
  messages: number;
}

/** One version of a client's work on a task, with its files and its review, as stored. */
export interface StoredHandIn {
  id: number;
  taskId: string;
  version: number;
  link: string;
  note: string;
  submittedByEmail: string;
  at: number;
  status: "in-review" | "approved" | "changes-requested";
  reviewerEmail: string | null;
  reviewComment: string | null;
  reviewedAt: number | null;
  files: { id: string; name: string; bytes: number }[];
  /** A form's questions and answers as handed in; null for files or a link. */
  form: HandedInForm | null;
}

/** A form as it was handed in: its questions then, and the answers. */
export interface HandedInForm {
  questions: QuestionContent[];
  answers: Record<string, string | string[]>;
}

/** A version as one reader sees it: who handed it in and who reviewed it, as the reader names them. */
export type HandIn = Omit<StoredHandIn, "submittedByEmail" | "reviewerEmail"> & {
  submittedBy: string;
  reviewer: string | null;
};

/** A hand-in waiting for review, as the queue lists it. */
export interface ReviewQueueItem {
  id: number;
  clientId: string;
  clientEmail: string;
  taskId: string;
  version: number;
  /** When it was handed in (ms). */
  at: number;
  /** The end of its task's due day (ms), in a sprint under way; null: none. */
  dueAt: number | null;
}

/** A person of a client account, as the directory holds them. */
export interface AccountPerson {
  userId: string;
  email: string;
  state: AccountStatus;
  lastSignInAt: number | null;
  /** The name they go by; null: not given (they are named by their address's local part). */
  name: string | null;
  /** The last time they viewed the account's pages; null: never. */
  lastSeenAt: number | null;
  /** The account has their id (its person from before accounts had people): never removed. */
  holdsAccountId: boolean;
  /** The account's primary contact: exactly one of its people. */
  primary: boolean;
}

/** The people of one client account, for naming them: the name each goes by, by address. */
export interface AccountBook {
  /** The account's name ("Northwind"); null: not set. */
  company: string | null;
  /** Every person who is or was in it: null where they gave no name. */
  names: ReadonlyMap<string, string | null>;
  /** The agency's people who gave themselves a name, by address. */
  agency: ReadonlyMap<string, string | null>;
}

/** What staff set for a client account, beyond its people. */
export interface AccountSettings {
  /** Its name as its people see it ("Northwind"); null: not set. */
  name: string | null;
  primaryContactId: string;
  colleaguesMayInvite: boolean;
  /** When staff deactivated it; null: active. */
  deactivatedAt: number | null;
  /** The zone ending its due days as staff set it; null: its primary contact's. */
  dueTimeZone: string | null;
  /** Its primary contact's zone; null: none given (UTC). */
  primaryTimeZone: string | null;
}

/** A change staff made to the agency's settings, as its trail shows it. */
export interface AgencyLine {
  actorEmail: string;
  field: string;
  before: string;
  after: string;
  at: number;
  /** What it states, drawn anew when read; its words stand where it has none. */
  fact?: TrailFact;
}
