// The files shared between each client and the agency: a row per file whose bytes are stored whole,
// listed newest first, and read only through the client it belongs to.
import type { Executor } from "./connection.server";
import type { ActorRole } from "./schema";
import type { MessageFile, StoredFile } from "./shapes";

export interface NewSharedFile {
  id: string;
  clientId: string;
  name: string;
  bytes: number;
  sha256: string;
  /** What its bytes were found to be; without one, application/octet-stream (an attachment). */
  contentType?: string;
  note: string;
  sharedBy: { id: string; email: string; role: ActorRole };
  at: number;
  /** The hand-in it is part of, if any. */
  handInId?: number;
  /** The message it came with, if any (a reply by mail). */
  messageId?: number;
}

export async function recordSharedFile(trx: Executor, file: NewSharedFile): Promise<void> {
  await trx
    .insertInto("shared_files")
    .values({
      id: file.id,
      client_id: file.clientId,
      name: file.name,
      bytes: file.bytes,
      sha256: file.sha256,
      content_type: file.contentType,
      note: file.note,
      shared_by_id: file.sharedBy.id,
      shared_by_email: file.sharedBy.email,
      shared_by_role: file.sharedBy.role,
      created_at: file.at,
      hand_in_id: file.handInId ?? null,
      message_id: file.messageId ?? null,
    })
    .execute();
}

const COLUMNS = [
  "id",
  "name",
  "bytes",
  "note",
  "shared_by_email",
  "shared_by_role",
  "created_at",
  "content_type",
] as const;

type Row = {
  id: string;
  name: string;
  bytes: number | string;
  note: string;
  shared_by_email: string;
  shared_by_role: ActorRole;
  created_at: number | string;
  content_type: string;
};

function sharedFile(row: Row): StoredFile {
  return {
    id: row.id,
    name: row.name,
    // PostgreSQL's bigint arrives as text.
    bytes: Number(row.bytes),
    note: row.note,
    sharedByEmail: row.shared_by_email,
    sharedByRole: row.shared_by_role,
    at: Number(row.created_at),
    contentType: row.content_type,
  };
}

/** The client's files, newest first (at most `limit`). */
export async function clientFiles(
  db: Executor,
  clientId: string,
  limit = 500,
): Promise<StoredFile[]> {
  const rows = await db
    .selectFrom("shared_files")
    .select(COLUMNS)
    .where("client_id", "=", clientId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(sharedFile);
}

/** One file, and whose it is; undefined for an id nobody has. */
export async function sharedFileById(
  db: Executor,
  fileId: string,
): Promise<(StoredFile & { clientId: string }) | undefined> {
  const row = await db
    .selectFrom("shared_files")
    .select([...COLUMNS, "client_id"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  return row && { ...sharedFile(row), clientId: row.client_id };
}

/** The files that came with each of `messageIds` (by message id), in the order they were sent. */
export async function messageFiles(
  db: Executor,
  messageIds: number[],
): Promise<Map<number, MessageFile[]>> {
  const files = new Map<number, MessageFile[]>();
  if (messageIds.length === 0) return files;
  const rows = await db
    .selectFrom("shared_files")
    .select(["id", "name", "message_id"])
    .where("message_id", "in", messageIds)
    .orderBy("created_at")
    .orderBy("name")
    .execute();
  for (const row of rows) {
    const id = Number(row.message_id);
    files.set(id, [...(files.get(id) ?? []), { id: row.id, name: row.name }]);
  }
  return files;
}
