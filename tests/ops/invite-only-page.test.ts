// An invitation-only portal as a visitor's browser receives it from the production build (the
// auth service started with GOTRUE_DISABLE_SIGNUP): the sign-in dialog alone, saying how to get
// in, no way to sign up, and a sign-up post answered with sign-in, the address kept and a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  postForm,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const INVITATION_ONLY =
  "New to the portal? It is by invitation: your account manager sends you one, and its link lets you choose your password.";

let auth: RunningProcess;
let app: RunningProcess;

beforeAll(async () => {
  auth = await startAuthProcess(freePort(), { env: { GOTRUE_DISABLE_SIGNUP: "true" } });
  app = await startAppProcess(freePort(), auth.url);
});

afterAll(async () => {
  await app?.stop();
  await auth?.stop();
});

describe("an invitation-only portal's pages", () => {
  it("shows the sign-in dialog alone, saying how to get an invitation", async () => {
    const page = await fetch(`${app.url}/sign-in`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(INVITATION_ONLY);
    expect(html).toContain(">Sign In</button>");
    expect(html).not.toContain("Create an account");
    expect(html).not.toContain('href="/sign-up');
    // The landing page's own way in opens the same dialog.
    expect(await (await fetch(`${app.url}/`)).text()).not.toContain('href="/sign-up');
  });

  it("sends /sign-up to sign-in, and a sign-up post there with the address kept and a message", async () => {
    const visit = await fetch(`${app.url}/sign-up`, { redirect: "manual" });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toBe("/sign-in");
    const email = `closed-${Date.now()}@example.com`;
    const post = await postForm(app, "/sign-up", { email, password: "Closed-Portal-2026!" });
    expect(post.status).toBe(302);
    const location = post.headers.get("Location") ?? "";
    expect(location).toBe(`/sign-in?${new URLSearchParams({ email })}`);
    const cookie = post.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const page = await fetch(`${app.url}${location}`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Sign-ups Closed");
    expect(html).toContain("This portal is by invitation only.");
    expect(html).toContain(`value="${email}"`);
  });
});
