// Shared end-to-end helpers: unique test users made through the auth server's admin API, the
// outbox, signing in (through the real form where the form is what is tested, by posting its action
// everywhere else), and the `signIn` fixture.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page, type Request } from "@playwright/test";
import { LIVE_PATH } from "../../../app/lib/paths";
import { PROJECTS } from "../../e2e/matrix";
import { classConflicts } from "./class-conflicts";
import { DEMO_SERVICE_ROLE_KEY, servers, type TestServer } from "./servers";

export { expect };

export const PASSWORD = "Portal-Test-2026!";

export function uniqueEmail(label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${Date.now()}-${random}@example.com`;
}

/** Creates a user through the admin API (a confirmed client unless told otherwise); their id. */
export async function createUser(
  email: string,
  {
    server = servers.main,
    confirmed = true,
    staff = false,
  }: { server?: TestServer; confirmed?: boolean; staff?: boolean } = {},
) {
  const response = await fetch(`${server.authUrl}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: confirmed,
      ...(staff ? { app_metadata: { role: "staff" } } : {}),
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
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

/** How long the network stays quiet before a page counts as loaded (Playwright's networkidle). */
const QUIET_MS = 500;

/**
 * Resolves once `pending` (a page's requests in flight, the signed-in tab's live stream aside: it
 * stays open as long as the page, so Playwright's own networkidle never comes) has been empty for
 * QUIET_MS.
 */
async function networkQuiet(pending: Set<unknown>) {
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (pending.size > 0) quietSince = Date.now();
  }
}

/**
 * Navigates and, when JavaScript runs, waits until React has hydrated the page, including a lazy
 * island the page shows (the auth dialog, the phone sheet): its chunk is fetched during hydration,
 * so the network going quiet means it has arrived.
 */
export async function open(page: Page, url: string, javaScript = javaScriptOn()) {
  const pending = new Set<unknown>();
  const started = (request: Request) => {
    if (!request.url().includes(LIVE_PATH)) pending.add(request);
  };
  const ended = (request: Request) => pending.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const response = await page.goto(url);
    if (javaScript) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await networkQuiet(pending);
    }
    return response;
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
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

/** What axe checks: WCAG 2.x A and AA, and its best practices (landmarks, headings, regions). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * The page as it stands, where axe can run: the page itself with JavaScript on. Without JavaScript
 * axe cannot run in it, so its HTML as the browser has it, scripts removed, is served at the same
 * address to a page with JavaScript (for axe alone) of the same size, so styles and layout match;
 * reduced motion, so that nothing is caught halfway through the animation it would replay.
 */
async function axePage(page: Page): Promise<{ target: Page; done: () => Promise<void> }> {
  if (javaScriptOn()) return { target: page, done: async () => {} };
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const { viewport, isMobile, hasTouch } = base.info().project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    javaScriptEnabled: true,
    reducedMotion: "reduce",
  });
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  // Requests carry no fragment: the page's address without its own (e.g. `/#get-started`).
  const served = new URL(page.url());
  served.hash = "";
  await context.route(
    (address) => address.href === served.href,
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }),
  );
  const target = await context.newPage();
  await target.goto(page.url());
  // The copy's toast starts its 4-second life again and fades at its end; a slow check would judge
  // its contrast mid-fade. It is checked as it is read: whole.
  await target.addStyleTag({ content: ".toast-lifetime { animation: none !important; }" });
  return { target, done: () => context.close() };
}

/**
 * Controls on a page shown without JavaScript that need it to do anything: a button that submits no
 * form (`type="button"`, or outside any form), a link without an address, an element made a control
 * by its role or tabindex (a <summary> excepted: the browser opens its <details> by itself).
 */
function scriptOnlyControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("button, a, [role=button], [role=link], [tabindex]")]
      .filter((control) => {
        if (control instanceof HTMLButtonElement) {
          return !control.disabled && (control.type === "button" || !control.form);
        }
        if (control instanceof HTMLAnchorElement) return !control.hasAttribute("href");
        return control.tagName !== "SUMMARY" && control.getAttribute("tabindex") !== "-1";
      })
      .map((control) => control.outerHTML.slice(0, 160)),
  );
}

/**
 * No axe violation of any impact, WCAG or best practice, with JavaScript on and off; without
 * JavaScript, no control that needs it.
 */
export async function expectAccessible(page: Page) {
  const { target, done } = await axePage(page);
  const { violations } = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze();
  const scriptOnly = javaScriptOn() ? [] : await scriptOnlyControls(target);
  await done();
  expect(scriptOnly, "controls that do nothing without JavaScript").toEqual([]);
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target).join(", ")}`,
  );
  expect(found).toEqual([]);
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

/**
 * Signs the page's browser context in by posting the sign-in form's action, as the form does
 * (the context keeps the session cookies), then opens `landing`. For tests whose subject is not
 * the sign-in form, which the auth specs drive.
 */
export async function signInByPost(
  page: Page,
  email: string,
  {
    server = servers.main,
    landing = "/dashboard",
    password = PASSWORD,
    javaScript = javaScriptOn(),
  }: { server?: TestServer; landing?: string; password?: string; javaScript?: boolean } = {},
) {
  const response = await page.request.post(`${server.appUrl}/sign-in`, {
    form: { email, password },
    headers: { Origin: server.appUrl },
    maxRedirects: 0,
  });
  expect(response.status(), "the sign-in post's answer").toBe(302);
  await open(page, `${server.appUrl}${landing}`, javaScript);
}

/**
 * The client on another device: a new browser context (JavaScript on or off as asked, the
 * project's setting by default) signed in as `email`, on `landing`.
 */
export async function signedInDevice(
  browser: Browser,
  email: string,
  {
    server = servers.main,
    landing = "/dashboard",
    password = PASSWORD,
    javaScriptEnabled = javaScriptOn(),
    phone = false,
  }: {
    server?: TestServer;
    landing?: string;
    password?: string;
    javaScriptEnabled?: boolean;
    /** A phone's screen and touch, as the phone projects have them. */
    phone?: boolean;
  } = {},
) {
  const device = phone ? PROJECTS["js-phone"] : {};
  const context = await browser.newContext({
    ...device,
    javaScriptEnabled,
    baseURL: server.appUrl,
  });
  const page = await context.newPage();
  await signInByPost(page, email, { server, landing, password, javaScript: javaScriptEnabled });
  return page;
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
      await signInByPost(page, email);
      return { email };
    });
  },
});
