// The product database's tables as Kysely sees them: each client's place in the programme. A row
// holds what differs from the programme file's defaults (null: "as the programme says"), so a
// client never seen has no rows at all.
import type { Generated } from "kysely";
import type { HandInKind, TaskOwner } from "~/programme/model";

/** What staff set for the agency's portal: one row (id 1), its settings as JSON. */
export interface AgencySettingsTable {
  id: number;
  settings: string;
  /** Raised by every change: what caches of a page or asset showing the brand are keyed by. */
  version: number;
  updated_at: Millis;
}

/** A change staff made to the agency's settings, as its trail shows it. */
export interface AgencyTrailTable {
  id: Serial;
  actor_id: string;
  actor_email: string;
  field: string;
  before_value: string;
  after_value: string;
  at: Millis;
  /** What the line states as a fact, and its parameters as JSON; null: its words alone. */
  action: string | null;
  params: string | null;
}

/** A reply-by-mail key: its hash, whose mail it was (the reader) and about which thread. */
export interface ReplyKeysTable {
  key_hash: string;
  reader_id: string;
  client_id: string;
  created_at: Millis;
  expires_at: Millis;
}

/** What became of a mail received. */
export type InboundOutcome = "received" | "posted" | "held" | "dropped" | "duplicate" | "discarded";

/** A mail received, with its outcome (the inbound log). */
export interface InboundMailsTable {
  id: Serial;
  received_at: Millis;
  source: InboundSource;
  message_key: string | null;
  sha256: string;
  bytes: number;
  raw_key: string | null;
  sender: string | null;
  subject: string | null;
  outcome: InboundOutcome;
  reason: string;
  client_id: string | null;
  reader_id: string | null;
  reply: string | null;
  message_id: number | null;
  decided_by: string | null;
  decided_at: Millis | null;
  /** When the key's reader was told this mail was not posted (at most one a reader an hour). */
  noticed_at: Millis | null;
}

/** How a mail came in. */
export type InboundSource = "smtp" | "webhook" | "imap" | "outbox";

/** Milliseconds since the epoch (bigint in PostgreSQL, integer in SQLite). */
type Millis = number;

/** What ended a user's other sessions: signing out of all devices, or a new password. */
export type RevocationReason = "everywhere" | "password-changed";

export interface ClientsTable {
  user_id: string;
  overall_progress: number | null;
  created_at: Millis;
  updated_at: Millis;
  /** The directory, mirrored from the auth service for the staff console. */
  email: string | null;
  auth_state: string | null;
  /** 1 for staff (excluded from the client list), 0 otherwise. */
  is_staff: number | null;
  auth_created_at: Millis | null;
  last_sign_in_at: Millis | null;
  /** The last change to the client's programme (a tick, an edit by the agency). */
  last_changed_at: Millis | null;
  /** The latest of sign-in, change and creation: what the console sorts by. */
  activity_at: Millis | null;
  synced_at: Millis | null;
  /** Who the client is, as the agency names them (null: not given). */
  display_name: string | null;
  company: string | null;
  /** The template the client follows; null: the default one. */
  template_id: string | null;
  /** The version of it they were given; null: its current one. */
  template_version: string | null;
  /**
   * The client account the row is in: its own id on an account's row (which holds its programme,
   * and is also a person's when the account has their id); another's for its people; null for staff.
   */
  account_id: string | null;
  /** 1: the row is an account alone (made with an id of its own); its people have rows of their own. */
  account_only: number | null;
  /** When staff removed the person from their account (it keeps their id, for naming); null: never. */
  removed_at: Millis | null;
  /** The name the person goes by, shown to their colleagues and the agency; null: not given. */
  person_name: string | null;
  /** On the account's row: its name as staff set it, shown to its people ("Northwind"). */
  account_name: string | null;
  /** On the account's row: who its primary contact is; null: the person whose id it has. */
  primary_contact_id: string | null;
  /** On the account's row: the zone ending its due days, as staff set it; null: its primary contact's. */
  due_time_zone: string | null;
  /** On the account's row: when staff deactivated it; null: active. */
  deactivated_at: Millis | null;
  /** On the account's row: 1 when its primary contact may invite and remove colleagues. */
  colleagues_may_invite: number | null;
  /** The time zone reminders keep to ("Europe/Berlin"), as Intl writes it; null: UTC. */
  time_zone: string | null;
  /** When the person chose it on the account page; null: it follows their browser at sign-in. */
  time_zone_chosen_at: Millis | null;
}

/** Every version of every programme template the portal served: its YAML, kept for its clients. */
export interface ProgrammeTemplatesTable {
  template_id: string;
  /** The hash of its source. */
  version: string;
  source: string;
  /** When it was last the version served (start-up). */
  served_at: Millis;
}

/** A task or objective as the agency changed it for one client (null fields: as the template). */
export interface ClientProgrammeItemsTable {
  user_id: string;
  kind: "task" | "objective";
  item_id: string;
  sprint_id: number;
  title: string | null;
  description: string | null;
  due_after_days: number | null;
  position: number | null;
  hidden: Generated<number>;
  /** 1: added for this client alone (every field is set). */
  added: Generated<number>;
  /** A task's owner, hand-in, whether approval decides it (1/0), tool link ("": none); null: the template's. */
  owner: TaskOwner | null;
  hand_in: HandInKind | null;
  hand_in_required: number | null;
  link: string | null;
  /** JSON: a task's own questions (its FormContent); null: the template's. */
  form: string | null;
  updated_at: Millis;
}

export interface SprintStatesTable {
  user_id: string;
  sprint_id: number;
  status: string | null;
  progress: number | null;
  started_at: Millis | null;
  updated_at: Millis;
}

export interface TaskStatesTable {
  user_id: string;
  task_id: string;
  status: string;
  updated_at: Millis;
}

export interface ObjectiveStatesTable {
  user_id: string;
  objective_id: string;
  progress: number;
  updated_at: Millis;
}

export interface AuditEventsTable {
  id: Serial;
  client_id: string;
  actor_id: string;
  actor_email: string;
  /** Who made the change: the client, or the agency's staff. */
  actor_role: Generated<ActorRole>;
  field: string;
  before_value: string;
  after_value: string;
  at: Millis;
  /** Who may read the line: staff only, or the client too. */
  audience: Audience;
  /** The task or objective the line names, if any: the client reads it only while it is shown. */
  item_kind: "task" | "objective" | null;
  item_id: string | null;
  /** What the line states as a fact, and its parameters as JSON; null: its words alone. */
  action: string | null;
  params: string | null;
}

/** Who changed a client's programme. */
export type ActorRole = "client" | "staff";

/** Who may read a recorded change: the agency's staff only, or the client too. */
export type Audience = "client" | "staff";

/** A file shared between a client and the agency; its bytes are in the file store under `id`. */
export interface SharedFilesTable {
  id: string;
  client_id: string;
  /** The name it was uploaded with, made safe to show and to download as. */
  name: string;
  bytes: number;
  sha256: string;
  note: string;
  shared_by_id: string;
  shared_by_email: string;
  shared_by_role: ActorRole;
  created_at: Millis;
  /** What its bytes were found to be; application/octet-stream (the default): never sniffed. */
  content_type: Generated<string>;
  /** The hand-in it is part of; null for a file shared on its own. */
  hand_in_id: number | null;
  /** The message it came with (a reply by mail); null otherwise. */
  message_id: number | null;
}

/** One message between a client and the agency (an internal note: staff only). */
export interface MessagesTable {
  id: Serial;
  client_id: string;
  author_id: string;
  author_email: string;
  author_role: ActorRole;
  body: string;
  /** 1 for an internal note, which no client ever receives. */
  internal: Generated<number>;
  created_at: Millis;
  /** The task it is about (a comment on the task's page, a review); null for the thread. */
  task_id: string | null;
  /** What the portal wrote for its author (a hand-in, a review) as a fact; null: the body alone. */
  action: string | null;
  params: string | null;
}

/** A client's thread at a glance: its latest message, and since when it waits for an answer. */
export interface ThreadsTable {
  client_id: string;
  last_message_id: number;
  last_message_at: Millis;
  awaiting_since: Millis | null;
}

/** How far one reader (the client, or one staff member) has read a thread. */
export interface ThreadReadsTable {
  client_id: string;
  reader_id: string;
  last_read_id: number;
  read_at: Millis;
  /** The reader was mailed the thread's messages up to this one (0: none yet). */
  mailed_through_id: Generated<number>;
}

/** The kinds of mail a person can choose for: about messages, and task reminders. */
export type MailKind = "messages" | "reminders";

/** How a person wants mail of one kind: each (batched), a daily digest, or none. */
export type MailMode = "each" | "daily" | "off";

/** A person's choice for one kind of mail; no row: "each". */
export interface MailPreferencesTable {
  user_id: string;
  kind: string;
  mode: MailMode;
  updated_at: Millis;
}

/** A staff member who stopped following a client's thread (no mail about it). */
export interface ThreadMutesTable {
  client_id: string;
  reader_id: string;
  muted_at: Millis;
}

/** What became of one mail about a client's thread: sent, skipped (read first) or failed. */
export interface MailDeliveriesTable {
  id: Serial;
  /** The mail's idempotency key. */
  mail_key: string;
  client_id: string;
  recipient_id: string;
  recipient_email: string;
  status: "sent" | "skipped" | "failed";
  detail: string;
  message_count: number;
  at: Millis;
}

/** A reader and thread whose mail one worker is composing and sending now. */
export interface MailClaimsTable {
  /** "messages.<client id>.<reader id>". */
  scope: string;
  holder: string;
  held_until: Millis;
}

/** Room an upload on its way holds against its client's storage. */
export interface UploadReservationsTable {
  id: string;
  client_id: string;
  bytes: number;
  held_until: Millis;
}

/** A client's sprint under way (countdown started, not completed), as the rules last wrote it. */
export interface ClientSprintFactsTable {
  user_id: string;
  sprint_id: number;
  /** When its countdown ends. */
  deadline: Millis;
}

/** A task with a due day in a client's sprint under way, as the rules last wrote it. */
export interface ClientTaskFactsTable {
  user_id: string;
  task_id: string;
  sprint_id: number;
  owner: "client" | "agency";
  /** Days since the epoch, by the account's clock. */
  due_day: number;
  /** The first moment (ms) it is overdue: midnight ending its due day in the account's zone. */
  due_end: number;
  /** 1 when settled: done, or handed in and waiting for the agency's review. */
  settled: number;
}

/**
 * The first moment a client is late: the end of their earliest open due day (UTC days) or the
 * earliest deadline of a sprint under way, whichever comes first; no row when neither.
 */
export interface ClientDeadlinesTable {
  user_id: string;
  late_from: Millis;
}

/** The one row saying which rules, over which templates, wrote every client's facts. */
export interface FactRulesTable {
  id: number;
  basis: string;
  built_at: Millis;
}

/**
 * Which reminder a task gets: the day before its due day, on the day itself, the day after it
 * passed, then one a week (`week-1` a week after that).
 */
export type ReminderKind = "day-before" | "due-day" | "day-after" | `week-${number}`;

/** When a rule began: the first due day it applies to (UTC days since the epoch). */
export interface RulesSinceTable {
  rule: "overdue-reminders";
  since_day: number;
}

/** A reminder claimed for a client's task: each task has at most one of each kind, ever. */
export interface TaskRemindersTable {
  user_id: string;
  task_id: string;
  kind: ReminderKind;
  /** The UTC day (days since the epoch) the task was due on when it was claimed. */
  due_day: number;
  claimed_at: Millis;
  /** When its mail was accepted; null until then, and when nothing was left to remind of. */
  mailed_at: Millis | null;
}

/** The one person of a client account who does one of its tasks (no row: anyone in it). */
export interface TaskAssigneesTable {
  /** The client account. */
  user_id: string;
  task_id: string;
  person_id: string;
  assigned_at: Millis;
}

/** Work a change leaves for later (a mail, a reminder), taken by one worker at a time. */
export interface JobsTable {
  id: Serial;
  kind: string;
  /** JSON. */
  payload: string;
  /** One job per key, however often it is asked for. */
  dedupe_key: string | null;
  run_after: Millis;
  attempts: Generated<number>;
  claimed_by: string | null;
  /** A claim older than this is given up (its worker died): the job is due again. */
  claimed_until: Millis | null;
  done_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
  created_at: Millis;
}

/** Where a hand-in stands: waiting for review, or reviewed once, one way or the other. */
export type HandInStatus = "in-review" | "approved" | "changes-requested";

/** One version of a client's work on a task (its files are shared files pointing to it). */
export interface HandInsTable {
  id: Serial;
  client_id: string;
  task_id: string;
  /** 1 for the first hand-in on the task, counting up. */
  version: number;
  /** An https link, or "" for none. */
  link: string;
  note: string;
  submitted_by_email: string;
  submitted_at: Millis;
  status: HandInStatus;
  reviewer_email: string | null;
  /** Required with "changes-requested", optional with an approval. */
  review_comment: string | null;
  reviewed_at: Millis | null;
  /** JSON: the form's questions and answers as handed in; null for files or a link. */
  answers: string | null;
}

export interface FormAnswersTable {
  client_id: string;
  task_id: string;
  question_id: string;
  /** JSON: a string, or a list of strings for a choice of several. */
  answer: string;
  saved_by_id: string;
  saved_by_email: string;
  saved_at: Millis;
}

/** One person's visits to a client's pages: the last moment seen, and the visit before's end. */
export interface VisitsTable {
  client_id: string;
  viewer_id: string;
  seen_at: Millis;
  since_at: Millis | null;
}

export interface DirectorySyncTable {
  id: number;
  synced_at: Millis;
}

export interface SessionRevocationsTable {
  user_id: string;
  /** Sessions' tokens issued up to this moment's second are ended… */
  revoked_at: Millis;
  /** …except those of this session (the one that changed the password), if any. */
  kept_session_id: string | null;
  /** What ended them: "everywhere" (signed out of all devices) or "password-changed". */
  reason: RevocationReason;
}

export interface ProductDatabase {
  session_revocations: SessionRevocationsTable;
  directory_sync: DirectorySyncTable;
  clients: ClientsTable;
  audit_events: AuditEventsTable;
  jobs: JobsTable;
  shared_files: SharedFilesTable;
  hand_ins: HandInsTable;
  form_answers: FormAnswersTable;
  messages: MessagesTable;
  threads: ThreadsTable;
  thread_reads: ThreadReadsTable;
  mail_preferences: MailPreferencesTable;
  thread_mutes: ThreadMutesTable;
  mail_deliveries: MailDeliveriesTable;
  mail_claims: MailClaimsTable;
  upload_reservations: UploadReservationsTable;
  client_sprint_facts: ClientSprintFactsTable;
  client_task_facts: ClientTaskFactsTable;
  client_deadlines: ClientDeadlinesTable;
  fact_rules: FactRulesTable;
  task_reminders: TaskRemindersTable;
  rules_since: RulesSinceTable;
  task_assignees: TaskAssigneesTable;
  visits: VisitsTable;
  sprint_states: SprintStatesTable;
  task_states: TaskStatesTable;
  objective_states: ObjectiveStatesTable;
  programme_templates: ProgrammeTemplatesTable;
  client_programme_items: ClientProgrammeItemsTable;
  agency_settings: AgencySettingsTable;
  agency_trail: AgencyTrailTable;
  reply_keys: ReplyKeysTable;
  inbound_mails: InboundMailsTable;
}

/** For tables whose key the database assigns. */
export type Serial = Generated<number>;
