// The outbox table: every mail the server "sent", newest first.
import type { Db, Row } from "./db";

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  confirmation_url: string | null;
  verify_url: string | null;
  created_at: string;
  /** Where a reply goes (the app's mails that take replies); null: nowhere. */
  reply_to: string | null;
}

/** Keep the outbox from growing without bound on a long-running dev server. */
const MAX_MESSAGES = 1000;

function toMessage(row: Row): OutboxMessage {
  return {
    id: String(row.id),
    to: String(row.to_email),
    subject: String(row.subject),
    text: String(row.text),
    html: String(row.html),
    confirmation_url: row.confirmation_url === null ? null : String(row.confirmation_url),
    verify_url: row.verify_url === null ? null : String(row.verify_url),
    created_at: new Date(Number(row.created_at)).toISOString(),
    reply_to: row.reply_to === null || row.reply_to === undefined ? null : String(row.reply_to),
  };
}

export class OutboxStore {
  constructor(private readonly db: Db) {}

  /** Records `message`; one whose id is already there is left as it was (a mail sent twice). */
  insert(
    message: Omit<OutboxMessage, "created_at" | "reply_to"> & { reply_to?: string | null },
    createdAt: number,
  ): void {
    this.db.transaction(() => {
      this.db.run(
        `INSERT INTO outbox (id, to_email, subject, text, html, confirmation_url, verify_url, created_at, reply_to)
         VALUES (:id, :to, :subject, :text, :html, :confirmation_url, :verify_url, :createdAt, :reply_to)
         ON CONFLICT (id) DO NOTHING`,
        { ...message, reply_to: message.reply_to ?? null, createdAt },
      );
      this.db.run(
        `DELETE FROM outbox WHERE id NOT IN
           (SELECT id FROM outbox ORDER BY created_at DESC, rowid DESC LIMIT :max)`,
        { max: MAX_MESSAGES },
      );
    });
  }

  /** The message `id`, if it is still kept. */
  get(id: string): OutboxMessage | undefined {
    const [row] = this.db.all("SELECT * FROM outbox WHERE id = :id", { id });
    return row ? toMessage(row) : undefined;
  }

  /** Messages newest first, optionally only those to one address (case-insensitive). */
  list(to?: string): OutboxMessage[] {
    const rows = to
      ? this.db.all(
          "SELECT * FROM outbox WHERE lower(to_email) = lower(:to) ORDER BY created_at DESC, rowid DESC",
          { to },
        )
      : this.db.all("SELECT * FROM outbox ORDER BY created_at DESC, rowid DESC");
    return rows.map(toMessage);
  }
}
