// Work handed in as a client does it (desktop and phone, JavaScript on and off) and reviewed by
// staff in another browser: a PDF and a link, changes requested, version 2, approval, the task
// Done, and the decision in the client's messages.
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessible,
  open,
  signedInDevice,
  signInByPost,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";
import { screenshot } from "../support/e2e/page-checks";

test.describe.configure({ timeout: 180_000 });

const TASK = "/dashboard/sprint-1/tasks/vsl-alchemist";
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n% ${text}\n%%EOF\n`, "latin1");

async function handIn(page: Page, file: string, link: string, note: string) {
  await page
    .getByLabel("Files", { exact: true })
    .setInputFiles({ name: file, mimeType: "application/pdf", buffer: pdf(file) });
  await page.getByLabel("Link").fill(link);
  await page.getByLabel("Note").fill(note);
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("list", { name: "Versions handed in" })).toContainText(file);
}

async function review(
  staff: Page,
  client: string,
  version: number,
  button: string,
  comment: string,
) {
  await open(staff, "/staff/reviews");
  // Other tests' clients wait in the same queue.
  await staff
    .getByRole("listitem")
    .filter({ hasText: client })
    .getByRole("link", { name: `VSL Alchemist, version ${version}` })
    .click();
  await staff.getByLabel("Comment").fill(comment);
  await staff.getByRole("button", { name: button }).click();
  await expect(staff.getByRole("list", { name: "Versions handed in" }).first()).toContainText(
    button === "Approve" ? "Approved" : "Changes requested",
  );
}

test("a client hands in work, changes are requested, version 2 is approved and the task is Done", async ({
  page,
  browser,
}) => {
  const clientEmail = uniqueEmail("hand-in");
  await createUser(clientEmail);
  const staffEmail = uniqueEmail("reviewer");
  await createUser(staffEmail, { staff: true });
  await signInByPost(page, clientEmail, { landing: "/dashboard/sprint-1" });
  await page.getByRole("link", { name: "VSL Alchemist", exact: true }).click();
  await page.waitForURL(`**${TASK}`);
  await expect(page.getByRole("heading", { level: 1, name: "VSL Alchemist" })).toBeVisible();
  await expect(page.getByText("What to hand in: Your files")).toBeVisible();
  await handIn(page, "vsl-script.pdf", "https://docs.client.test/vsl", "First draft");
  await expect(page.getByText("Version 1 is with the agency for review")).toBeVisible();
  await screenshot(page, "task-in-review");
  await expectAccessible(page);

  const staff = await signedInDevice(browser, staffEmail, { landing: "/staff/reviews" });
  await expect(staff.getByRole("list", { name: "Waiting for review" })).toContainText(clientEmail);
  await review(staff, clientEmail, 1, "Request changes", "Open with the client's story.");

  await open(page, TASK);
  await expect(page.getByText("Open with the client's story.", { exact: true })).toBeVisible();
  await handIn(page, "vsl-script-v2.pdf", "", "Story first now");
  await review(staff, clientEmail, 2, "Approve", "");
  await screenshot(staff, "staff-task-review");
  await expectAccessible(staff);
  await staff.context().close();

  await open(page, "/dashboard/sprint-1");
  const row = page.getByRole("listitem").filter({ hasText: "VSL Alchemist" });
  await expect(
    row.getByRole("button", { name: "Done: VSL Alchemist (press to mark it not done)" }),
  ).toBeVisible();
  await open(page, "/dashboard/messages");
  await expect(page.getByText("Approved “VSL Alchemist” (version 2).")).toBeVisible();
});
