// Sessions and their refresh-token families (rotation parents, revocation).
import type { Db, Row } from "./db";

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionRecord {
  id: string;
  userId: string;
  aal: string;
  amr: AmrEntry[];
  createdAt: number;
  updatedAt: number;
  refreshedAt: number | null;
}

export interface RefreshTokenRecord {
  id: number;
  token: string;
  userId: string;
  sessionId: string;
  parent: string | null;
  revoked: boolean;
  createdAt: number;
  updatedAt: number;
}

function toSession(row: Row): SessionRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    aal: String(row.aal),
    amr: JSON.parse(String(row.amr)) as AmrEntry[],
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    refreshedAt: row.refreshed_at === null ? null : Number(row.refreshed_at),
  };
}

function toRefreshToken(row: Row): RefreshTokenRecord {
  return {
    id: Number(row.id),
    token: String(row.token),
    userId: String(row.user_id),
    sessionId: String(row.session_id),
    parent: row.parent === null ? null : String(row.parent),
    revoked: Number(row.revoked) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export class SessionStore {
  constructor(private readonly db: Db) {}

  insert(session: SessionRecord): void {
    this.db.run(
      `INSERT INTO sessions (id, user_id, aal, amr, created_at, updated_at, refreshed_at)
       VALUES (:id, :userId, :aal, :amr, :createdAt, :updatedAt, :refreshedAt)`,
      { ...session, amr: JSON.stringify(session.amr) },
    );
  }

  find(id: string): SessionRecord | undefined {
    const row = this.db.get("SELECT * FROM sessions WHERE id = :id", { id });
    return row && toSession(row);
  }

  markRefreshed(id: string, now: number): void {
    this.db.run("UPDATE sessions SET refreshed_at = :now, updated_at = :now WHERE id = :id", {
      id,
      now,
    });
  }

  /** Deletes one session and its refresh tokens. */
  delete(id: string): void {
    this.db.transaction(() => {
      this.db.run("DELETE FROM refresh_tokens WHERE session_id = :id", { id });
      this.db.run("DELETE FROM sessions WHERE id = :id", { id });
    });
  }

  /** Deletes every session of a user, optionally keeping one. */
  deleteForUser(userId: string, keepSessionId?: string): void {
    const sessions = this.db.all("SELECT id FROM sessions WHERE user_id = :userId", { userId });
    for (const row of sessions) {
      if (row.id !== keepSessionId) this.delete(String(row.id));
    }
  }

  insertRefreshToken(token: Omit<RefreshTokenRecord, "id" | "revoked">): RefreshTokenRecord {
    this.db.run(
      `INSERT INTO refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
       VALUES (:token, :userId, :sessionId, :parent, 0, :createdAt, :updatedAt)`,
      token,
    );
    const created = this.findRefreshToken(token.token);
    if (!created) throw new Error("refresh token insert failed");
    return created;
  }

  findRefreshToken(token: string): RefreshTokenRecord | undefined {
    const row = this.db.get("SELECT * FROM refresh_tokens WHERE token = :token", { token });
    return row && toRefreshToken(row);
  }

  revokeRefreshToken(id: number, now: number): void {
    this.db.run("UPDATE refresh_tokens SET revoked = 1, updated_at = :now WHERE id = :id", {
      id,
      now,
    });
  }

  /** The newest unrevoked token of a session (GoTrue's FindCurrentlyActiveRefreshToken). */
  activeRefreshToken(sessionId: string): RefreshTokenRecord | undefined {
    const row = this.db.get(
      "SELECT * FROM refresh_tokens WHERE session_id = :sessionId AND revoked = 0 ORDER BY id DESC LIMIT 1",
      { sessionId },
    );
    return row && toRefreshToken(row);
  }
}
