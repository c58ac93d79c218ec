// A bad network as a phone client meets it: offline, a dropped request, a 502 or slow 3G keep the
// dialog, what was typed and the page with 'Connection Error' (sign-out and resend too), and a page
// that cannot load shows an offline notice with a retry, not the browser's error (decision 042).
import type { Page, Route } from "@playwright/test";
import {
  createUser,
  expect,
  fillAuthForm,
  open,
  PASSWORD,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";

const taskRow = (page: Page, title: string) =>
  page.getByRole("region", { name: "Tasks" }).getByRole("listitem").filter({ hasText: title });

const toast = (page: Page) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status");

/** Chrome's 'Slow 3G' preset for the rest of the test. */
async function slow3G(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 2000,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });
}

/** Signs in with the request answered by `fail`; checks that nothing typed is lost. */
async function signInThrough(page: Page, fail: (route: Route) => Promise<void>) {
  const email = uniqueEmail("network");
  await createUser(email);
  const dialog = await fillAuthForm(page, "sign-in", email, "a-wrong-password-1");
  await page.route(
    (url) => url.pathname.startsWith("/sign-in"),
    (route) => (route.request().method() === "POST" ? fail(route) : route.continue()),
  );
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page)).toContainText("Connection Error");
  await expect(toast(page)).toContainText(
    "Unable to connect to authentication service. Please try again.",
  );
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveValue("a-wrong-password-1");
  await expect(dialog.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await page.unroute((url) => url.pathname.startsWith("/sign-in"));
  return { dialog, email };
}

test.describe("a sign-in that reaches no server keeps the form", () => {
  test("offline", async ({ page }) => {
    const email = uniqueEmail("offline");
    await createUser(email);
    const dialog = await fillAuthForm(page, "sign-in", email, "a-wrong-password-1");
    await page.context().setOffline(true);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page)).toContainText("Connection Error");
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await page.context().setOffline(false);
    // Back online, the same form signs in.
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
  });

  test("an aborted request", async ({ page }) => {
    await signInThrough(page, (route) => route.abort("connectionreset"));
  });

  test("a proxy's 502", async ({ page }) => {
    await signInThrough(page, (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
    );
  });

  test("slow 3G: the button says it is working, then the dashboard opens", async ({ page }) => {
    const email = uniqueEmail("slow");
    await createUser(email);
    const dialog = await fillAuthForm(page, "sign-in", email, PASSWORD);
    await slow3G(page);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await page.waitForURL("**/dashboard", { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("slow 3G: 'Sign Out' says it is working until the landing page arrives", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await slow3G(page);
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page.getByRole("button", { name: "Processing..." }).first()).toBeDisabled();
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
});

test.describe("a post to a route without a page that reaches no server keeps the page", () => {
  test("offline: 'Sign Out' on the dashboard", async ({ page, signIn }) => {
    await signIn(page);
    const signOut = page.getByRole("button", { name: "Sign Out" }).first();
    await page.context().setOffline(true);
    await signOut.click();
    await expect(toast(page)).toContainText("Connection Error");
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome back/ })).toBeVisible();
    await expect(signOut).toBeEnabled();
    await page.context().setOffline(false);
    // Back online, the same button signs out.
    await signOut.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("offline: 'Send it again' in 'Check your inbox'", async ({ page }) => {
    const email = uniqueEmail("offline-inbox");
    await open(page, `/sign-up?inbox=${encodeURIComponent(email)}`);
    const inbox = page.getByRole("dialog", { name: "Check your inbox" });
    await page.context().setOffline(true);
    await inbox.getByRole("button", { name: "Send it again" }).click();
    await expect(toast(page)).toContainText("Connection Error");
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/sign-up\\?inbox=${encodeURIComponent(email)}$`));
    await expect(inbox).toContainText(`We've sent a confirmation link to ${email}.`);
    await expect(inbox.getByRole("button", { name: "Send it again" })).toBeEnabled();
  });
});

/** What the page's Remix router says it is doing (window.__remixRouter). */
interface RouterState {
  navigation: { state: string };
  revalidation: string;
}

test.describe("a page that cannot be loaded", () => {
  test("after a link to a page whose code is here: the app's offline notice, and 'Try again' loads it", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    // Sprint 1 once, so the sprint pages' code is in the browser; then back to the dashboard.
    await page.locator('main a[href="/dashboard/sprint-1"]').first().click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-1$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard drawn again (its data fetched), before the connection goes: the heading shows
    // at once from the page kept, so the wait is for the router to have nothing left loading.
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome back/ })).toBeVisible();
    await page.waitForFunction(() => {
      const { state } = (window as unknown as { __remixRouter: { state: RouterState } })
        .__remixRouter;
      return state.navigation.state === "idle" && state.revalidation === "idle";
    });
    await page.context().setOffline(true);
    await page.locator('main a[href="/dashboard/sprint-2"]').first().click();
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await expect(page.getByText("Check your connection, then try again.")).toBeVisible();
    await page.context().setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-2$/);
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test.describe("with the offline-page worker", () => {
    test.use({ serviceWorkers: "allow" });

    /** Signed in on the dashboard, with the worker in charge of the page's next loads. */
    async function signedInWithWorker(page: Page, signIn: (page: Page) => Promise<unknown>) {
      await signIn(page);
      await open(page, "/dashboard");
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    }

    async function expectOfflinePageThenRetry(page: Page, path: RegExp) {
      await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
      await page.context().setOffline(false);
      await page.getByRole("link", { name: "Try again" }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }

    test("a full page load offline shows the offline page; 'Try again' loads it", async ({
      page,
      signIn,
    }) => {
      await signedInWithWorker(page, signIn);
      await page.context().setOffline(true);
      await page.goto("/dashboard/account").catch(() => undefined);
      await expectOfflinePageThenRetry(page, /\/dashboard\/account$/);
    });

    test("a link to a page whose code is not here yet: the offline page, not the browser's", async ({
      page,
      signIn,
    }) => {
      await signedInWithWorker(page, signIn);
      await page.context().setOffline(true);
      // Without the page's code the router reloads the page it is on, which the worker answers.
      await page.locator('main a[href="/dashboard/sprint-2"]').first().click();
      await expectOfflinePageThenRetry(page, /\/dashboard$/);
    });
  });
});

test.describe("a tick on a slow or dropped connection", () => {
  test("a tick flips at once, before the server has answered, and the answer keeps it", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await open(page, "/dashboard/sprint-1");
    // The tick's post is held until the page has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/dashboard/sprint-1**", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const button = taskRow(page, "Messaging Mastery").getByRole("button");
    await button.click();
    await expect(button).toHaveText("Done");
    await expect(page.getByRole("region", { name: "Tasks" })).toContainText("2 of 5 completed");
    // Once the post goes through, a reload shows the tick as stored.
    release();
    await expect
      .poll(async () => {
        await page.reload();
        return (await taskRow(page, "Messaging Mastery").getByRole("button").textContent())?.trim();
      })
      // "Mark Done" until the stored tick shows.
      .toBe("Done");
  });

  test("a tick that cannot reach the server flips back, with 'Connection Error'", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await open(page, "/dashboard/sprint-1");
    await page.context().setOffline(true);
    const button = taskRow(page, "Pricing Strategist").getByRole("button");
    await button.click();
    // The work's pages say the connection was lost, not that the auth service was.
    const lost = page.getByRole("status").filter({ hasText: "Connection Error" });
    await expect(lost).toContainText("The connection was lost before the portal answered");
    await expect(button).toHaveText("Mark Done");
    await page.context().setOffline(false);
    await page.reload();
    await expect(taskRow(page, "Pricing Strategist").getByRole("button")).toHaveText("Mark Done");
  });
});

test.describe("a hand-in on a dropped connection", () => {
  test("keeps what was typed, and says the connection was lost", async ({ page, signIn }) => {
    await signIn(page);
    await open(page, "/dashboard/sprint-1/tasks/vsl-alchemist");
    const script = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n% vsl\n%%EOF\n", "latin1");
    await page
      .getByLabel("Files", { exact: true })
      .setInputFiles({ name: "vsl-script.pdf", mimeType: "application/pdf", buffer: script });
    await page.getByLabel("Link").fill("https://example.com/vsl-script");
    await page.getByLabel("Note").fill("Version one of the script, with the hook rewritten.");
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(
      page.getByText("The connection was lost before the portal answered").first(),
    ).toBeVisible();
    await expect(page.getByLabel("Link")).toHaveValue("https://example.com/vsl-script");
    await expect(page.getByLabel("Note")).toHaveValue(
      "Version one of the script, with the hook rewritten.",
    );
    await page.context().setOffline(false);
    // Sent again once the connection is back, it is handed in.
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("list", { name: "Versions handed in" })).toContainText(
      "vsl-script.pdf",
    );
  });
});
