// The auth dialog with JavaScript: it scores the password and blocks a weak sign-up, says
// 'Processing...' while pending, loads its code only when wanted (and recovers), keeps what is
// typed across modes, closes with Escape and gives focus back (a sign-in's to the page it opens).
import type { Locator, Page } from "@playwright/test";
import {
  createUser,
  expect,
  fillAuthForm,
  open,
  PASSWORD,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";

const toast = (page: Page) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status");
const getStarted = (page: Page) => page.getByRole("link", { name: "Get Started" });

/** Marks the elements found, so that a later look tells whether a re-render kept them. */
async function mark(elements: Locator) {
  await elements.evaluateAll((found) => {
    for (const element of found) (element as Element & { kept?: true }).kept = true;
  });
}

/** For each element found now, whether it is one that `mark` marked. */
function marked(elements: Locator): Promise<boolean[]> {
  return elements.evaluateAll((found) =>
    found.map((element) => (element as Element & { kept?: true }).kept === true),
  );
}

test("scores the password, strips < and >, shows the password, and blocks a weak sign-up", async ({
  page,
}) => {
  await open(page, "/sign-up");
  const dialog = page.getByRole("dialog");
  const email = dialog.getByLabel("Email");
  await email.pressSequentially("<client>@agency.com");
  await expect(email).toHaveValue("client@agency.com");
  const password = dialog.getByLabel("Password", { exact: true });
  const meter = dialog.getByRole("meter");
  const submit = dialog.getByRole("button", { name: "Create Account" });
  for (const [value, score, level] of [
    ["abc", "1", "weak"],
    ["abcdefgh", "2", "weak"],
    ["Abcdefgh", "3", "fair"],
    ["Abcdefg1", "4", "strong"],
    ["Abcdefg1!", "5", "strong"],
  ] as const) {
    await password.fill(value);
    await expect(meter).toHaveAttribute("aria-valuenow", score);
    await expect(meter).toHaveAttribute("data-level", level);
    if (level === "strong") await expect(submit).toBeEnabled();
    else await expect(submit).toBeDisabled();
  }
  await dialog.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await dialog.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await email.fill("client@agency");
  await expect(submit).toBeDisabled();
});

test("the submit reads 'Processing...' while the call is pending", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/sign-in"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  const dialog = await fillAuthForm(page, "sign-in", uniqueEmail("pending"), "Whatever-1!");
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("button", { name: "Processing..." })).toBeDisabled();
  release();
  await expect(toast(page)).toContainText("Authentication Error");
  await expect(dialog.getByRole("button", { name: "Sign In" })).toBeEnabled();
});

test("its code loads only when wanted; if it cannot load, the page reloads and the link works again", async ({
  page,
}) => {
  const dialogChunk = /\/assets\/_landing\._auth-[\w-]+\.js$/;
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await open(page, "/");
  expect(requested.filter((url) => dialogChunk.test(url))).toEqual([]);
  const chunkRequest = page.waitForRequest(dialogChunk);
  await page.getByRole("link", { name: "Get Started" }).hover();
  await chunkRequest;

  // A flaky network: the chunk does not arrive the first time. Remix reloads the page; the
  // next click fetches it again and opens the dialog, whose form signs in.
  const blocked = await page.context().newPage();
  let refused = 0;
  await blocked.route(dialogChunk, async (route) => {
    if (refused++ === 0) await route.abort("internetdisconnected");
    else await route.continue();
  });
  await open(blocked, "/");
  const reloaded = blocked.waitForEvent("load");
  await blocked.getByRole("link", { name: "Get Started" }).click();
  await reloaded;
  await blocked.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await blocked.getByRole("link", { name: "Get Started" }).click();
  const dialog = blocked.getByRole("dialog", { name: "Welcome back" });
  await expect(dialog).toBeVisible();
  await expect(blocked).toHaveURL(/\/sign-in$/);
  const email = uniqueEmail("no-chunk");
  await createUser(email);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(blocked).toHaveURL(/\/dashboard$/);
  await expect(toast(blocked)).toContainText("Welcome Back!");
});

test("what is typed right after switching modes is never wiped", async ({ page }) => {
  // Both modes render one component, so the switch keeps the very same input elements: a value
  // that lands while the switch is under way is never typed into an element about to go.
  await open(page, "/sign-in");
  const inputs = page.getByRole("dialog").locator("input");
  await mark(inputs);
  await page.getByRole("dialog").getByRole("button", { name: "Create an account" }).click();
  await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
  expect(await marked(inputs)).toEqual([true, true]);

  // Password managers and autofill fill the form a few milliseconds after the click.
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const email = uniqueEmail(`quick-${attempt}`);
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create an account" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await expect(dialog.getByRole("button", { name: "Create Account" })).toBeEnabled();
  }
});

test("what is typed right after 'Forgot password?' is never wiped", async ({ page }) => {
  // The reset-link request is that component too: the switch there and back keeps the very
  // e-mail input, so an address typed while it is under way stays.
  await open(page, "/sign-in");
  const email = page.getByRole("dialog").getByLabel("Email");
  await mark(email);
  await page.getByRole("dialog").getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
  expect(await marked(email)).toEqual([true]);
  await page.getByRole("dialog").getByRole("button", { name: "Back to sign in" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  expect(await marked(email)).toEqual([true]);

  for (let attempt = 0; attempt < 6; attempt += 1) {
    const address = uniqueEmail(`quick-forgot-${attempt}`);
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await dialog.getByLabel("Email").pressSequentially(address);
    await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(address);
  }
});

test("Escape closes the dialog", async ({ page }) => {
  await open(page, "/sign-in");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test("closing gives focus back to the link that opened it", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("link", { name: "Sign In / Join" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In / Join" })).toBeFocused();

  await getStarted(page).click();
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(getStarted(page)).toBeFocused();

  // Switching modes inside it keeps the opener; × closes it like Escape.
  const create = page.getByRole("link", { name: "Create your account" });
  await create.click();
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(create).toBeFocused();
});

test("with JavaScript, a sign-in that leaves the page leaves focus to the new page", async ({
  page,
}) => {
  const email = uniqueEmail("leave");
  await createUser(email);
  await open(page, "/");
  await getStarted(page).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});
