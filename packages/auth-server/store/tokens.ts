// One-time tokens (hashes of mailed link tokens), their 6-digit codes (hashed, with a failure
// count) and PKCE flow states.
import type { Db, Row } from "./db";

/**
 * GoTrue's token columns: sign-up/invite, recovery/magic link, and an e-mail change's link to the
 * new address and (secure e-mail change) to the current one.
 */
export type OneTimeTokenType =
  "confirmation_token" | "recovery_token" | "email_change_token_new" | "email_change_token_current";

export interface OneTimeTokenRecord {
  id: string;
  userId: string;
  tokenType: OneTimeTokenType;
  tokenHash: string;
  relatesTo: string;
  createdAt: number;
}

export interface OneTimeCodeRecord {
  userId: string;
  tokenType: OneTimeTokenType;
  codeHash: string;
  failedAttempts: number;
  createdAt: number;
}

/** A user's token of one type and its code as they stood, to put back when a new mail is not sent. */
export interface TokenSnapshot {
  token: OneTimeTokenRecord | undefined;
  code: OneTimeCodeRecord | undefined;
}

export interface FlowStateRecord {
  id: string;
  userId: string;
  authCode: string;
  codeChallenge: string;
  codeChallengeMethod: "s256" | "plain";
  providerType: string;
  authenticationMethod: string;
  authCodeIssuedAt: number | null;
  createdAt: number;
}

function toOneTimeToken(row: Row): OneTimeTokenRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    tokenType: String(row.token_type) as OneTimeTokenType,
    tokenHash: String(row.token_hash),
    relatesTo: String(row.relates_to),
    createdAt: Number(row.created_at),
  };
}

function toFlowState(row: Row): FlowStateRecord {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    authCode: String(row.auth_code),
    codeChallenge: String(row.code_challenge),
    codeChallengeMethod: String(
      row.code_challenge_method,
    ) as FlowStateRecord["codeChallengeMethod"],
    providerType: String(row.provider_type),
    authenticationMethod: String(row.authentication_method),
    authCodeIssuedAt: row.auth_code_issued_at === null ? null : Number(row.auth_code_issued_at),
    createdAt: Number(row.created_at),
  };
}

export class TokenStore {
  constructor(private readonly db: Db) {}

  /** Stores a user's token of one type, replacing the previous one (only the newest link works). */
  putOneTimeToken(token: OneTimeTokenRecord): void {
    this.db.transaction(() => {
      this.deleteOneTimeToken(token.userId, token.tokenType);
      this.db.run(
        `INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at)
         VALUES (:id, :userId, :tokenType, :tokenHash, :relatesTo, :createdAt)`,
        { ...token },
      );
    });
  }

  findOneTimeToken(tokenHash: string, types: OneTimeTokenType[]): OneTimeTokenRecord | undefined {
    return this.db
      .all("SELECT * FROM one_time_tokens WHERE token_hash = :tokenHash", { tokenHash })
      .map(toOneTimeToken)
      .find((token) => types.includes(token.tokenType));
  }

  /** Spends a user's token of one type: its link and its code. */
  deleteOneTimeToken(userId: string, tokenType: OneTimeTokenType): void {
    this.db.run("DELETE FROM one_time_tokens WHERE user_id = :userId AND token_type = :tokenType", {
      userId,
      tokenType,
    });
    this.deleteCode(userId, tokenType);
  }

  /** Stores the code mailed with a token (after putOneTimeToken, which drops the previous code). */
  putCode(code: Omit<OneTimeCodeRecord, "failedAttempts">): void {
    this.db.run(
      `INSERT INTO one_time_codes (user_id, token_type, code_hash, failed_attempts, created_at)
       VALUES (:userId, :tokenType, :codeHash, 0, :createdAt)`,
      { ...code },
    );
  }

  codeFor(userId: string, tokenType: OneTimeTokenType): OneTimeCodeRecord | undefined {
    const row = this.db.get(
      "SELECT * FROM one_time_codes WHERE user_id = :userId AND token_type = :tokenType",
      { userId, tokenType },
    );
    return (
      row && {
        userId: String(row.user_id),
        tokenType: String(row.token_type) as OneTimeTokenType,
        codeHash: String(row.code_hash),
        failedAttempts: Number(row.failed_attempts),
        createdAt: Number(row.created_at),
      }
    );
  }

  snapshot(userId: string, tokenType: OneTimeTokenType): TokenSnapshot {
    const row = this.db.get(
      "SELECT * FROM one_time_tokens WHERE user_id = :userId AND token_type = :tokenType",
      { userId, tokenType },
    );
    return { token: row && toOneTimeToken(row), code: this.codeFor(userId, tokenType) };
  }

  /** Replaces the user's current token of that type with a snapshot taken before it. */
  restore(userId: string, tokenType: OneTimeTokenType, snapshot: TokenSnapshot): void {
    this.db.transaction(() => {
      this.deleteOneTimeToken(userId, tokenType);
      if (snapshot.token) this.putOneTimeToken(snapshot.token);
      if (snapshot.code) {
        this.db.run(
          `INSERT INTO one_time_codes (user_id, token_type, code_hash, failed_attempts, created_at)
           VALUES (:userId, :tokenType, :codeHash, :failedAttempts, :createdAt)`,
          { ...snapshot.code },
        );
      }
    });
  }

  /** Counts a wrong code; at `limit` failures the code is deleted (the mailed link stays valid). */
  recordWrongCode(userId: string, tokenType: OneTimeTokenType, limit: number): void {
    this.db.transaction(() => {
      this.db.run(
        `UPDATE one_time_codes SET failed_attempts = failed_attempts + 1
         WHERE user_id = :userId AND token_type = :tokenType`,
        { userId, tokenType },
      );
      const code = this.codeFor(userId, tokenType);
      if (code && code.failedAttempts >= limit) this.deleteCode(userId, tokenType);
    });
  }

  private deleteCode(userId: string, tokenType: OneTimeTokenType): void {
    this.db.run("DELETE FROM one_time_codes WHERE user_id = :userId AND token_type = :tokenType", {
      userId,
      tokenType,
    });
  }

  insertFlowState(flow: FlowStateRecord): void {
    this.db.run(
      `INSERT INTO flow_states (id, user_id, auth_code, code_challenge, code_challenge_method,
         provider_type, authentication_method, auth_code_issued_at, created_at)
       VALUES (:id, :userId, :authCode, :codeChallenge, :codeChallengeMethod,
         :providerType, :authenticationMethod, :authCodeIssuedAt, :createdAt)`,
      { ...flow },
    );
  }

  /** The user's newest flow state for an authentication method. */
  latestFlowState(userId: string, authenticationMethod: string): FlowStateRecord | undefined {
    const row = this.db.get(
      `SELECT * FROM flow_states WHERE user_id = :userId AND authentication_method = :authenticationMethod
       ORDER BY created_at DESC LIMIT 1`,
      { userId, authenticationMethod },
    );
    return row && toFlowState(row);
  }

  findFlowStateByCode(authCode: string): FlowStateRecord | undefined {
    const row = this.db.get("SELECT * FROM flow_states WHERE auth_code = :authCode", { authCode });
    return row && toFlowState(row);
  }

  markAuthCodeIssued(id: string, now: number): void {
    this.db.run("UPDATE flow_states SET auth_code_issued_at = :now WHERE id = :id", { id, now });
  }

  deleteFlowState(id: string): void {
    this.db.run("DELETE FROM flow_states WHERE id = :id", { id });
  }
}
