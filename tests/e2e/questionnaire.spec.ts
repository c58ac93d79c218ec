// A task's form as a client and staff use it: half filled on a phone without JavaScript and saved,
// finished on a desktop with it and submitted, changes asked for and made, approved and downloaded;
// and a network that drops while the client types, which loses nothing.
import { readFile } from "node:fs/promises";
import {
  createUser,
  expect,
  expectAccessible,
  signedInDevice,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";

const TASK = "/dashboard/sprint-1/tasks/icp-builder";
const BEST_CLIENTS = "Who are your best clients?";
const TRIGGER = "What problem made them act?";

test("a client fills the form on two devices, staff ask for a change, approve it and download it", async ({
  browser,
}) => {
  const clientEmail = uniqueEmail("form-client");
  await createUser(clientEmail);
  const staffEmail = uniqueEmail("form-staff");
  await createUser(staffEmail, { staff: true });
  // A phone without JavaScript: half the form, then Save draft.
  const phone = await signedInDevice(browser, clientEmail, {
    javaScriptEnabled: false,
    phone: true,
  });
  await phone.goto(TASK);
  await phone.getByLabel(BEST_CLIENTS).fill("Owners of small design studios");
  await phone.getByLabel("2–10").check();
  await phone.getByRole("button", { name: "Save draft" }).click();
  await expect(phone.getByText("Draft Saved")).toBeVisible();
  await expect(phone.getByLabel(BEST_CLIENTS)).toHaveValue("Owners of small design studios");

  // A desktop with JavaScript resumes it, finishes and submits.
  const desk = await signedInDevice(browser, clientEmail, { javaScriptEnabled: true });
  await desk.goto(TASK);
  await expect(desk.getByLabel(BEST_CLIENTS)).toHaveValue("Owners of small design studios");
  await expect(desk.getByLabel("2–10")).toBeChecked();
  await expectAccessible(desk);
  await desk.getByRole("button", { name: "Submit" }).click();
  // A required answer missing: said beside its field, nothing typed lost.
  await expect(desk.locator("#question-trigger-problem-error")).toHaveText(
    "This question needs an answer.",
  );
  await desk.getByLabel(TRIGGER).fill("They lost two big clients in one month");
  await desk.getByLabel("LinkedIn").check();
  await desk.getByRole("button", { name: "Submit" }).click();
  await expect(desk.getByText("Submitted for Review").first()).toBeVisible();
  await expect(desk.getByRole("list", { name: "Versions handed in" })).toContainText(
    "They lost two big clients in one month",
  );

  // Staff read the answers from the review queue and ask for a change.
  const staff = await signedInDevice(browser, staffEmail, {
    landing: "/staff",
    javaScriptEnabled: true,
  });
  await staff.goto("/staff/reviews");
  await staff.getByRole("link", { name: "ICP Builder, version 1" }).click();
  const answers = staff
    .getByRole("definition")
    .filter({ hasText: "Owners of small design studios" });
  await expect(answers).toBeVisible();
  await staff.getByLabel("Comment").fill("Say which city they are in");
  await staff.getByRole("button", { name: "Request changes" }).click();
  await expect(staff.getByText("Changes requested").first()).toBeVisible();

  // The client edits one answer, everything else kept, and submits again.
  await desk.goto(TASK);
  await expect(desk.getByLabel(TRIGGER)).toHaveValue("They lost two big clients in one month");
  await desk.getByLabel(BEST_CLIENTS).fill("Owners of small design studios in Leeds");
  await desk.getByRole("button", { name: "Submit" }).click();
  await expect(desk.getByText("Submitted for Review").first()).toBeVisible();

  await staff.reload();
  await staff.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText("Approved").first()).toBeVisible();
  const download = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Download the answers (CSV)" }).click();
  const csv = await readFile(await (await download).path(), "utf8");
  expect(csv.split("\r\n").filter((line) => line.startsWith(clientEmail))).toHaveLength(2);
  expect(csv).toContain("Owners of small design studios in Leeds");
});

test("a network that drops while the client types loses nothing", async ({ browser }) => {
  const email = uniqueEmail("form-offline");
  await createUser(email);
  const page = await signedInDevice(browser, email, { javaScriptEnabled: true });
  await page.goto(TASK);
  await page.context().setOffline(true);
  await page.getByLabel(BEST_CLIENTS).fill("Typed on a train");
  await page.getByLabel(TRIGGER).focus();
  await expect(page.getByRole("status").filter({ hasText: "no connection" })).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Connection Error").first()).toBeVisible();
  await expect(page.getByLabel(BEST_CLIENTS)).toHaveValue("Typed on a train");
  // Back online, the next save keeps it on the server.
  await page.context().setOffline(false);
  await page.getByLabel(BEST_CLIENTS).focus();
  await page.getByLabel(TRIGGER).focus();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(BEST_CLIENTS)).toHaveValue("Typed on a train");
});
