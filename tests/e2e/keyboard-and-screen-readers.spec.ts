// Keyboard and screen-reader behaviour at 1280 px and 390 px, JavaScript on and off: where focus
// goes when the auth dialog, the landing menu and the phone sidebar close; Ctrl/Cmd+B left alone
// while typing; the collapsed rail's tooltips; the task toggles' names; headers that name the page;
// and axe, best practices included, on the pages and states the other specs do not visit.
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessible,
  javaScriptOn,
  open,
  PASSWORD,
  signInWithForm,
  test,
  uniqueEmail,
} from "./fixtures";

test.describe.configure({ timeout: 240_000 });

const isPhone = () => (test.info().project.use.viewport?.width ?? 1280) < 768;

const getStarted = (page: Page) => page.getByRole("link", { name: "Get Started" });
const rail = (page: Page) => page.locator('[data-sidebar="sidebar"]');

test.describe("the auth dialog", () => {
  test("closing gives focus back to the link that opened it", async ({ page }) => {
    test.skip(!javaScriptOn(), "without JavaScript each opening is a page load: no opener");
    await open(page, "/");
    if (isPhone()) {
      // The menu closes as its link is followed; focus waits on the menu's button.
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("link", { name: "Sign In / Join" }).click();
      await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    } else {
      await page.getByRole("link", { name: "Sign In / Join" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "Sign In / Join" })).toBeFocused();
    }

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

  for (const path of ["/sign-in", "/sign-up", "/forgot-password"]) {
    test(`loaded open at ${path}, closing gives focus to 'Get Started'`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page);
      if (javaScriptOn()) {
        await page.keyboard.press("Escape");
        await expect(page).toHaveURL(/\/$/);
      } else {
        // × is a link home whose fragment names 'Get Started'.
        await page.getByRole("link", { name: "Close" }).click();
        await expect(page).toHaveURL(/\/#get-started$/);
      }
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(getStarted(page)).toBeFocused();
      await expect(getStarted(page)).toBeInViewport();
    });
  }

  test("with JavaScript, a sign-in that leaves the page leaves focus to the new page", async ({
    page,
  }) => {
    test.skip(!javaScriptOn(), "without JavaScript every page starts with focus at its top");
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
});

test.describe("the landing menu (phone)", () => {
  test("closes from its button, or with Escape, with focus on that button", async ({ page }) => {
    test.skip(!isPhone(), "the menu is the phone's");
    await open(page, "/");
    const menu = page.getByRole("button", { name: "Open menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await menu.click();
    await expect(nav).toBeVisible();
    await expectAccessible(page);
    await menu.click();
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    if (!javaScriptOn()) return;
    await menu.click();
    await nav.getByRole("link", { name: "About" }).focus();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test.describe("signed in", () => {
  test("the phone sidebar sheet gives focus back to 'Toggle Sidebar'", async ({ page, signIn }) => {
    test.skip(!isPhone(), "the sheet is the phone's");
    await signIn(page);
    const trigger = page.getByRole("button", { name: "Toggle Sidebar" });
    const sheet = page.getByRole("dialog", { name: "Sidebar" });
    await trigger.click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole("button", { name: "Close sidebar" }).click();
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();
    if (!javaScriptOn()) {
      // The close form's address carries the trigger's id as its fragment.
      await expect(page).toHaveURL(/\/dashboard\??#sidebar-trigger$/);
      return;
    }
    await trigger.click();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();
    // Loaded open (`?sidebar=open`): nothing opened it, and focus still lands on the trigger.
    await open(page, "/dashboard?sidebar=open");
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("Ctrl/Cmd+B leaves the sidebar alone while typing in a field", async ({ page, signIn }) => {
    test.skip(!javaScriptOn(), "the shortcut needs JavaScript");
    await signIn(page);
    await open(page, "/dashboard/account");
    const sheet = page.getByRole("dialog", { name: "Sidebar" });
    const field = page.getByLabel("New email");
    await field.fill("typing");
    for (const shortcut of ["Control+b", "Meta+b"]) {
      await field.press(shortcut);
      await expect(field).toBeFocused();
      if (isPhone()) await expect(sheet).toHaveCount(0);
      else await expect(rail(page)).toHaveAttribute("data-state", "expanded");
    }
    // The same keys outside the field do toggle it.
    await page.getByRole("heading", { level: 1, name: "Account" }).click();
    await page.keyboard.press("Control+b");
    if (isPhone()) await expect(sheet).toBeVisible();
    else await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
  });

  test("the collapsed rail names each link in a tooltip, on hover and keyboard focus", async ({
    page,
    context,
    signIn,
    baseURL,
  }) => {
    test.skip(isPhone(), "the rail is the desktop's");
    await signIn(page);
    await context.addCookies([{ name: "sidebar_state", value: "false", url: baseURL as string }]);
    await open(page, "/dashboard");
    await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
    const nav = page.getByRole("navigation", { name: "Main" });
    const railWidth = (await rail(page).boundingBox())?.width ?? 0;
    /** A link's label: a tooltip is the label itself, fixed beside the rail (sr-only otherwise). */
    const label = (name: string) => nav.getByRole("link", { name }).locator("span");
    const expectTooltip = async (name: string) => {
      await expect(label(name)).toHaveCSS("position", "fixed");
      const box = await label(name).boundingBox();
      expect(box?.width).toBeGreaterThan(20);
      expect(box?.x).toBeGreaterThanOrEqual(railWidth - 8);
      // The tooltip is the link's name itself: read once, not twice.
      await expect(nav.getByRole("link", { name })).toHaveAccessibleName(name);
      await expect(rail(page).getByText(name, { exact: true })).toHaveCount(1);
    };
    const expectNoTooltip = (name: string) => expect(label(name)).toHaveCSS("position", "absolute"); // sr-only

    await expectNoTooltip("Sprint 2");
    await nav.getByRole("link", { name: "Sprint 2" }).hover();
    await expectTooltip("Sprint 2");
    await expectAccessible(page);

    await page.mouse.move(900, 500);
    await expectNoTooltip("Sprint 2");
    await nav.getByRole("link", { name: "Sprint 2" }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Sprint 3" })).toBeFocused();
    await expectTooltip("Sprint 3");
    await expectNoTooltip("Sprint 2");
    if (javaScriptOn()) {
      // Escape hides it (it covers part of the page) until focus moves on.
      await page.keyboard.press("Escape");
      await expectNoTooltip("Sprint 3");
      await page.keyboard.press("Tab");
      await expectTooltip("Sprint 4");
    }

    // Expanded, the names are plain text beside the icons, focused or not.
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(rail(page)).toHaveAttribute("data-state", "expanded");
    await nav.getByRole("link", { name: "Sprint 1" }).focus();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Sprint 2" })).toBeFocused();
    await expect(label("Sprint 2")).toHaveCSS("position", "static");
  });

  test("each task's toggle is named with its task; its text stays 'Mark Done' / 'Done'", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await open(page, "/dashboard/sprint-1");
    const tasks = page.getByRole("region", { name: "Tasks" });
    const expected = [
      ["Offer Alchemy", "Done"],
      ["ICP Builder", "Mark Done"],
      ["Messaging Mastery", "Mark Done"],
      ["Pricing Strategist", "Mark Done"],
      ["VSL Alchemist", "Mark Done"],
    ];
    const buttons = tasks.getByRole("button");
    await expect(buttons).toHaveCount(expected.length);
    for (const [index, [title, text]] of expected.entries()) {
      await expect(buttons.nth(index)).toHaveAccessibleName(`${text}: ${title}`);
      await expect(buttons.nth(index)).toHaveText(text as string);
    }
    await tasks.getByRole("button", { name: "Mark Done: ICP Builder" }).click();
    const icp = tasks.getByRole("button", { name: "Done: ICP Builder", exact: true });
    await expect(icp).toHaveText("Done");
  });

  test("each page's header names it", async ({ page, signIn }) => {
    await signIn(page);
    const banner = page.getByRole("banner");
    for (const [path, name] of [
      ["/dashboard", "Dashboard"],
      ["/dashboard/sprint-1", "Sprint 1"],
      ["/dashboard/sprint-2", "Sprint 2"],
      ["/dashboard/sprint-3", "Sprint 3"],
      ["/dashboard/sprint-4", "Sprint 4"],
      ["/dashboard/account", "Account"],
    ]) {
      await open(page, path as string);
      await expect(banner.getByTestId("page-name")).toHaveText(name as string);
      await expect(banner.getByTestId("page-name")).toBeVisible();
    }
  });

  test("the staff console's header names its page; both pages pass axe", async ({ page }) => {
    const staff = uniqueEmail("console");
    await createUser(staff, { staff: true });
    await signInWithForm(page, staff);
    await page.waitForURL("**/staff");
    const banner = page.getByRole("banner");
    await expect(banner.getByTestId("page-name")).toHaveText("Clients");
    await expect(banner.getByText(staff, { exact: true })).toBeVisible();
    await expectAccessible(page);
    // An invited client is listed at once.
    const client = uniqueEmail("invited");
    await page.getByLabel("Client's email").fill(client);
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await page.getByRole("link", { name: client }).click();
    await page.waitForURL("**/staff/clients/*");
    await expect(banner.getByTestId("page-name")).toHaveText(client);
    await expect(page).toHaveTitle(`${client} · Agency Console`);
    await expectAccessible(page);
  });
});
