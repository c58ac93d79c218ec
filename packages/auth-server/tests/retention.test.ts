// Retention: the scheduled clean-up deletes revoked refresh tokens, idle sessions, expired one-time
// tokens and flow states and old outbox mails, by the server's (here fake) clock, and nothing younger.
import type { LogRecord } from "../index";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createConfirmedUser,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

const HOUR = 3600;
const DAY = 24 * HOUR;
let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({
    AUTH_RETENTION_INTERVAL: "1s",
    AUTH_RETENTION_REVOKED_TOKENS: "24h",
    AUTH_RETENTION_IDLE_SESSIONS: `${3 * DAY}`,
    AUTH_RETENTION_OUTBOX: `${7 * DAY}`,
  });
});
afterAll(() => ts?.close());

const refresh = (token: string) =>
  ts.raw<{ refresh_token: string; code?: string }>("/token?grant_type=refresh_token", {
    body: { refresh_token: token },
  });

/** Waits for the next clean-up pass that deleted something, and returns what it deleted. */
async function nextPrune(): Promise<LogRecord> {
  const seen = ts.logs.length;
  return vi.waitFor(
    () => {
      const record = ts.logs.slice(seen).find((r) => r.event === "retention_pruned");
      if (!record) throw new Error("no clean-up pass deleted anything yet");
      return record;
    },
    { timeout: 5000, interval: 50 },
  );
}

describe("scheduled clean-up", () => {
  it("prunes by age and keeps what is still usable", async () => {
    const email = uniqueEmail("kept");
    await createConfirmedUser(ts, email);
    const { refresh_token: first } = await signIn(ts, email);
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);

    const pending = uniqueEmail("pending");
    const signup = await ts.raw("/signup", {
      body: {
        email: pending,
        password: PASSWORD,
        code_challenge: "a".repeat(43),
        code_challenge_method: "s256",
      },
    });
    expect(signup.status).toBe(200);

    // A day later: the revoked token, the mailed token (GOTRUE_MAILER_OTP_EXP, a day) and the
    // PKCE flow state (five minutes) have expired; the session and the mail are kept.
    ts.clock.advance(DAY + HOUR);
    expect(await nextPrune()).toEqual(
      expect.objectContaining({
        revoked_refresh_tokens: 1,
        expired_one_time_tokens: 1,
        expired_flow_states: 1,
      }),
    );
    expect((await refresh(first)).body.code).toBe("refresh_token_not_found");
    const current = await refresh(rotated.body.refresh_token);
    expect(current.status).toBe(200);

    // A week on: the session has been idle for more than three days and the mail is older than
    // the outbox keeps.
    ts.clock.advance(7 * DAY + HOUR);
    const pruned = await nextPrune();
    expect(pruned).toMatchObject({ idle_sessions: 1, old_outbox_mails: 1 });
    expect(pruned).not.toHaveProperty("expired_flow_states");
    expect((await refresh(current.body.refresh_token)).body.code).toBe("refresh_token_not_found");
    const outbox = await ts.raw<unknown[]>(`//outbox/messages?to=${encodeURIComponent(pending)}`, {
      apikey: null,
    });
    expect(outbox.body).toEqual([]);
    // The user accounts themselves are never pruned.
    expect((await signIn(ts, email)).access_token).toBeTruthy();
  });
});
