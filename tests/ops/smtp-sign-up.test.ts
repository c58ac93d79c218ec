// A client signs up through the portal (app and auth server as processes, SMTP configured with
// GoTrue's variables), the confirmation mail arrives on a real SMTP server, and its link confirms the
// account and signs the client in.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startMailCatcher, type MailCatcher } from "@portal/auth-server/tests/smtp-mail";
import {
  freePort,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Ops-Test-2026!";
let smtp: MailCatcher;
let auth: RunningProcess;
let app: RunningProcess;

beforeAll(async () => {
  smtp = await startMailCatcher();
  const appPort = freePort();
  auth = await startAuthProcess(freePort(), {
    env: {
      GOTRUE_SITE_URL: `http://127.0.0.1:${appPort}`,
      GOTRUE_SMTP_HOST: "127.0.0.1",
      GOTRUE_SMTP_PORT: String(smtp.port),
      GOTRUE_SMTP_ADMIN_EMAIL: "no-reply@agency.example",
      GOTRUE_SMTP_SENDER_NAME: "Agency Portal",
    },
  });
  app = await startAppProcess(appPort, auth.url);
});
afterAll(async () => {
  await app?.stop();
  await auth?.stop();
  await smtp?.close();
});

describe("sign-up with SMTP configured", () => {
  it("delivers the confirmation mail, whose link signs the new client in", async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const signUp = await fetch(`${app.url}/sign-up`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(302);

    // The auth server hands a sign-up's mail to SMTP just after answering (its answer must take as
    // long whether or not a mail goes out), so the mail may land a moment after the redirect.
    const mail = await vi.waitFor(
      () => {
        const found = smtp.messages.find(
          (message) => message.to && !Array.isArray(message.to) && message.to.text === email,
        );
        if (!found) throw new Error(`no mail for ${email} yet`);
        return found;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(mail?.subject).toBe("Confirm Your Signup");
    const link = mail?.text?.match(/^http\S+\/auth\/confirm\?\S+$/m)?.[0];
    expect(link?.startsWith(`${app.url}/auth/confirm?token_hash=`)).toBe(true);

    // The link shows a page; its button posts back to the same address, which signs the client in.
    const page = await fetch(link!, { redirect: "manual" });
    expect(page.status).toBe(200);
    // Posted from the browser that signed up: it holds the sign-up's proof cookie.
    const signUpCookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const confirmed = await fetch(link!, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: signUpCookie,
      },
      body: "",
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/dashboard");
    const cookie = confirmed.headers
      .getSetCookie()
      .filter((line) => !/max-age=0/i.test(line))
      .map((line) => line.split(";")[0])
      .join("; ");
    const dashboard = await fetch(`${app.url}/dashboard`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
  });
});
