// Each client's programme on the server, on SQLite and PostgreSQL, JavaScript on and off: a tick
// survives a reload and shows on the client's other device, not to another client; every device
// counts to one deadline; an agency's own programme file on every page.
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  javaScriptOn,
  open,
  signedInDevice,
  signInByPost,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";
import { servers, type TestServer } from "../support/e2e/servers";

const taskRow = (page: Page, title: string) =>
  page.getByRole("region", { name: "Tasks" }).getByRole("listitem").filter({ hasText: title });

/** A new client, signed in, on their Sprint 1 page: their e-mail. */
async function newClientOnSprintOne(page: Page, server: TestServer, label: string) {
  const email = uniqueEmail(label);
  await createUser(email, { server });
  await signInByPost(page, email, { server, landing: "/dashboard/sprint-1" });
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
      // Each toggle is named with its task; its text stays 'Mark Done' / 'Done'.
      const toggles = region.getByRole("button");
      for (const [index, [title, text]] of [
        ["Offer Alchemy", "Done"],
        ["ICP Builder", "Mark Done"],
        ["Messaging Mastery", "Mark Done"],
        ["Pricing Strategist", "Mark Done"],
        ["VSL Alchemist", "Mark Done"],
      ].entries()) {
        await expect(toggles.nth(index)).toHaveAccessibleName(
          text === "Done" ? `Done: ${title} (press to mark it not done)` : `Mark Done: ${title}`,
        );
        await expect(toggles.nth(index)).toHaveText(text as string);
      }
      const button = taskRow(page, "ICP Builder").getByRole("button");
      // With JavaScript the tick shows before its post is answered: the reload waits for the answer.
      const saved = javaScriptOn()
        ? page.waitForResponse(
            (response) =>
              response.request().method() === "POST" &&
              new URL(response.url()).pathname.startsWith("/dashboard/sprint-1"),
          )
        : undefined;
      if (javaScriptOn()) await button.dblclick();
      else await button.click();
      await expect(button).toHaveText("Done");
      await expect(button).toHaveAccessibleName("Done: ICP Builder (press to mark it not done)");
      await expect(region).toContainText("2 of 5 completed");
      await expect(page.getByRole("status").filter({ hasText: "Connection Error" })).toHaveCount(0);
      await saved;

      await page.reload();
      await expect(taskRow(page, "ICP Builder").getByRole("button")).toHaveText("Done");
      // The figures that describe the work moved with it: the sprint's and the overall one.
      await expect(page.getByText("74% Complete")).toBeVisible();
      await expect(page.getByText("Overall Progress 27%")).toBeAttached();
      // Marking it not done says so, with a way back in the toast.
      await taskRow(page, "ICP Builder").getByRole("button").click();
      await expect(page.getByText("65% Complete")).toBeVisible();
      const toasts = page.getByRole("region", { name: "Notifications" });
      await expect(toasts).toContainText("ICP Builder is no longer done.");
      // The toast lasts 4 seconds: its button is pressed as soon as it shows.
      await toasts.getByRole("button", { name: "Undo" }).click();
      await expect(taskRow(page, "ICP Builder").getByRole("button")).toHaveText("Done");
      await expect(page.getByText("74% Complete")).toBeVisible();
      const deadline = await page.getByRole("timer").getAttribute("data-ends-at");
      expect(deadline).toBeTruthy();

      // The same client on another device, the other way round as to JavaScript.
      const other = await signedInDevice(browser, email, {
        server,
        landing: "/dashboard/sprint-1",
        javaScriptEnabled: !javaScriptOn(),
      });
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
      const theirs = await signedInDevice(browser, stranger, {
        server,
        landing: "/dashboard/sprint-1",
      });
      await expect(taskRow(theirs, "ICP Builder").getByRole("button")).toHaveText("Mark Done");
      await expect(theirs.getByRole("region", { name: "Tasks" })).toContainText("1 of 5 completed");
      await theirs.context().close();
    });
  });
}

test("an agency's own programme (PROGRAMME_FILE): its sprints on every page, and a task's tool link opening in a new tab", async ({
  page,
}) => {
  const server = servers.autoconfirm;
  const email = uniqueEmail("agency");
  await createUser(email, { server });
  await signInByPost(page, email, { server });
  const cards = page.getByRole("region", { name: "Sprint Overview" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("Discovery");
  await expect(cards.first()).toContainText("1 of 2 tasks");
  await expect(page.getByText("Overall Progress 10%")).toBeAttached();
  await open(page, `${server.appUrl}/dashboard/sprint-1`);
  const tasks = page.getByRole("region", { name: "Tasks" }).getByRole("listitem");
  const link = tasks
    .filter({ hasText: "Intake form" })
    .getByRole("link", { name: "Tool for Intake form (opens in a new tab)" });
  await expect(tasks.filter({ hasText: "Intake form" }).getByRole("link")).toHaveCount(2);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(link).toHaveAttribute("href", "https://forms.agency.example/intake");
  await expect(tasks.filter({ hasText: "Kick-off call" }).getByRole("link")).toHaveCount(1);
  await open(page, `${server.appUrl}/dashboard/sprint-2`);
  await expect(
    page.getByRole("heading", { level: 2, name: "Build Awaits Discovery" }),
  ).toBeVisible();
});
