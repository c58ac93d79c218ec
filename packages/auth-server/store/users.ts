// Users and identities: rows in, typed records out.
import type { Db, Row } from "./db";

export type Metadata = Record<string, unknown>;

export interface UserRecord {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encryptedPassword: string | null;
  emailConfirmedAt: number | null;
  invitedAt: number | null;
  confirmationSentAt: number | null;
  recoverySentAt: number | null;
  /** The address a pending e-mail change goes to (confirmed from that address), or null. */
  emailChange: string | null;
  emailChangeSentAt: number | null;
  lastSignInAt: number | null;
  appMetadata: Metadata;
  userMetadata: Metadata;
  bannedUntil: number | null;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface IdentityRecord {
  id: string;
  providerId: string;
  userId: string;
  provider: string;
  identityData: Metadata;
  email: string | null;
  lastSignInAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const USER_COLUMNS: Record<keyof UserRecord, string> = {
  id: "id",
  aud: "aud",
  role: "role",
  email: "email",
  encryptedPassword: "encrypted_password",
  emailConfirmedAt: "email_confirmed_at",
  invitedAt: "invited_at",
  confirmationSentAt: "confirmation_sent_at",
  recoverySentAt: "recovery_sent_at",
  emailChange: "email_change",
  emailChangeSentAt: "email_change_sent_at",
  lastSignInAt: "last_sign_in_at",
  appMetadata: "app_metadata",
  userMetadata: "user_metadata",
  bannedUntil: "banned_until",
  deletedAt: "deleted_at",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

const JSON_FIELDS = new Set(["appMetadata", "userMetadata", "identityData"]);

/** Converts a record field to its column value (objects become JSON text). */
function toColumn(key: string, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (JSON_FIELDS.has(key)) return JSON.stringify(value);
  return value as string | number;
}

function fromRow<T>(row: Row, columns: Record<string, string>): T {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = row[column];
    record[key] = JSON_FIELDS.has(key) && typeof value === "string" ? JSON.parse(value) : value;
  }
  return record as T;
}

/** INSERT for every column of a record. */
function insertRow(db: Db, table: string, columns: Record<string, string>, record: object): void {
  const entries = Object.entries(columns);
  const params = Object.fromEntries(
    entries.map(([key]) => [key, toColumn(key, (record as Record<string, unknown>)[key])]),
  );
  db.run(
    `INSERT INTO ${table} (${entries.map(([, column]) => column).join(", ")})
     VALUES (${entries.map(([key]) => `:${key}`).join(", ")})`,
    params,
  );
}

const IDENTITY_COLUMNS: Record<keyof IdentityRecord, string> = {
  id: "id",
  providerId: "provider_id",
  userId: "user_id",
  provider: "provider",
  identityData: "identity_data",
  email: "email",
  lastSignInAt: "last_sign_in_at",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

export class UserStore {
  constructor(private readonly db: Db) {}

  findById(id: string): UserRecord | undefined {
    const row = this.db.get("SELECT * FROM users WHERE id = :id", { id });
    return row && fromRow<UserRecord>(row, USER_COLUMNS);
  }

  /** Looks an address up case-insensitively (addresses are stored lowercased). */
  findByEmail(email: string): UserRecord | undefined {
    const row = this.db.get("SELECT * FROM users WHERE email = :email", {
      email: email.toLowerCase(),
    });
    return row && fromRow<UserRecord>(row, USER_COLUMNS);
  }

  /** The user whose pending e-mail change goes to `email`. */
  findByPendingEmail(email: string): UserRecord | undefined {
    const row = this.db.get("SELECT * FROM users WHERE email_change = :email", {
      email: email.toLowerCase(),
    });
    return row && fromRow<UserRecord>(row, USER_COLUMNS);
  }

  insert(user: UserRecord): void {
    insertRow(this.db, "users", USER_COLUMNS, user);
  }

  /** Updates the given fields and returns the fresh record. */
  update(id: string, patch: Partial<Omit<UserRecord, "id">>): UserRecord {
    const keys = Object.keys(patch) as (keyof typeof patch)[];
    if (keys.length > 0) {
      const params = Object.fromEntries(keys.map((key) => [key, toColumn(key, patch[key])]));
      this.db.run(
        `UPDATE users SET ${keys.map((key) => `${USER_COLUMNS[key]} = :${key}`).join(", ")} WHERE id = :id`,
        { ...params, id },
      );
    }
    const user = this.findById(id);
    if (!user) throw new Error(`user ${id} vanished during update`);
    return user;
  }

  /** Deletes a user and everything that belongs to them. */
  delete(id: string): void {
    this.db.transaction(() => {
      for (const table of [
        "identities",
        "sessions",
        "refresh_tokens",
        "one_time_tokens",
        "one_time_codes",
        "flow_states",
      ]) {
        this.db.run(`DELETE FROM ${table} WHERE user_id = :id`, { id });
      }
      this.db.run("DELETE FROM users WHERE id = :id", { id });
    });
  }

  /**
   * One page of users, newest first, plus the total count; with a filter, only the users it matches
   * (GoTrue's FindUsersInAudience): `email LIKE %filter%` or user_metadata.full_name
   * `ILIKE %filter%`, the filter's own `%`, `_` and `\` keeping their LIKE meaning. PostgreSQL's
   * LIKE on the e-mail is case-sensitive: as addresses are stored in lower case, a filter with an
   * upper-case letter matches no address (SQLite's LIKE would fold it, so that case is spelt out).
   */
  list(page: number, perPage: number, filter = ""): { users: UserRecord[]; total: number } {
    const where = filter
      ? `WHERE ((:emailCanMatch = 1 AND email LIKE :pattern ESCAPE '\\')
           OR json_extract(user_metadata, '$.full_name') LIKE :pattern ESCAPE '\\')`
      : "";
    const params = filter
      ? { pattern: `%${filter}%`, emailCanMatch: /[A-Z]/.test(filter) ? 0 : 1 }
      : {};
    const rows = this.db.all(
      `SELECT * FROM users ${where} ORDER BY created_at DESC, id LIMIT :limit OFFSET :offset`,
      { ...params, limit: perPage, offset: (page - 1) * perPage },
    );
    const total = Number(this.db.get(`SELECT COUNT(*) AS n FROM users ${where}`, params)?.n ?? 0);
    return { users: rows.map((row) => fromRow<UserRecord>(row, USER_COLUMNS)), total };
  }

  identities(userId: string): IdentityRecord[] {
    return this.identitiesOf([userId]).get(userId) ?? [];
  }

  /** The identities of each of `userIds` (a page of a listing), in one query. */
  identitiesOf(userIds: string[]): Map<string, IdentityRecord[]> {
    const byUser = new Map(userIds.map((id) => [id, [] as IdentityRecord[]]));
    const rows = this.db.all(
      `SELECT * FROM identities WHERE user_id IN (SELECT value FROM json_each(:ids))
       ORDER BY created_at`,
      { ids: JSON.stringify(userIds) },
    );
    for (const row of rows) {
      const identity = fromRow<IdentityRecord>(row, IDENTITY_COLUMNS);
      byUser.get(identity.userId)?.push(identity);
    }
    return byUser;
  }

  insertIdentity(identity: IdentityRecord): void {
    insertRow(this.db, "identities", IDENTITY_COLUMNS, identity);
  }

  /** Merges `data` into the identity_data of the user's identity for `provider`. */
  updateIdentity(
    userId: string,
    provider: string,
    data: Metadata,
    extra: { email?: string; lastSignInAt?: number; updatedAt: number },
  ): void {
    for (const identity of this.identities(userId).filter((i) => i.provider === provider)) {
      this.db.run(
        `UPDATE identities SET identity_data = :data, email = :email,
           last_sign_in_at = :lastSignInAt, updated_at = :updatedAt WHERE id = :id`,
        {
          id: identity.id,
          data: JSON.stringify({ ...identity.identityData, ...data }),
          email: extra.email ?? identity.email,
          lastSignInAt: extra.lastSignInAt ?? identity.lastSignInAt,
          updatedAt: extra.updatedAt,
        },
      );
    }
  }

  deleteIdentities(userId: string): void {
    this.db.run("DELETE FROM identities WHERE user_id = :userId", { userId });
  }
}
