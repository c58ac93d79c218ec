// Hand-ins: each version of a client's work on a task, written in the transaction that stores its
// files, and reviewed once (a decision only moves a hand-in still in review); the review queue.
import { PostgresAdapter, sql } from "kysely";
import type { Executor } from "./connection.server";
import type { HandInStatus } from "./schema";
import type { HandedInForm, ReviewQueueItem, StoredHandIn } from "./shapes";

/**
 * Makes the client's hand-ins take turns until `trx` ends: the next version's number, the one in
 * review and the storage left are read and written by one hand-in at a time. SQLite's single
 * writer already does this.
 */
export async function lockClientHandIns(trx: Executor, clientId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`hand-ins:${clientId}`}))`.execute(trx);
}

export interface NewHandIn {
  clientId: string;
  taskId: string;
  link: string;
  note: string;
  /** A form's questions and answers, as JSON; none for files or a link. */
  answers?: string;
  submittedByEmail: string;
  at: number;
}

/** Stores the next version of the client's work on the task; returns its id and version. */
export async function recordHandIn(
  trx: Executor,
  handIn: NewHandIn,
): Promise<{ id: number; version: number }> {
  const latest = await trx
    .selectFrom("hand_ins")
    .select(sql<number | null>`max(version)`.as("version"))
    .where("client_id", "=", handIn.clientId)
    .where("task_id", "=", handIn.taskId)
    .executeTakeFirst();
  const version = Number(latest?.version ?? 0) + 1;
  const inserted = await trx
    .insertInto("hand_ins")
    .values({
      client_id: handIn.clientId,
      task_id: handIn.taskId,
      version,
      link: handIn.link,
      note: handIn.note,
      answers: handIn.answers ?? null,
      submitted_by_email: handIn.submittedByEmail,
      submitted_at: handIn.at,
      status: "in-review",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(inserted.id), version };
}

export interface Review {
  handInId: number;
  clientId: string;
  taskId: string;
  decision: Exclude<HandInStatus, "in-review">;
  comment: string;
  reviewerEmail: string;
  at: number;
}

/**
 * Records `review` if its hand-in (of that client's task) is still in review; returns the hand-in's
 * version, or null when it was decided already or is not that task's.
 */
export async function recordReview(trx: Executor, review: Review): Promise<number | null> {
  const row = await trx
    .updateTable("hand_ins")
    .set({
      status: review.decision,
      reviewer_email: review.reviewerEmail,
      review_comment: review.comment,
      reviewed_at: review.at,
    })
    .where("id", "=", review.handInId)
    .where("client_id", "=", review.clientId)
    .where("task_id", "=", review.taskId)
    .where("status", "=", "in-review")
    .returning("version")
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

const HAND_IN_COLUMNS = [
  "h.id",
  "h.task_id",
  "h.version",
  "h.link",
  "h.note",
  "h.submitted_by_email",
  "h.submitted_at",
  "h.status",
  "h.reviewer_email",
  "h.review_comment",
  "h.reviewed_at",
  "h.answers",
] as const;

/** A hand-in's form as stored; null for none, or one this version cannot read. */
function handedInForm(json: string | null): HandedInForm | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as Partial<HandedInForm> | null;
    if (!value || !Array.isArray(value.questions) || typeof value.answers !== "object") return null;
    return { questions: value.questions, answers: value.answers ?? {} };
  } catch {
    return null;
  }
}

/** Every version of the client's work on the task, newest first, each with its files. */
export async function taskHandIns(
  db: Executor,
  clientId: string,
  taskId: string,
): Promise<StoredHandIn[]> {
  const rows = await db
    .selectFrom("hand_ins as h")
    .select(HAND_IN_COLUMNS)
    .where("h.client_id", "=", clientId)
    .where("h.task_id", "=", taskId)
    .orderBy("h.version", "desc")
    .execute();
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom("shared_files")
    .select(["id", "name", "bytes", "hand_in_id"])
    .where(
      "hand_in_id",
      "in",
      rows.map((row) => Number(row.id)),
    )
    .orderBy("name")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    taskId: row.task_id,
    version: Number(row.version),
    link: row.link,
    note: row.note,
    submittedByEmail: row.submitted_by_email,
    at: Number(row.submitted_at),
    status: row.status,
    reviewerEmail: row.reviewer_email,
    reviewComment: row.review_comment,
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
    files: files
      .filter((file) => Number(file.hand_in_id) === Number(row.id))
      .map((file) => ({ id: file.id, name: file.name, bytes: Number(file.bytes) })),
    form: handedInForm(row.answers),
  }));
}

/** The latest hand-in's status per task of the client (tasks never handed in are absent). */
export async function latestHandInStatuses(
  db: Executor,
  clientId: string,
): Promise<Map<string, HandInStatus>> {
  const rows = await db
    .selectFrom("hand_ins as h")
    .select(["h.task_id", "h.status"])
    .where("h.client_id", "=", clientId)
    .where(({ eb, selectFrom }) =>
      eb(
        "h.version",
        "=",
        selectFrom("hand_ins as l")
          .select(sql<number>`max(l.version)`.as("v"))
          .whereRef("l.client_id", "=", "h.client_id")
          .whereRef("l.task_id", "=", "h.task_id"),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.task_id, row.status]));
}

/** How many hand-ins of each of `clientIds` wait for review (absent: none). */
export async function waitingReviews(
  db: Executor,
  clientIds: string[],
): Promise<Map<string, number>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("hand_ins")
    .select(["client_id", (eb) => eb.fn.countAll<number | string>().as("waiting")])
    .where("client_id", "in", clientIds)
    .where("status", "=", "in-review")
    .groupBy("client_id")
    .execute();
  return new Map(rows.map((row) => [row.client_id, Number(row.waiting)]));
}

/** Hand-ins waiting for review across clients, oldest first (at most `limit`). */
export async function reviewQueue(db: Executor, limit = 200): Promise<ReviewQueueItem[]> {
  const rows = await db
    .selectFrom("hand_ins as h")
    .innerJoin("clients as c", "c.user_id", "h.client_id")
    .leftJoin("client_task_facts as f", (join) =>
      join.onRef("f.user_id", "=", "h.client_id").onRef("f.task_id", "=", "h.task_id"),
    )
    .select(["h.id", "h.client_id", "h.task_id", "h.version", "h.submitted_at", "c.email"])
    .select("f.due_end as due_at")
    .where("h.status", "=", "in-review")
    .where(sql<number>`coalesce(c.is_staff, 0)`, "=", 0)
    .orderBy("h.submitted_at", "asc")
    .orderBy("h.id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    clientId: row.client_id,
    clientEmail: row.email ?? "",
    taskId: row.task_id,
    version: Number(row.version),
    at: Number(row.submitted_at),
    dueAt: row.due_at === null ? null : Number(row.due_at),
  }));
}

/** A form handed in, with the address of the account it came from. */
export interface FormHandIn {
  clientId: string;
  clientEmail: string;
  version: number;
  submittedByEmail: string;
  at: number;
  form: HandedInForm;
}

/** The forms handed in on `taskId` (by `clientId` only, if given), oldest first by client. */
export async function formHandIns(
  db: Executor,
  taskId: string,
  clientId?: string,
): Promise<FormHandIn[]> {
  let query = db
    .selectFrom("hand_ins as h")
    .leftJoin("clients as c", "c.user_id", "h.client_id")
    .select(["h.client_id", "c.email", "h.version", "h.submitted_by_email", "h.submitted_at"])
    .select("h.answers")
    .where("h.task_id", "=", taskId)
    .where("h.answers", "is not", null);
  if (clientId !== undefined) query = query.where("h.client_id", "=", clientId);
  const rows = await query.orderBy("h.client_id").orderBy("h.version").execute();
  return rows.flatMap((row) => {
    const form = handedInForm(row.answers);
    if (!form) return [];
    return [
      {
        clientId: row.client_id,
        clientEmail: row.email ?? row.client_id,
        version: Number(row.version),
        submittedByEmail: row.submitted_by_email,
        at: Number(row.submitted_at),
        form,
      },
    ];
  });
}
