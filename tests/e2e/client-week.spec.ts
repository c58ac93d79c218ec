// A client's week on a phone, JavaScript on and off: Sprint 1 opened, its tasks' due days shown,
// two tasks ticked, every figure moving alike on every page and the staff console; and a client in
// New York, whose times are theirs once their browser sent its zone at sign-in.
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  javaScriptOn,
  open,
  signedInDevice,
  signInByPost,
  signInWithForm,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";
import { servers } from "../support/e2e/servers";

const server = servers.main;
const DAY = 86_400_000;

const shortDate = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(ms);

async function tick(page: Page, title: string) {
  const row = page.locator(`#task-${title}`);
  // The button reads "Done" as soon as it is pressed: the post's answer is what a reload may follow.
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await row.getByRole("button", { name: /^Mark Done/ }).click();
  await expect(row.getByRole("button", { name: /^Done/ })).toBeVisible();
  await answered;
}

test("a client's week: due days on Sprint 1, two ticks, and every figure moves alike", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("week");
  const clientId = await createUser(email);
  await signInByPost(page, email, { landing: "/dashboard" });
  await expect(page.getByText("Sprint 1's 5 days start when it is first opened")).toBeVisible();

  // Opening Sprint 1 starts its countdown: each task shows who does it and its due day.
  await open(page, `${server.appUrl}/dashboard/sprint-1`);
  const deadline = Date.parse((await page.getByRole("timer").getAttribute("data-ends-at")) ?? "");
  const startDay = Math.floor((deadline - 5 * DAY) / DAY) * DAY;
  const icp = page.locator("#task-icp-builder");
  await expect(icp).toContainText("Your task");
  await expect(icp).toContainText(`Due ${shortDate(startDay + 2 * DAY)}`);
  await expect(page.locator("#task-messaging-mastery")).toContainText(
    `Due ${shortDate(startDay + 3 * DAY)}`,
  );

  await tick(page, "icp-builder");
  await tick(page, "messaging-mastery");
  if (javaScriptOn()) await page.reload();
  await expect(page.getByRole("region", { name: "Tasks" })).toContainText("3 of 5 completed");
  await expect(page.getByText("83% Complete")).toBeVisible();
  await expect(page.getByText("Overall Progress 28%")).toBeAttached();

  await open(page, `${server.appUrl}/dashboard`);
  await expect(page.getByText(`Sprint 1 ends ${shortDate(deadline)}`)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Sprint 1 progress" })).toHaveAttribute(
    "aria-valuenow",
    "83",
  );

  // The agency's console shows the same figure for this client.
  const staffEmail = uniqueEmail("week-staff");
  await createUser(staffEmail, { staff: true });
  const staff = await signedInDevice(browser, staffEmail, {
    landing: `/staff/clients/${clientId}`,
  });
  await expect(staff.getByLabel("Overall progress (%)")).toHaveValue("28");
  await staff.context().close();
});

test("a client in New York sees their times in their zone once their browser sent it", async ({
  browser,
}) => {
  const email = uniqueEmail("new-york");
  await createUser(email);
  const { viewport, isMobile, hasTouch, javaScriptEnabled } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    javaScriptEnabled,
    timezoneId: "America/New_York",
    baseURL: server.appUrl,
  });
  const page = await context.newPage();
  await signInWithForm(page, email, undefined, server.appUrl);
  await page.waitForURL(/\/dashboard$/);
  await open(page, `${server.appUrl}/dashboard/sprint-1`);
  // The zone comes with the sign-in form's script; without JavaScript the page says UTC.
  const zone = javaScriptOn() ? "GMT-[45]" : "UTC";
  const moment = new RegExp(`, \\d\\d:\\d\\d ${zone}`);
  await expect(page.locator("#task-icp-builder")).toContainText(moment);
  await expect(page.getByText(/countdown to this sprint's deadline/)).toContainText(moment);
  await context.close();
});
