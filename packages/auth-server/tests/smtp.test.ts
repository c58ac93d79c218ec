// SMTP delivery: mails reach a real SMTP server (text and HTML, GoTrue's From and login) and their
// link confirms; a refused mail answers 500 like GoTrue and leaves nothing pending, but a sign-up's
// leaves after its answer: logged, undone, the account kept for a resend (decisions 014, 017).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher, type MailCatcher } from "./smtp-mail";
import {
  createConfirmedUser,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let smtp: MailCatcher;
let ts: TestServer;

beforeAll(async () => {
  smtp = await startMailCatcher();
  ts = await startTestServer({
    GOTRUE_SMTP_HOST: "127.0.0.1",
    GOTRUE_SMTP_PORT: String(smtp.port),
    GOTRUE_SMTP_USER: "mailer",
    GOTRUE_SMTP_PASS: "mail-secret",
    GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@agency.example",
    GOTRUE_SMTP_SENDER_NAME: "Agency Portal",
    // With SMTP the outbox is off by default; this test reads its copy of each mail.
    GOTRUE_OUTBOX_ENABLED: "true",
    // Every test mails from the same loopback client: its hourly budget is not what is tested here.
    AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
  });
});
afterAll(async () => {
  await ts?.close();
  await smtp?.close();
});

function deliveredTo(email: string) {
  return smtp.messages.filter((message) =>
    message.to && !Array.isArray(message.to) ? message.to.text === email : false,
  );
}

/** Makes one request while the SMTP server refuses every recipient. */
async function whileRefusing<T>(request: () => Promise<T>): Promise<T> {
  smtp.refuse = true;
  try {
    return await request();
  } finally {
    smtp.refuse = false;
  }
}

/** Mail that leaves after the answer (sign-up, resend): waits until `check` holds. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** A sign-up made while the SMTP server refuses: answered first, refused and undone after. */
async function refusedSignUp(email: string) {
  const failures = () => ts.logs.filter((record) => record.event === "mail_send_failed").length;
  const before = failures();
  smtp.refuse = true;
  try {
    const res = await ts.raw("/signup", { body: { email, password: PASSWORD } });
    await eventually(() => expect(failures()).toBe(before + 1));
    return res;
  } finally {
    smtp.refuse = false;
  }
}

describe("with GOTRUE_SMTP_HOST set", () => {
  it("delivers the confirmation mail, whose link confirms the user", async () => {
    const email = uniqueEmail("smtp");
    const { error } = await ts.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();

    await eventually(() => expect(deliveredTo(email)).toHaveLength(1));
    const [mail, ...more] = deliveredTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Confirm Your Signup");
    expect(mail?.from?.value).toEqual([
      { name: "Agency Portal", address: "no-reply@agency.example" },
    ]);
    expect(smtp.logins).toContainEqual({ username: "mailer", password: "mail-secret" });
    expect(mail?.html).toContain("Confirm your mail");
    // With real delivery the log line names the mail but holds no live link nor the full address.
    const redacted = `${email[0]}***${email.slice(email.indexOf("@"))}`;
    const logged = ts.logs.find((record) => record.event === "mail_sent" && record.to === redacted);
    expect(logged).toBeDefined();
    expect(logged?.link).toBeUndefined();
    // The outbox keeps a copy of what was sent.
    const outbox = await ts.raw<{ text: string }[]>(
      `//outbox/messages?to=${encodeURIComponent(email)}`,
      { apikey: null },
    );
    expect(outbox.body[0]?.text).toBe(mail?.text?.trim());

    const link = mail?.text?.match(/^http\S+\/auth\/v1\/verify\?\S+$/m)?.[0];
    expect(link).toBeDefined();
    const notYet = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(notYet.error?.code).toBe("email_not_confirmed");
    const followed = await fetch(link!, { redirect: "manual" });
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toContain("access_token=");
    const signedIn = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.email_confirmed_at).toBeTruthy();
  });

  it("answers a sign-up whose mail is refused like any (its answer must not tell), then waits for a resend", async () => {
    const email = uniqueEmail("refused");
    const refused = await refusedSignUp(email);
    expect(refused.status).toBe(200);
    expect(deliveredTo(email)).toEqual([]);
    // The account stays with no pending link: sign-in says why, and a resend mails at once.
    const signIn = await ts.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error?.code).toBe("email_not_confirmed");
    const user = await ts.admin().auth.admin.getUserById(refused.body.id as string);
    expect(user.data.user?.confirmation_sent_at).toBeUndefined();
    expect((await ts.raw("/resend", { body: { type: "signup", email } })).status).toBe(200);
    await eventually(() => expect(deliveredTo(email)).toHaveLength(1));
  });

  it("brings back the earlier link when a repeated sign-up's mail is refused", async () => {
    const email = uniqueEmail("resend");
    const first = await ts.raw<{ id: string; confirmation_sent_at: string }>("/signup", {
      body: { email, password: PASSWORD },
    });
    await eventually(() => expect(deliveredTo(email)).toHaveLength(1));
    const firstLink = deliveredTo(email)[0]?.text?.match(/^http\S+\/auth\/v1\/verify\?\S+$/m)?.[0];
    ts.clock.advance(61);
    expect((await refusedSignUp(email)).status).toBe(200);
    // The mail that never left changed nothing: same send time, and the first link confirms.
    const user = await ts.admin().auth.admin.getUserById(first.body.id);
    expect(user.data.user?.confirmation_sent_at).toBe(first.body.confirmation_sent_at);
    const followed = await fetch(firstLink!, { redirect: "manual" });
    expect(followed.headers.get("location")).toContain("access_token=");
  });
});

describe("an e-mail change whose mail is refused", () => {
  it("answers 500 'Error sending change email' and leaves no pending change", async () => {
    const email = uniqueEmail("stays");
    await createConfirmedUser(ts, email);
    const { access_token } = await signIn(ts, email);
    const newEmail = uniqueEmail("never");
    const refused = await whileRefusing(() =>
      ts.raw("/user", {
        method: "PUT",
        bearer: access_token,
        body: { email: newEmail },
      }),
    );
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ message: "Error sending change email" });
    const user = await ts.raw("/user", { bearer: access_token });
    expect(user.body.email).toBe(email);
    expect(user.body).not.toHaveProperty("new_email");
    expect(user.body).not.toHaveProperty("email_change_sent_at");
    // Nothing was sent, so no gap applies: asking again works at once, and mails both addresses.
    const again = await ts.raw("/user", {
      method: "PUT",
      bearer: access_token,
      body: { email: newEmail },
    });
    expect(again.status).toBe(200);
    expect(deliveredTo(newEmail)).toHaveLength(1);
    expect(deliveredTo(email).map((mail) => mail.subject)).toEqual(["Confirm Email Change"]);
  });
});

describe("a magic link (POST /otp) whose mail is refused", () => {
  // /otp delivers before answering, as GoTrue does: a refusal is its 500.
  it("answers 500 'Error sending magic link email' and the earlier magic link still signs in", async () => {
    const email = uniqueEmail("magic");
    await createConfirmedUser(ts, email);
    await ts.raw("/otp", { body: { email } });
    const earlier = deliveredTo(email)[0]?.text?.match(/^http\S+\/auth\/v1\/verify\?\S+$/m)?.[0];
    ts.clock.advance(61);
    const refused = await whileRefusing(() => ts.raw("/otp", { body: { email } }));
    expect(refused.status).toBe(500);
    expect(refused.body).toEqual({
      code: "unexpected_failure",
      message: "Error sending magic link email",
    });
    const followed = await fetch(earlier!, { redirect: "manual" });
    expect(followed.headers.get("location")).toContain("access_token=");
  });

  it("signs no unknown address up", async () => {
    const email = uniqueEmail("magic-new");
    const refused = await whileRefusing(() => ts.raw("/otp", { body: { email } }));
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ message: "Error sending confirmation email" });
    const after = await ts.raw("/otp", { body: { email, create_user: false } });
    expect(after.body).toMatchObject({ code: "otp_disabled" });
  });
});

describe("an invitation (POST /invite) whose mail is refused", () => {
  const invite = (email: string) =>
    ts.raw<{ id: string; invited_at: string }>("/invite", {
      bearer: ts.server.serviceRoleKey,
      body: { email },
    });

  it("answers 500 'Error sending invite email' and leaves no invitee behind", async () => {
    const email = uniqueEmail("invite-new");
    const refused = await whileRefusing(() => invite(email));
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({
      code: "unexpected_failure",
      message: "Error sending invite email",
    });
    const admin = await ts.admin().auth.admin.listUsers();
    expect(admin.data.users.map((user) => user.email)).not.toContain(email);
    expect((await invite(email)).status).toBe(200);
    expect(deliveredTo(email)[0]?.subject).toBe("You have been invited");
  });

  it("keeps the earlier invitation's link and time when a re-invitation's mail is refused", async () => {
    const email = uniqueEmail("invite-again");
    const first = await invite(email);
    const firstLink = deliveredTo(email)[0]?.text?.match(/^http\S+\/auth\/v1\/verify\?\S+$/m)?.[0];
    ts.clock.advance(61);
    expect((await whileRefusing(() => invite(email))).status).toBe(500);
    const user = await ts.admin().auth.admin.getUserById(first.body.id);
    expect(user.data.user?.invited_at).toBe(first.body.invited_at);
    const followed = await fetch(firstLink!, { redirect: "manual" });
    expect(followed.headers.get("location")).toContain("access_token=");
  });
});

describe("STARTTLS", () => {
  it("upgrades when the server offers it and refuses a certificate it cannot verify", async () => {
    const tlsSmtp = await startMailCatcher({ starttls: true });
    const server = await startTestServer({
      GOTRUE_SMTP_HOST: "127.0.0.1",
      GOTRUE_SMTP_PORT: String(tlsSmtp.port),
      GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@agency.example",
    });
    try {
      const res = await server.raw("/signup", {
        body: { email: uniqueEmail("tls"), password: PASSWORD },
      });
      expect(res.status).toBe(200);
      await eventually(() => {
        const failure = server.logs.find((record) => record.event === "mail_send_failed");
        expect(String(failure?.error)).toMatch(/certificate/i);
      });
      expect(tlsSmtp.messages).toEqual([]);
    } finally {
      await server.close();
      await tlsSmtp.close();
    }
  });
});
