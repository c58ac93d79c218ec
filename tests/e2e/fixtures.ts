// Shared end-to-end helpers: unique test users made through the auth server's admin API, the
// outbox, signing in through the real form, and the `signIn` fixture.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { classConflicts } from "./class-conflicts";
import { DEMO_SERVICE_ROLE_KEY, servers, type TestServer } from "./servers";

export { expect };

export const PASSWORD = "Portal-Test-2026!";

export function uniqueEmail(label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${Date.now()}-${random}@example.com`;
}

/** Creates a user through the admin API (confirmed unless told otherwise). */
export async function createUser(
  email: string,
  { server = servers.main, confirmed = true }: { server?: TestServer; confirmed?: boolean } = {},
) {
  const response = await fetch(`${server.authUrl}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: confirmed }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

interface OutboxMessage {
  to: string;
  subject: string;
  confirmation_url: string;
  verify_url: string;
}

/** Every mail sent to `email` so far, newest first. */
export async function mailsTo(
  email: string,
  server: TestServer = servers.main,
): Promise<OutboxMessage[]> {
  const response = await fetch(`${server.authUrl}/outbox/messages?to=${encodeURIComponent(email)}`);
  return (await response.json()) as OutboxMessage[];
}

/** The newest mail sent to `email`, waiting for it to arrive. */
export async function latestMail(
  email: string,
  server: TestServer = servers.main,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(email, server))[0];
      return found;
    })
    .toBeTruthy();
  return found as OutboxMessage;
}

/**
 * Navigates and, when JavaScript runs, waits until React has hydrated the page, including a lazy
 * island the page shows (the auth dialog, the phone sheet): its chunk is fetched during hydration,
 * so the network going quiet means it has arrived.
 */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  if (javaScriptOn()) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
  }
  return response;
}

/**
 * Runs the page's CSS animations (a toast's 4-second lifetime among them) at a twentieth of their
 * speed, across its navigations, until the returned function puts them back: a test can look at a
 * toast for as long as it takes, however busy the machine, and then let it go.
 */
export async function slowAnimations(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Animation.enable");
  await cdp.send("Animation.setPlaybackRate", { playbackRate: 0.05 });
  return async () => {
    await cdp.send("Animation.setPlaybackRate", { playbackRate: 1 });
    await cdp.detach();
  };
}

/** Whether the running project has JavaScript enabled. */
export function javaScriptOn(): boolean {
  return base.info().project.use.javaScriptEnabled !== false;
}

/** No serious or critical axe violation (JavaScript projects only: axe hangs without it). */
export async function expectAccessible(page: Page) {
  if (!javaScriptOn()) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  const severe = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    );
  expect(severe).toEqual([]);
}

/** Opens the auth dialog in `mode` and fills the form (works with JavaScript on or off). */
export async function fillAuthForm(
  page: Page,
  mode: "sign-in" | "sign-up",
  email: string,
  password: string,
  baseUrl = "",
) {
  await open(page, `${baseUrl}/${mode}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  return dialog;
}

export async function signInWithForm(page: Page, email: string, password = PASSWORD, baseUrl = "") {
  const dialog = await fillAuthForm(page, "sign-in", email, password, baseUrl);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

export const test = base.extend<{
  signIn: (page: Page) => Promise<{ email: string }>;
  /** Automatic: the page each test ends on has no conflicting Tailwind classes. */
  conflictFreeClasses: void;
}>({
  conflictFreeClasses: [
    async ({ page }, use) => {
      await use();
      if (!page.isClosed() && page.url().startsWith("http")) {
        expect(await classConflicts(page)).toEqual([]);
      }
    },
    { auto: true },
  ],
  signIn: async ({}, use) => {
    await use(async (page) => {
      const email = uniqueEmail("client");
      await createUser(email);
      await signInWithForm(page, email);
      await page.waitForURL("**/dashboard");
      return { email };
    });
  },
});
