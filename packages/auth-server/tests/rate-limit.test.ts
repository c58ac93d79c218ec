// Rate limits: per-client token buckets (burst 30) keyed on the header or socket, global mail budget.
import { describe, expect, it } from "vitest";
import { mailsTo, PASSWORD, startTestServer, uniqueEmail } from "./helpers";

const refreshAttempt = { body: { refresh_token: "abcdefghijkl" } };

describe("per-client buckets", () => {
  it("allows a burst of 30 token calls, then 429 over_request_rate_limit, refilled over time", async () => {
    // 60 per 5 minutes = one token every 5 s.
    const ts = await startTestServer({
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "60",
      GOTRUE_RATE_LIMIT_OTP: "60",
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await ts.raw("/token?grant_type=refresh_token", refreshAttempt)).status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
      const limited = await ts.raw("/token?grant_type=password", { body: {} });
      expect(limited.body).toEqual({
        code: "over_request_rate_limit",
        message: "Request rate limit reached",
      });

      ts.clock.advance(5);
      expect((await ts.raw("/token?grant_type=refresh_token", refreshAttempt)).status).toBe(400);
      expect((await ts.raw("/token?grant_type=refresh_token", refreshAttempt)).status).toBe(429);
      // Other endpoints have their own buckets.
      expect(
        (await ts.raw("/signup", { body: { email: uniqueEmail(), password: PASSWORD } })).status,
      ).toBe(200);
    } finally {
      await ts.close();
    }
  });

  it("keys on GOTRUE_RATE_LIMIT_HEADER (first value) when set", async () => {
    const ts = await startTestServer({
      GOTRUE_RATE_LIMIT_HEADER: "X-Forwarded-For",
      GOTRUE_RATE_LIMIT_VERIFY: "1/1h",
    });
    try {
      const verify = (ip: string) =>
        ts.raw("/verify", {
          body: { type: "email", token_hash: "nope" },
          headers: { "X-Forwarded-For": ip },
        });
      for (let i = 0; i < 30; i++) expect((await verify("203.0.113.7, 10.0.0.1")).status).toBe(403);
      expect((await verify("203.0.113.7")).status).toBe(429);
      expect((await verify("198.51.100.9")).status).toBe(403);
    } finally {
      await ts.close();
    }
  });

  it("0 switches a limiter off", async () => {
    const ts = await startTestServer({ GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "0" });
    try {
      for (let i = 0; i < 40; i++) {
        expect((await ts.raw("/token?grant_type=refresh_token", refreshAttempt)).status).toBe(400);
      }
    } finally {
      await ts.close();
    }
  });
});

describe("mail limits", () => {
  it("GOTRUE_RATE_LIMIT_EMAIL_SENT caps mails per period with 'email rate limit exceeded'", async () => {
    const ts = await startTestServer({ GOTRUE_RATE_LIMIT_EMAIL_SENT: "2/1h" });
    try {
      const signUp = (email: string) => ts.raw("/signup", { body: { email, password: PASSWORD } });
      expect((await signUp(uniqueEmail())).status).toBe(200);
      expect((await signUp(uniqueEmail())).status).toBe(200);
      // A sign-up answers 200 even when the budget holds its mail back (a 429 would tell who had
      // an account); the operator's log says why, and the recovery endpoint still answers GoTrue's.
      const third = uniqueEmail();
      expect((await signUp(third)).status).toBe(200);
      expect(await mailsTo(ts, third)).toEqual([]);
      expect(ts.logs.filter((record) => record.event === "mail_held_back").pop()).toMatchObject({
        subject: "Confirm Your Signup",
        reason: "email rate limit exceeded",
      });
      const over = await ts.raw("/recover", { body: { email: third } });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({
        code: "over_email_send_rate_limit",
        message: "email rate limit exceeded",
      });
      // The account was kept, with no link: once the budget refills it signs up again and is mailed.
      ts.clock.advance(1800);
      expect((await signUp(third)).status).toBe(200);
      expect(await mailsTo(ts, third)).toHaveLength(1);
      const admin = await ts.admin().auth.admin.listUsers();
      expect(admin.data.users.filter((u) => u.email === third)).toHaveLength(1);
    } finally {
      await ts.close();
    }
  });

  it("GOTRUE_SMTP_MAX_FREQUENCY sets the per-address gap", async () => {
    const ts = await startTestServer({ GOTRUE_SMTP_MAX_FREQUENCY: "5s" });
    try {
      const email = uniqueEmail();
      await ts.raw("/signup", { body: { email, password: PASSWORD } });
      const soon = await ts.raw("/signup", { body: { email, password: PASSWORD } });
      expect(soon.status).toBe(200);
      expect(await mailsTo(ts, email)).toHaveLength(1);
      expect(ts.logs.filter((record) => record.event === "mail_held_back").pop()?.reason).toBe(
        "For security purposes, you can only request this after 5 seconds.",
      );
      ts.clock.advance(5);
      expect((await ts.raw("/signup", { body: { email, password: PASSWORD } })).status).toBe(200);
      expect(await mailsTo(ts, email)).toHaveLength(2);
    } finally {
      await ts.close();
    }
  });
});
