// Sessions: creating one (session row + first refresh token) and building GoTrue's token response.
import { randomInt, randomUUID } from "node:crypto";
import type { App } from "../app";
import { signAccessToken } from "../keys/jwt";
import type { SessionRecord } from "../store/sessions";
import type { UserRecord } from "../store/users";
import { userJson, type UserJson } from "./user-json";

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password?: { message: string; reasons: string[] };
}

const REFRESH_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const REFRESH_TOKEN_LENGTH = 12;

/**
 * A new refresh token in GoTrue's legacy format: 12 characters of [a-z0-9] (short: it lives in a
 * cookie). Collisions are astronomically rare, but cheap to rule out.
 */
export function uniqueRefreshToken(app: App): string {
  for (;;) {
    let token = "";
    for (let i = 0; i < REFRESH_TOKEN_LENGTH; i++) {
      token += REFRESH_ALPHABET[randomInt(REFRESH_ALPHABET.length)];
    }
    if (!app.store.sessions.findRefreshToken(token)) return token;
  }
}

export const seconds = (ms: number) => Math.floor(ms / 1000);

/** Starts a session for `user` (amr = how it was created) and returns the token response. */
export async function issueSession(
  app: App,
  user: UserRecord,
  method: string,
): Promise<TokenResponse> {
  const now = app.now();
  const session: SessionRecord = {
    id: randomUUID(),
    userId: user.id,
    aal: "aal1",
    amr: [{ method, timestamp: seconds(now) }],
    createdAt: now,
    updatedAt: now,
    refreshedAt: null,
  };
  const { refreshToken, signedIn } = app.store.db.transaction(() => {
    app.store.sessions.insert(session);
    const token = app.store.sessions.insertRefreshToken({
      token: uniqueRefreshToken(app),
      userId: user.id,
      sessionId: session.id,
      parent: null,
      createdAt: now,
      updatedAt: now,
    });
    app.store.users.updateIdentity(user.id, "email", {}, { lastSignInAt: now, updatedAt: now });
    return {
      refreshToken: token.token,
      signedIn: app.store.users.update(user.id, { lastSignInAt: now, updatedAt: now }),
    };
  });
  return tokenResponse(app, signedIn, session, refreshToken);
}

/** Signs a fresh access token for the session and wraps it in GoTrue's response shape. */
export async function tokenResponse(
  app: App,
  user: UserRecord,
  session: SessionRecord,
  refreshToken: string,
): Promise<TokenResponse> {
  const iat = seconds(app.now());
  const exp = iat + app.config.jwtExp;
  const accessToken = await signAccessToken(app.keyring, {
    iss: app.issuer,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email ?? "",
    phone: "",
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: user.role,
    aal: session.aal,
    amr: [...session.amr].sort((a, b) => b.timestamp - a.timestamp),
    session_id: session.id,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: app.config.jwtExp,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(app, user),
  };
}
