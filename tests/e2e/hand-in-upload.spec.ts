// The hand-in form's script in Chromium: the files chosen listed with their sizes, one over the
// limit refused before anything is sent, and an upload cancelled before its answer (the form back,
// focus in it, no version listed; a body cut off on the server is the upload tests' part).
import { createUser, expect, open, signInByPost, test, uniqueEmail } from "../support/e2e/fixtures";

const TASK = "/dashboard/sprint-1/tasks/vsl-alchemist";
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n% ${text}\n%%EOF\n`, "latin1");

test("with JavaScript: the files chosen are listed, one too large is refused before sending, and an upload can be cancelled", async ({
  page,
}) => {
  const email = uniqueEmail("upload-progress");
  await createUser(email);
  await signInByPost(page, email, { landing: TASK });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const files = page.getByLabel("Files", { exact: true });
  await files.setInputFiles([
    { name: "script.pdf", mimeType: "application/pdf", buffer: pdf("script") },
    { name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(3 * 1024 * 1024, 32) },
  ]);
  const chosen = page.getByRole("list", { name: "Files chosen" });
  await expect(chosen).toContainText("script.pdf");
  await expect(chosen).toContainText("huge.pdf (3.0 MB)");
  expect(await files.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
    "A file can be up to 2 MB.",
  );

  await files.setInputFiles({ name: "script.pdf", mimeType: "application/pdf", buffer: pdf("x") });
  // The server holds the upload's answer until the test lets it go: long enough to cancel it.
  let release = () => {};
  await page.route("**/resources/hand-ins/**", (route) => {
    release = () => void route.continue().catch(() => {});
  });
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveCount(0);
  await expect(page.getByText("Upload cancelled: nothing was handed in.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit for review" })).toBeFocused();
  release();
  await open(page, TASK);
  await expect(page.getByRole("list", { name: "Versions handed in" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit for review" })).toBeVisible();
});
