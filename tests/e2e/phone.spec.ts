// The phone's own controls at 390 px, JavaScript on and off: the landing menu (and the auth dialog
// opened from it), and the sidebar sheet, each closing with focus back on the button that opened it.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, javaScriptOn, open, test } from "../support/e2e/fixtures";
import { MAIN_NAV_LINKS, screenshot } from "../support/e2e/page-checks";

const trigger = (page: Page) => page.getByRole("button", { name: "Toggle Sidebar" });
const sheet = (page: Page) => page.getByRole("dialog", { name: "Sidebar" });

test("the landing menu closes from its button, or with Escape, with focus on that button", async ({
  page,
}) => {
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

  // The menu closes as its 'Sign In / Join' is followed; the dialog's focus comes back to the
  // menu's button.
  await menu.click();
  await page.getByRole("link", { name: "Sign In / Join" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/$/);
  await expect(menu).toBeFocused();
});

test("the sidebar sheet holds the navigation and gives focus back to 'Toggle Sidebar'", async ({
  page,
  signIn,
}) => {
  await signIn(page);
  await expect(page.locator('[data-sidebar="sidebar"]')).toBeHidden();
  await expect(sheet(page)).toBeHidden();
  await trigger(page).click();
  await expect(sheet(page)).toBeVisible();
  if (!javaScriptOn()) await expect(page).toHaveURL(/\?sidebar=open$/);
  await expect(sheet(page).getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(
    MAIN_NAV_LINKS,
  );
  await expect(sheet(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(sheet(page).getByText("Overall Progress 25%")).toBeVisible();
  await screenshot(page, "sidebar-mobile-open");
  await expectAccessible(page);

  await sheet(page).getByRole("button", { name: "Close sidebar" }).click();
  await expect(sheet(page)).toBeHidden();
  await expect(trigger(page)).toBeFocused();
  if (javaScriptOn()) {
    await expect(page).toHaveURL(/\/dashboard\??(#sidebar-trigger)?$/);
    await trigger(page).click();
    await page.keyboard.press("Escape");
    await expect(sheet(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    await page.keyboard.press("Control+b");
    await expect(sheet(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet(page)).toBeHidden();
    // Loaded open (`?sidebar=open`): nothing opened it, and focus still lands on the trigger.
    await open(page, "/dashboard?sidebar=open");
    await expect(sheet(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  } else {
    // The close form's address carries the trigger's id as its fragment.
    await expect(page).toHaveURL(/\/dashboard\??#sidebar-trigger$/);
  }

  await trigger(page).click();
  await sheet(page).getByRole("link", { name: "Sprint 2" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sprint-2$/);
  await expect(sheet(page)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprint 2: Core Development");

  if (javaScriptOn()) {
    // Ctrl/Cmd+B in a field being typed in is the field's: no sheet opens.
    await open(page, "/dashboard/account");
    const field = page.getByLabel("New email");
    await field.fill("typing");
    for (const shortcut of ["Control+b", "Meta+b"]) {
      await field.press(shortcut);
      await expect(field).toBeFocused();
      await expect(sheet(page)).toHaveCount(0);
    }
    await page.getByRole("heading", { level: 1, name: "Account" }).click();
    await page.keyboard.press("Control+b");
    await expect(sheet(page)).toBeVisible();
  }
});
