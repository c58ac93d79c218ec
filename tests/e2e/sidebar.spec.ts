// The desktop sidebar, JavaScript on and off: links, active item, Overall Progress; the state the
// server paints from its cookie; collapsing by script, Ctrl/Cmd+B (not while typing) or a form
// post; the collapsed rail's tooltips on hover and keyboard focus (decisions 011, 038).
import type { Page } from "@playwright/test";
import { expect, expectAccessible, javaScriptOn, open, test } from "../support/e2e/fixtures";
import { MAIN_NAV_LINKS, screenshot } from "../support/e2e/page-checks";

const rail = (page: Page) => page.locator('[data-sidebar="sidebar"]');

test("links, the active item and the Overall Progress card", async ({ page, signIn }) => {
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(MAIN_NAV_LINKS);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("Overall Progress 25%")).toBeVisible();
  await expect(page.getByText("Sprint 1 in progress")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Overall Progress" })).toHaveAttribute(
    "aria-valuenow",
    "25",
  );

  await nav.getByRole("link", { name: "Sprint 2" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sprint-2$/);
  await expect(nav.getByRole("link", { name: "Sprint 2" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("'Toggle Sidebar' collapses and expands it, and the choice is kept", async ({
  page,
  context,
  signIn,
}) => {
  await signIn(page);
  const cookie = async () => (await context.cookies()).find((c) => c.name === "sidebar_state");
  const trigger = page.getByRole("button", { name: "Toggle Sidebar" });

  if (!javaScriptOn()) {
    // A form post that sets the cookie and comes back to the same page.
    await open(page, "/dashboard/sprint-3");
    await trigger.click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-3$/);
    await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
    expect(await cookie()).toMatchObject({ value: "false", path: "/", sameSite: "Lax" });
    const lifetime = ((await cookie())?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604800 - 120);
    expect(lifetime).toBeLessThanOrEqual(604800);
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(rail(page)).toHaveAttribute("data-state", "expanded");
    await screenshot(page, "sidebar-expanded-sprint-3");
    return;
  }

  // With JavaScript: at once, with no request, by the trigger and by Ctrl/Cmd+B.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await trigger.click();
  await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
  await expect.poll(async () => (await cookie())?.value).toBe("false");
  await screenshot(page, "dashboard-sidebar-collapsed");

  await page.keyboard.press("Control+b");
  await expect(rail(page)).toHaveAttribute("data-state", "expanded");
  await expect.poll(async () => (await cookie())?.value).toBe("true");
  await page.keyboard.press("Meta+b");
  await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
  expect(posts).toEqual([]);

  await page.reload();
  await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
  // Collapsed to icons, every link keeps its accessible name.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sprint 4" }),
  ).toBeVisible();

  // Ctrl/Cmd+B in a field being typed in is the field's: the sidebar stays as it is.
  await open(page, "/dashboard/account");
  const field = page.getByLabel("New email");
  await field.fill("typing");
  for (const shortcut of ["Control+b", "Meta+b"]) {
    await field.press(shortcut);
    await expect(field).toBeFocused();
    await expect(rail(page)).toHaveAttribute("data-state", "collapsed");
  }
  await page.getByRole("heading", { level: 1, name: "Account" }).click();
  await page.keyboard.press("Control+b");
  await expect(rail(page)).toHaveAttribute("data-state", "expanded");
});

test("the collapsed rail names each link in a tooltip, on hover and keyboard focus", async ({
  page,
  context,
  signIn,
  baseURL,
}) => {
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
