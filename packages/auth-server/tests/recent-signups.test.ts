// What a sign-up or a "send the confirmation again" tells a stranger about an address: nothing. A
// repeated sign-up of an unconfirmed address answers like a first one, whether its mail went out
// or a limit held it back, and /resend of a sign-up answers the same for every address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  mailsTo,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type RawResponse,
  type TestServer,
} from "./helpers";

type Answer = RawResponse;

const signUp = (ts: TestServer, email: string, password = PASSWORD) =>
  ts.raw("/signup", { body: { email, password, data: { plan: "pro" } } });

/** What a first sign-up's answer is made of: its status, its keys and its identity's keys. */
function shape(answer: Answer) {
  const identities = answer.body.identities as Record<string, unknown>[] | undefined;
  return {
    status: answer.status,
    keys: Object.keys(answer.body).sort(),
    identities: identities?.map((identity) => Object.keys(identity).sort()),
  };
}

/** The fields that would date an account, or tell a mail was held back. */
function times(answer: Answer) {
  const [identity] = answer.body.identities as Record<string, unknown>[];
  return {
    confirmation_sent_at: answer.body.confirmation_sent_at,
    created_at: answer.body.created_at,
    updated_at: answer.body.updated_at,
    identity_created_at: identity?.created_at,
    identity_updated_at: identity?.updated_at,
  };
}

describe("a repeated sign-up of an unconfirmed address", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it("within the 60 s gap answers exactly like a first sign-up, so no one learns the address signed up in the last minute", async () => {
    const email = uniqueEmail("recent");
    const first = await signUp(ts, email, "attacker-password-1");
    const firstLink = new URL((await mailsTo(ts, email))[0]!.confirmation_url);
    ts.clock.advance(5);
    const repeated = await signUp(ts, email);
    const fresh = await signUp(ts, uniqueEmail("fresh"));

    expect(shape(repeated)).toEqual(shape(first));
    expect(shape(repeated)).toEqual(shape(fresh));
    expect(times(repeated)).toEqual(times(fresh));
    expect(repeated.body.role).toBe(fresh.body.role);
    expect(repeated.body.app_metadata).toEqual(fresh.body.app_metadata);
    // Held back by the gap: no second mail, and the first one's link no longer confirms anything.
    expect(await mailsTo(ts, email)).toHaveLength(1);
    const stale = await ts.raw("/verify", {
      body: { type: "email", token_hash: firstLink.searchParams.get("token_hash") },
    });
    expect(stale.status).toBe(403);
  });

  it("does not date the account or show its history (created_at, a recovery mail)", async () => {
    const email = uniqueEmail("old");
    await signUp(ts, email);
    expect((await ts.raw("/recover", { body: { email } })).status).toBe(200);
    ts.clock.advance(2 * 3600);
    const repeated = await signUp(ts, email);
    const fresh = await signUp(ts, uniqueEmail("fresh"));
    expect(shape(repeated)).toEqual(shape(fresh));
    expect(times(repeated)).toEqual(times(fresh));
    expect(repeated.body).not.toHaveProperty("recovery_sent_at");
  });
});

describe("mail limits never show in a sign-up's answer", () => {
  it("an address whose hourly mail budget is spent answers like a new one (200, no mail)", async () => {
    const ts = await startTestServer({
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "1",
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
    });
    try {
      const email = uniqueEmail("budget");
      await signUp(ts, email);
      const held = await signUp(ts, email);
      const fresh = await signUp(ts, uniqueEmail("fresh"));
      expect(shape(held)).toEqual(shape(fresh));
      expect(times(held)).toEqual(times(fresh));
      expect(await mailsTo(ts, email)).toHaveLength(1);
    } finally {
      await ts.close();
    }
  });

  it("a client that spent its own mail budget cannot tell new, unconfirmed and confirmed addresses apart", async () => {
    const ts = await startTestServer({ AUTH_RATE_LIMIT_EMAIL_PER_IP: "1" });
    try {
      const confirmed = uniqueEmail("confirmed");
      await createConfirmedUser(ts, confirmed);
      const unconfirmed = uniqueEmail("unconfirmed");
      await signUp(ts, unconfirmed);
      ts.clock.advance(61);
      const statuses = await Promise.all(
        [confirmed, unconfirmed, uniqueEmail("new")].map(
          async (email) => (await signUp(ts, email)).status,
        ),
      );
      expect(statuses).toEqual([200, 200, 200]);
      // The budget still holds: only the first sign-up's mail went out.
      expect(await mailsTo(ts, unconfirmed)).toHaveLength(1);
    } finally {
      await ts.close();
    }
  });
});

describe("POST /resend type signup", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  const resend = (email: string) => ts.raw("/resend", { body: { type: "signup", email } });
  const answer = (res: Answer) => ({ status: res.status, body: res.body });

  it("answers the same within the gap, after it, and for unknown or confirmed addresses; mails only when allowed", async () => {
    const email = uniqueEmail("pending");
    await signUp(ts, email);
    const confirmed = uniqueEmail("confirmed");
    await createConfirmedUser(ts, confirmed);

    const withinGap = await resend(email);
    const unknown = await resend(uniqueEmail("unknown"));
    const alreadyConfirmed = await resend(confirmed);
    ts.clock.advance(61);
    const afterGap = await resend(email);

    expect(answer(withinGap)).toEqual({ status: 200, body: {} });
    for (const other of [unknown, alreadyConfirmed, afterGap]) {
      expect(answer(other)).toEqual(answer(withinGap));
    }
    expect(await mailsTo(ts, email)).toHaveLength(2);
    expect(await mailsTo(ts, confirmed)).toHaveLength(0);
  });
});
