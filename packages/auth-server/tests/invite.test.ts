// POST /invite (supabase-js auth.admin.inviteUserByEmail) and accepting the invitation: the user and
// its mail, the link and code that sign in and confirm, re-invitations, admin-only access, sign-ups
// switched off, and hostile bodies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  decodePayload,
  latestMail,
  mailsTo,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

const SITE = "http://localhost:3000";
let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ GOTRUE_SITE_URL: SITE });
});
afterAll(() => ts.close());

/** Invites through supabase-js, as a service-role client does. */
function inviteByEmail(server: TestServer, email: string, options = {}) {
  return server.admin().auth.admin.inviteUserByEmail(email, options);
}

/** The invite mail's token_hash (the app's link) for an address. */
async function inviteToken(email: string): Promise<string> {
  const mail = await latestMail(ts, email);
  return new URL(mail.confirmation_url).searchParams.get("token_hash") ?? "";
}

describe("POST /invite", () => {
  it("creates the invited user and mails 'You have been invited' with the app's link", async () => {
    const email = uniqueEmail("invitee");
    const redirectTo = `${SITE}/dashboard`;
    const { data, error } = await inviteByEmail(ts, email.toUpperCase(), {
      data: { full_name: "Ada Lovelace", company: "Analytical" },
      redirectTo,
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      email,
      role: "authenticated",
      aud: "authenticated",
      invited_at: expect.any(String),
      confirmation_sent_at: expect.any(String),
      user_metadata: { full_name: "Ada Lovelace", company: "Analytical" },
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.identities).toHaveLength(1);
    expect(user.identities?.[0]?.identity_data).toMatchObject({ email, email_verified: false });

    const mails = await mailsTo(ts, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("You have been invited");
    expect(mail.text).toContain(
      `You have been invited to create a user on ${SITE}. Follow this link to accept the invite:`,
    );
    expect(mail.html).toContain("Accept the invite");
    const link = new URL(mail.confirmation_url);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/auth/confirm`);
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("next")).toBe(redirectTo);
    expect(link.searchParams.get("token_hash")).toMatch(/^[0-9a-f]{32}$/);
    const verify = new URL(mail.verify_url);
    expect(`${verify.origin}${verify.pathname}`).toBe(`${ts.url}/auth/v1/verify`);
    expect(verify.searchParams.get("type")).toBe("invite");
    expect(verify.searchParams.get("token")).toBe(link.searchParams.get("token_hash"));
    expect(verify.searchParams.get("redirect_to")).toBe(redirectTo);
    expect(mail.text).toMatch(/Or enter this code: \d{6}/);
  });

  it("says who sends an invitation whose data names the agency and the staff member, and what the portal is for", async () => {
    // A server of its own: these mails would spend the shared one's mail budget.
    const server = await startTestServer({ GOTRUE_SITE_URL: SITE });
    try {
      const email = uniqueEmail("from-agency");
      const data = { agency_name: "Northwind\nMedia", invited_by: "  Ada Lovelace " };
      const first = await inviteByEmail(server, email, { data });
      expect(first.data.user?.user_metadata).toEqual(data);
      const mail = await latestMail(server, email);
      expect(mail.subject).toBe(
        "Ada Lovelace at Northwind Media has invited you to your client portal",
      );
      expect(mail.text).toContain(
        "Your invitation from Northwind Media\n\n" +
          "Ada Lovelace at Northwind Media has invited you to the agency's client portal: the " +
          "place where you follow your programme, message the agency and hand in your work.\n\n" +
          "Follow this link to accept the invitation and choose your password:\n" +
          mail.confirmation_url,
      );
      expect(mail.html).toContain("<p>Ada Lovelace at Northwind Media has invited you");
      expect(mail.html).toContain(">Accept the invitation</a>");

      // Sent again (the metadata kept, as GoTrue keeps it), it still names them.
      server.clock.advance(61);
      await inviteByEmail(server, email, { data: { agency_name: "Other", invited_by: "Someone" } });
      expect((await latestMail(server, email)).subject).toBe(mail.subject);

      // Data that does not name both, as text, gets GoTrue's mail.
      for (const partial of [
        { agency_name: "Northwind Media" },
        { agency_name: 7, invited_by: "x" },
      ]) {
        const other = uniqueEmail("partial");
        await inviteByEmail(server, other, { data: partial });
        expect((await latestMail(server, other)).subject).toBe("You have been invited");
      }
    } finally {
      await server.close();
    }
  });

  it("answers raw HTTP with the user, and a redirect_to that is not allowed becomes the site", async () => {
    const email = uniqueEmail("raw");
    const res = await ts.raw("/invite?redirect_to=https://evil.example/x", {
      bearer: ts.server.serviceRoleKey,
      body: { email },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, user_metadata: {}, invited_at: expect.any(String) });
    const mail = await latestMail(ts, email);
    expect(new URL(mail.confirmation_url).searchParams.get("next")).toBe(SITE);
  });

  it("accepting through the link signs in (amr otp, as GoTrue's /verify) and confirms the user", async () => {
    const email = uniqueEmail("accept");
    await inviteByEmail(ts, email, { data: { full_name: "Grace Hopper" } });
    const client = ts.client();
    const { data, error } = await client.auth.verifyOtp({
      type: "invite",
      token_hash: await inviteToken(email),
    });
    expect(error).toBeNull();
    const claims = decodePayload(data.session!.access_token);
    expect(claims.amr).toEqual([{ method: "otp", timestamp: Math.floor(ts.clock.ms / 1000) }]);
    expect(claims.email).toBe(email);
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.user_metadata).toMatchObject({ full_name: "Grace Hopper" });

    // Signed in by the link, the invitee chooses a password and signs in with it from then on.
    const set = await client.auth.updateUser({ password: PASSWORD });
    expect(set.error).toBeNull();
    expect((await signIn(ts, email)).access_token).toEqual(expect.any(String));
  });

  it("accepting through GoTrue's /verify link, or the mailed code, works the same way", async () => {
    const byLink = uniqueEmail("link");
    await inviteByEmail(ts, byLink, { redirectTo: `${SITE}/welcome` });
    const click = await fetch((await latestMail(ts, byLink)).verify_url, { redirect: "manual" });
    expect(click.status).toBe(303);
    const location = new URL(String(click.headers.get("location")));
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/welcome`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("invite");
    const token = fragment.get("access_token") ?? "";
    expect((await ts.raw("/user", { bearer: token })).body.email_confirmed_at).toEqual(
      expect.any(String),
    );

    const byCode = uniqueEmail("code");
    await inviteByEmail(ts, byCode);
    const code = /Or enter this code: (\d{6})/.exec((await latestMail(ts, byCode)).text)?.[1];
    const verified = await ts.raw("/verify", {
      body: { type: "invite", email: byCode, token: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.access_token).toEqual(expect.any(String));
  });

  it("refuses a confirmed address with 422 email_exists and mails nothing", async () => {
    const email = uniqueEmail("member");
    await createConfirmedUser(ts, email);
    const { error } = await inviteByEmail(ts, email);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("email_exists");
    expect(error?.message).toBe("A user with this email address has already been registered");
    expect(await mailsTo(ts, email)).toEqual([]);

    // An accepted invitation makes the address a confirmed one too.
    const accepted = uniqueEmail("accepted");
    await inviteByEmail(ts, accepted);
    await ts.raw("/verify", { body: { type: "invite", token_hash: await inviteToken(accepted) } });
    ts.clock.advance(61);
    const again = await ts.raw("/invite", {
      bearer: ts.server.serviceRoleKey,
      body: { email: accepted },
    });
    expect([again.status, again.body.code]).toEqual([422, "email_exists"]);
    expect(await mailsTo(ts, accepted)).toHaveLength(1);
  });

  it("re-invites a pending invitee: 429 within the per-address gap, then a new link that voids the first", async () => {
    const email = uniqueEmail("pending");
    const first = await inviteByEmail(ts, email, { data: { full_name: "First" } });
    const firstToken = await inviteToken(email);

    ts.clock.advance(10);
    const tooSoon = await ts.raw("/invite", { bearer: ts.server.serviceRoleKey, body: { email } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({
      code: "over_email_send_rate_limit",
      message: "For security purposes, you can only request this after 50 seconds.",
    });
    expect(await mailsTo(ts, email)).toHaveLength(1);

    ts.clock.advance(51);
    const again = await inviteByEmail(ts, email, { data: { full_name: "Second" } });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
    // GoTrue keeps the invitee's metadata on a re-invitation.
    expect(again.data.user?.user_metadata).toMatchObject({ full_name: "First" });
    expect(again.data.user?.invited_at).not.toBe(first.data.user?.invited_at);
    expect(await mailsTo(ts, email)).toHaveLength(2);

    const stale = await ts.raw("/verify", { body: { type: "invite", token_hash: firstToken } });
    expect([stale.status, stale.body.code]).toEqual([403, "otp_expired"]);
    const fresh = await ts.raw("/verify", {
      body: { type: "invite", token_hash: await inviteToken(email) },
    });
    expect(fresh.status).toBe(200);
  });

  it("invites an unconfirmed sign-up, voiding the password it was signed up with", async () => {
    const email = uniqueEmail("squatted");
    const signedUp = await ts.raw<{ id: string }>("/signup", {
      body: { email, password: "someone-elses-42" },
    });
    ts.clock.advance(61);
    const invited = await inviteByEmail(ts, email);
    expect(invited.error).toBeNull();
    expect(invited.data.user?.id).toBe(signedUp.body.id);
    await ts.raw("/verify", { body: { type: "invite", token_hash: await inviteToken(email) } });
    const squatter = await ts.raw("/token?grant_type=password", {
      body: { email, password: "someone-elses-42" },
    });
    expect([squatter.status, squatter.body.code]).toEqual([400, "invalid_credentials"]);
  });

  it("replaces an unconfirmed sign-up's metadata with the invitation's (GoTrue keeps the sign-up's)", async () => {
    const email = uniqueEmail("stranger-data");
    await ts.raw("/signup", {
      body: { email, password: "someone-elses-42", data: { full_name: "A Stranger" } },
    });
    ts.clock.advance(61);
    const invited = await inviteByEmail(ts, email, { data: { company: "The Client Co" } });
    expect(invited.data.user?.user_metadata).toEqual({ company: "The Client Co" });
  });

  it("mails the invitation again, never a sign-up confirmation, when anyone asks a resend for an invited address (GoTrue's confirmation voids the invitation)", async () => {
    const email = uniqueEmail("resend-invited");
    await inviteByEmail(ts, email);
    ts.clock.advance(62);
    const resend = await ts.raw("/resend", { body: { type: "signup", email } });
    expect([resend.status, resend.body]).toEqual([200, {}]);
    const mails = await mailsTo(ts, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "You have been invited",
      "You have been invited",
    ]);
    const accepted = await ts.raw("/verify", {
      body: { type: "invite", token_hash: await inviteToken(email) },
    });
    expect(accepted.status).toBe(200);
  });

  it("answers a sign-up of an invited address like any sign-up, keeps no password of it, and mails the invitation again (GoTrue signs it up, voiding the invitation)", async () => {
    const email = uniqueEmail("signup-invited");
    const invited = await inviteByEmail(ts, email);
    ts.clock.advance(62);
    const signedUp = await ts.raw<{ id: string }>("/signup", {
      body: { email, password: "someone-elses-42" },
    });
    expect(signedUp.status).toBe(200);
    // The answer hides that the address exists: not the invitee's id.
    expect(signedUp.body.id).not.toBe(invited.data.user?.id);
    const mails = await mailsTo(ts, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "You have been invited",
      "You have been invited",
    ]);
    await ts.raw("/verify", { body: { type: "invite", token_hash: await inviteToken(email) } });
    const stranger = await ts.raw("/token?grant_type=password", {
      body: { email, password: "someone-elses-42" },
    });
    expect([stranger.status, stranger.body.code]).toEqual([400, "invalid_credentials"]);
  });

  it("spends the mail budgets like any other mail", async () => {
    const server = await startTestServer({
      GOTRUE_SITE_URL: SITE,
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "2/1h",
    });
    try {
      const email = uniqueEmail("budget");
      expect((await inviteByEmail(server, email)).error).toBeNull();
      expect((await inviteByEmail(server, email)).error).toBeNull();
      const over = await inviteByEmail(server, email);
      expect(over.error?.status).toBe(429);
      expect(over.error?.code).toBe("over_email_send_rate_limit");
      expect(over.error?.message).toBe("email rate limit exceeded");
    } finally {
      await server.close();
    }
  });

  it("is for admins only: no bearer 401, the anon key or a user's token 403, no API key 401", async () => {
    const email = uniqueEmail("nobody");
    const none = await ts.raw("/invite", { body: { email } });
    expect([none.status, none.body.code]).toEqual([401, "no_authorization"]);
    const anon = await ts.raw("/invite", { bearer: ts.server.anonKey, body: { email } });
    expect([anon.status, anon.body]).toEqual([
      403,
      { code: "not_admin", message: "User not allowed" },
    ]);
    const member = uniqueEmail("member");
    await createConfirmedUser(ts, member);
    const session = await signIn(ts, member);
    const asUser = await ts.raw("/invite", { bearer: session.access_token, body: { email } });
    expect([asUser.status, asUser.body.code]).toEqual([403, "not_admin"]);
    const { error } = await ts.client().auth.admin.inviteUserByEmail(email);
    expect(error?.status).toBe(403);
    const noKey = await ts.raw("/invite", { apikey: null, body: { email } });
    expect([noKey.status, noKey.body.message]).toEqual([401, "No API key found in request"]);
    expect(await mailsTo(ts, email)).toEqual([]);

    // Like the admin API, no page on any origin may read it.
    const cors = await fetch(`${ts.url}/auth/v1/invite`, {
      method: "OPTIONS",
      headers: { Origin: SITE, "Access-Control-Request-Method": "POST" },
    });
    expect(cors.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("still invites with sign-ups switched off (GOTRUE_DISABLE_SIGNUP)", async () => {
    const server = await startTestServer({ GOTRUE_SITE_URL: SITE, GOTRUE_DISABLE_SIGNUP: "true" });
    try {
      const email = uniqueEmail("closed");
      const signUp = await server.client().auth.signUp({ email, password: PASSWORD });
      expect(signUp.error?.code).toBe("signup_disabled");
      const { data, error } = await inviteByEmail(server, email);
      expect(error).toBeNull();
      expect(data.user?.invited_at).toEqual(expect.any(String));
      const mail = await latestMail(server, email);
      const accepted = await server.raw("/verify", {
        body: {
          type: "invite",
          token_hash: new URL(mail.confirmation_url).searchParams.get("token_hash"),
        },
      });
      expect(accepted.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("answers hostile bodies with 4xx, never 5xx", async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, "validation_failed"],
      [{ email: "not-an-address" }, 400, "validation_failed"],
      [{ email: `${"a".repeat(300)}@example.com` }, 400, "validation_failed"],
      [{ email: 42 }, 400, "bad_json"],
      [{ email: ["a@example.com"] }, 400, "bad_json"],
      [{ email: uniqueEmail(), data: "text" }, 400, "bad_json"],
      [{ email: uniqueEmail(), data: [1, 2] }, 400, "bad_json"],
      [{ email: uniqueEmail(), data: { blob: "x".repeat(20_000) } }, 400, "validation_failed"],
      [
        { email: uniqueEmail(), data: JSON.parse(`${'{"a":'.repeat(40)}1${"}".repeat(40)}`) },
        400,
        "validation_failed",
      ],
      ["[]", 400, "bad_json"],
      ["{", 400, "bad_json"],
      [`{"email":"${"x".repeat(1_100_000)}"}`, 413, "request_entity_too_large"],
    ];
    for (const [body, status, code] of cases) {
      const res = await ts.raw("/invite", { bearer: ts.server.serviceRoleKey, body });
      const label = String(JSON.stringify(body)).slice(0, 80);
      expect([res.status, res.body.code], label).toEqual([status, code]);
    }
    expect(ts.logs.filter((record) => record.event === "unexpected_failure")).toEqual([]);
  });
});
