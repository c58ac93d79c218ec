// Each client's programme kept on the server, as clients use it, on SQLite and on PostgreSQL, with
// JavaScript on and off: a tick survives a reload and shows on the client's other device, another
// client sees nothing of it, every device counts down to the same deadline, and (JavaScript) a tick
// that cannot reach the server flips back with 'Connection Error'.
import type { Browser, Page } from "@playwright/test";
import {
  createUser,
  expect,
  javaScriptOn,
  PASSWORD,
  signInWithForm,
  test,
  uniqueEmail,
} from "./fixtures";
import { servers, type TestServer } from "./servers";

/** The client on another device (a new browser context), JavaScript on or off as asked. */
async function signedIn(
  browser: Browser,
  server: TestServer,
  email: string,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${server.appUrl}/sign-in`);
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
  return page;
}

const taskRow = (page: Page, title: string) =>
  page.getByRole("region", { name: "Tasks" }).getByRole("listitem").filter({ hasText: title });

/** With JavaScript, waits until the toggles are wired and the page's downloads are done. */
async function openSprint(
  page: Page,
  server: TestServer,
  sprint: number,
  javaScript = javaScriptOn(),
) {
  await page.goto(`${server.appUrl}/dashboard/sprint-${sprint}`);
  if (!javaScript) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
}

/** A new client, signed in through the form, on their Sprint 1 page: their e-mail. */
async function newClientOnSprintOne(page: Page, server: TestServer, label: string) {
  const email = uniqueEmail(label);
  await createUser(email, { server });
  await signInWithForm(page, email, undefined, server.appUrl);
  await page.waitForURL("**/dashboard");
  await openSprint(page, server, 1);
  return email;
}

for (const server of [servers.main, servers.postgres]) {
  test.describe(`a client's programme (${server.name === "main" ? "SQLite" : "PostgreSQL"})`, () => {
    test("a tick is kept: after a reload, on the client's other device, and nowhere else", async ({
      page,
      browser,
    }) => {
      const email = await newClientOnSprintOne(page, server, "programme");
      const region = page.getByRole("region", { name: "Tasks" });
      await expect(region).toContainText("1 of 5 completed");
      const button = taskRow(page, "ICP Builder").getByRole("button");
      if (javaScriptOn()) await button.dblclick();
      else await button.click();
      await expect(button).toHaveText("Done");
      await expect(region).toContainText("2 of 5 completed");
      await expect(page.getByRole("status").filter({ hasText: "Connection Error" })).toHaveCount(0);

      await page.reload();
      await expect(taskRow(page, "ICP Builder").getByRole("button")).toHaveText("Done");
      const deadline = await page.getByRole("timer").getAttribute("data-ends-at");
      expect(deadline).toBeTruthy();

      // The same client on another device, the other way round as to JavaScript.
      const other = await signedIn(browser, server, email, !javaScriptOn());
      await openSprint(other, server, 1, !javaScriptOn());
      await expect(taskRow(other, "ICP Builder").getByRole("button")).toHaveText("Done");
      await expect(other.getByRole("timer")).toHaveAttribute("data-ends-at", deadline as string);
      await other.goto(`${server.appUrl}/dashboard`);
      const card = other
        .getByRole("region", { name: "Sprint Overview" })
        .getByRole("listitem")
        .first();
      await expect(card).toContainText("2 of 5 tasks");
      await other.context().close();

      // Another client sees the spec's programme, untouched.
      const stranger = uniqueEmail("stranger");
      await createUser(stranger, { server });
      const theirs = await signedIn(browser, server, stranger, javaScriptOn());
      await openSprint(theirs, server, 1);
      await expect(taskRow(theirs, "ICP Builder").getByRole("button")).toHaveText("Mark Done");
      await expect(theirs.getByRole("region", { name: "Tasks" })).toContainText("1 of 5 completed");
      await theirs.context().close();
    });

    test("a tick flips at once, before the server has answered, and the answer keeps it", async ({
      page,
    }) => {
      test.skip(!javaScriptOn(), "without JavaScript the page changes with the server's answer");
      await newClientOnSprintOne(page, server, "optimistic");
      // The tick's post is held until the page has been checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${server.appUrl}/dashboard/sprint-1**`, async (route) => {
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
          return taskRow(page, "Messaging Mastery").getByRole("button").textContent();
        })
        .toContain("Done");
    });

    test("a tick that cannot reach the server flips back, with 'Connection Error'", async ({
      page,
    }) => {
      test.skip(!javaScriptOn(), "without JavaScript the browser shows its own offline page");
      await newClientOnSprintOne(page, server, "offline");
      await page.context().setOffline(true);
      const button = taskRow(page, "Pricing Strategist").getByRole("button");
      await button.click();
      await expect(page.getByRole("status").filter({ hasText: "Connection Error" })).toBeVisible();
      await expect(button).toHaveText("Mark Done");
      await page.context().setOffline(false);
      await page.reload();
      await expect(taskRow(page, "Pricing Strategist").getByRole("button")).toHaveText("Mark Done");
    });
  });
}
