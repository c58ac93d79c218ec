// Every screen at 1280 px and 390 px, JavaScript on and off: landing, sign-in, forgot password,
// account, dashboard, sprints 1–4, 404 and the sidebar (cookie, Ctrl/Cmd+B, no-JS form, phone
// sheet), with axe.
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
import { collectErrors, expectOneH1, screenshot } from "./page-checks";
import { servers } from "./servers";

// A real sign-in, full-page screenshots and axe on each screen: more than the default budget.
test.describe.configure({ timeout: 240_000 });

const isPhone = () => (test.info().project.use.viewport?.width ?? 1280) < 768;
const hasJs = javaScriptOn;

/** The page's cumulative layout shift so far (Chromium's layout-shift entries). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
            if (!shift.hadRecentInput) total += shift.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

const sidebarRail = (page: Page) => page.locator('[data-sidebar="sidebar"]');

test.describe("landing page", () => {
  test("hero, claims, sections and the account link", async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, "/");
    await expect(page.getByText("Client Portal", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "Precision. Innovation. Excellence." }),
    ).toBeVisible();
    for (const claim of ["99% client satisfaction", "50+ projects completed", "24/7 support"]) {
      await expect(page.getByRole("listitem").filter({ hasText: claim })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/sign-in",
    );
    for (const id of ["about", "benefits", "join"]) {
      await expect(page.locator(`section#${id} h2`)).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Create your account" })).toHaveAttribute(
      "href",
      "/sign-up",
    );
    await expect(page.getByRole("main")).toBeVisible();
    await expectOneH1(page);
    if (hasJs()) expect(await layoutShift(page)).toBeLessThan(0.01);
    await screenshot(page, "landing");
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("the top nav's anchors reach their sections (phone: through the menu)", async ({ page }) => {
    await open(page, "/");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    if (isPhone()) {
      await expect(nav).toBeHidden();
      await menuButton.click();
      await expect(nav).toBeVisible();
      await screenshot(page, "landing-menu-open");
    } else {
      await expect(menuButton).toBeHidden();
    }
    const anchors = [
      { name: "About", href: "#about" },
      { name: "Features", href: "#benefits" },
      { name: "Join", href: "#join" },
    ];
    for (const anchor of anchors) {
      await expect(nav.getByRole("link", { name: anchor.name, exact: true })).toHaveAttribute(
        "href",
        anchor.href,
      );
    }
    await expect(nav.getByRole("link", { name: "Sign In / Join" })).toHaveAttribute(
      "href",
      "/sign-in",
    );
    await nav.getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(/#benefits$/);
    await expect(page.locator("section#benefits h2")).toBeInViewport();
    // With JavaScript, following a link closes the phone menu; without it the menu stays open.
    if (isPhone() && hasJs()) await expect(nav).toBeHidden();
  });

  test("'Get Started' opens the auth dialog at its own URL", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("dialog")).toBeVisible();
    await screenshot(page, "sign-in");
  });

  test("'Forgot password?' leads to a form asking for the e-mail", async ({ page }) => {
    await open(page, "/sign-in");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("dialog").getByLabel("Email")).toBeVisible();
    await screenshot(page, "forgot-password");
    await expectAccessible(page);
  });

  test("the waves: 8, 20 and 25 s waves, six drifting dots, still under reduced motion", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await open(page, "/");
    const background = page.getByTestId("wave-background");
    const animations = () =>
      background.evaluate((element) =>
        [...element.children].map((child) => {
          const style = getComputedStyle(child);
          return `${child.tagName.toLowerCase()} ${style.animationName} ${style.animationDuration}`;
        }),
      );
    const moving = await animations();
    expect(moving.filter((a) => a.includes(" wave ")).sort()).toEqual([
      "div wave 20s",
      "div wave 25s",
      "div wave 8s",
    ]);
    expect(moving.filter((a) => a.startsWith("span drift"))).toHaveLength(6);

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect((await animations()).every((a) => a.includes(" none "))).toBe(true);
  });
});

test.describe("what a client is told", () => {
  test("after signing up: 'Check your inbox', naming the address", async ({ page }) => {
    await open(page, "/sign-up");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(uniqueEmail("screens-inbox"));
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("dialog", { name: "Check your inbox" })).toBeVisible();
    await screenshot(page, "check-inbox");
    await expectAccessible(page);
  });

  test("a refused sign-in: the error by the form, past the toast", async ({ page }) => {
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(uniqueEmail("screens-refused"));
    await dialog.getByLabel("Password", { exact: true }).fill("Not-The-Password-1!");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toContainText(
      "Invalid email or password. Please try again.",
    );
    await screenshot(page, "sign-in-error");
  });
});

test.describe("signed-in pages need a session", () => {
  for (const route of ["/dashboard", "/dashboard/sprint-1", "/dashboard/sprint-4"]) {
    test(`${route} sends a visitor to /, saying so, and signing in lands back there`, async ({
      page,
    }) => {
      const email = uniqueEmail("return");
      await createUser(email);
      await open(page, route);
      await expect(page).toHaveURL(new RegExp(`/\\?redirectTo=${encodeURIComponent(route)}$`));
      const notice = page.getByRole("status").filter({ hasText: "Please sign in" });
      await expect(notice).toContainText("Sign in to see that page");
      if (route === "/dashboard/sprint-1") {
        await screenshot(page, "sign-in-notice");
        await expectAccessible(page);
      }
      await notice.getByRole("link", { name: "Sign In" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await dialog.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(new RegExp(`${route}$`));
    });
  }

  test("a session that expired: the landing page says so, and its 'Sign In' leads back", async ({
    page,
  }) => {
    await open(page, "/?signedOut=expired&redirectTo=%2Fdashboard");
    const notice = page.getByRole("status").filter({ hasText: "Your session has expired" });
    await expect(notice).toContainText(
      "For your security you were signed out after a while away. Sign in again to continue.",
    );
    await expect(notice.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/sign-in?redirectTo=%2Fdashboard",
    );
    await expectAccessible(page);
  });
});

test.describe("account", () => {
  test("the account page: e-mail, password and devices", async ({ page, signIn }) => {
    const errors = collectErrors(page);
    const { email } = await signIn(page);
    await open(page, "/dashboard/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page).toHaveTitle("Account · Client Portal");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /four-sprint programme/,
    );
    await expect(page.getByRole("main").getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Change Password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out of all devices" })).toBeVisible();
    await expectOneH1(page);
    await screenshot(page, "account");
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

test.describe("dashboard", () => {
  test("greeting, summary cards, Sprint Overview and Quick Actions", async ({ page, signIn }) => {
    const errors = collectErrors(page);
    const { email } = await signIn(page);
    const name = email.split("@")[0] as string;
    await expect(
      page.getByRole("heading", { level: 1, name: `Welcome back, ${name}!` }),
    ).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Active Sprints" })).toContainText(
      "Active Sprints 1",
    );
    await expect(page.getByRole("listitem").filter({ hasText: "Time Remaining" })).toContainText(
      "Time Remaining 8 weeks",
    );

    const overview = page.getByRole("region", { name: "Sprint Overview" });
    const cards = overview.getByRole("listitem");
    await expect(cards).toHaveCount(4);
    const expected = [
      {
        title: "Foundation",
        progress: "65",
        tasks: "1 of 5 tasks",
        time: "2 weeks",
        action: "Continue Sprint",
      },
      {
        title: "Core Development",
        progress: "0",
        tasks: "0 of 5 tasks",
        time: "3 weeks",
        action: "Start Sprint",
      },
      {
        title: "Advanced Features",
        progress: "0",
        tasks: "No tasks yet",
        time: "3 weeks",
        action: "Start Sprint",
      },
      {
        title: "Launch",
        progress: "0",
        tasks: "No tasks yet",
        time: "2 weeks",
        action: "Start Sprint",
      },
    ];
    for (const [index, sprint] of expected.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toContainText(sprint.title);
      await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", sprint.progress);
      await expect(card).toContainText(sprint.tasks);
      await expect(card).toContainText(sprint.time);
      const action = card.getByRole("link", { name: sprint.action });
      await expect(action).toHaveAttribute("href", `/dashboard/sprint-${index + 1}`);
    }

    const meeting = page.getByRole("link", { name: /Schedule Meeting/ });
    await expect(meeting).toHaveAttribute("target", "_blank");
    await expect(meeting).toHaveAttribute("rel", "noopener noreferrer");
    await expect(meeting).toHaveAttribute("href", /^https:\/\//);

    await expectOneH1(page);
    if (hasJs()) expect(await layoutShift(page)).toBeLessThan(0.01);
    await screenshot(page, "dashboard");
    await expectAccessible(page);
    expect(errors).toEqual([]);

    await cards.nth(1).getByRole("link", { name: "Start Sprint" }).click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-2$/);
  });

  test("header shows the e-mail and a 'Sign Out' form", async ({ page, signIn }) => {
    const { email } = await signIn(page);
    const header = page.getByRole("banner");
    await expect(header.getByText(email)).toBeVisible();
    const signOut = page.getByRole("button", { name: "Sign Out" });
    await expect(header.locator("form", { has: signOut })).toHaveAttribute(
      "action",
      "/auth/sign-out",
    );
    await expect(header.locator("form", { has: signOut })).toHaveAttribute("method", "post");
    await signOut.click();
    await expect(page).toHaveURL(/\/$/);
    await open(page, "/dashboard");
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fdashboard$/);
  });
});

test.describe("sidebar", () => {
  test("links, the active item and the Overall Progress card", async ({ page, signIn }) => {
    test.skip(isPhone(), "the rail is desktop-only; the phone sheet has its own tests");
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const names = ["Dashboard", "Sprint 1", "Sprint 2", "Sprint 3", "Sprint 4", "Account"];
    await expect(nav.getByRole("link")).toHaveText(names);
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
    await expect(nav.getByRole("link", { name: "Sprint 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the server paints the state from the sidebar_state cookie", async ({
    page,
    context,
    signIn,
    baseURL,
  }) => {
    test.skip(isPhone(), "the cookie drives the desktop rail");
    await signIn(page);
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "expanded");
    for (const [value, state] of [
      ["false", "collapsed"],
      ["true", "expanded"],
    ] as const) {
      await context.addCookies([{ name: "sidebar_state", value, url: baseURL as string }]);
      const response = await open(page, "/dashboard/sprint-1");
      const html = (await response?.text()) ?? "";
      expect(html).toContain(`data-sidebar="sidebar" data-state="${state}"`);
      await expect(sidebarRail(page)).toHaveAttribute("data-state", state);
    }
  });

  test("'Toggle Sidebar' works without JavaScript: a form post that sets the cookie", async ({
    page,
    context,
    signIn,
  }) => {
    test.skip(hasJs() || isPhone(), "no-JS desktop behaviour");
    await signIn(page);
    await open(page, "/dashboard/sprint-3");
    const trigger = page.getByRole("button", { name: "Toggle Sidebar" });
    await trigger.click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-3$/);
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "collapsed");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie).toMatchObject({ value: "false", path: "/", sameSite: "Lax" });
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604800 - 120);
    expect(lifetime).toBeLessThanOrEqual(604800);
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "expanded");
    await screenshot(page, "sidebar-expanded-sprint-3");
  });

  test("with JavaScript the trigger and Ctrl/Cmd+B toggle instantly and persist", async ({
    page,
    context,
    signIn,
  }) => {
    test.skip(!hasJs() || isPhone(), "JS desktop behaviour");
    await signIn(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const cookieValue = async () =>
      (await context.cookies()).find((c) => c.name === "sidebar_state")?.value;

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "collapsed");
    await expect.poll(cookieValue).toBe("false");
    await screenshot(page, "dashboard-sidebar-collapsed");

    await page.keyboard.press("Control+b");
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "expanded");
    await expect.poll(cookieValue).toBe("true");
    await page.keyboard.press("Meta+b");
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "collapsed");
    expect(posts).toEqual([]);

    await page.reload();
    await expect(sidebarRail(page)).toHaveAttribute("data-state", "collapsed");
    // Collapsed to icons, every link keeps its accessible name.
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sprint 4" }),
    ).toBeVisible();
  });

  test("phone: the trigger opens a sheet with the navigation", async ({ page, signIn }) => {
    test.skip(!isPhone(), "phone behaviour");
    await signIn(page);
    await expect(sidebarRail(page)).toBeHidden();
    const sheet = page.getByRole("dialog", { name: "Sidebar" });
    await expect(sheet).toBeHidden();
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(sheet).toBeVisible();
    if (!hasJs()) await expect(page).toHaveURL(/\?sidebar=open$/);
    await expect(sheet.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
      "Dashboard",
      "Sprint 1",
      "Sprint 2",
      "Sprint 3",
      "Sprint 4",
      "Account",
    ]);
    await expect(sheet.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sheet.getByText("Overall Progress 25%")).toBeVisible();
    await screenshot(page, "sidebar-mobile-open");
    await expectAccessible(page);

    await sheet.getByRole("button", { name: "Close sidebar" }).click();
    await expect(sheet).toBeHidden();
    // Without JavaScript the close form's fragment puts focus back on the trigger.
    await expect(page).toHaveURL(/\/dashboard\??(#sidebar-trigger)?$/);

    if (hasJs()) {
      await page.keyboard.press("Control+b");
      await expect(sheet).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
    }

    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await sheet.getByRole("link", { name: "Sprint 2" }).click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-2$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprint 2: Core Development");
  });

  test("/resources/sidebar: sets the cookie, redirects safely, rejects bad input", async ({
    request,
  }) => {
    test.skip(test.info().project.name !== "js", "HTTP-level checks, once");
    const post = (form: Record<string, string>) =>
      request.post("/resources/sidebar", { form, maxRedirects: 0 });

    const collapse = await post({ sidebar: "collapsed", redirectTo: "/dashboard/sprint-2" });
    expect(collapse.status()).toBe(302);
    expect(collapse.headers()["location"]).toBe("/dashboard/sprint-2");
    expect(collapse.headers()["set-cookie"]).toBe(
      "sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax",
    );

    const mobile = await post({ sidebar: "mobile", redirectTo: "/dashboard" });
    expect(mobile.headers()["location"]).toBe("/dashboard?sidebar=open");
    expect(mobile.headers()["set-cookie"]).toBeUndefined();

    const offsite = await post({ sidebar: "expanded", redirectTo: "//evil.example/x" });
    expect(offsite.headers()["location"]).toBe("/dashboard");

    expect((await post({ sidebar: "sideways" })).status()).toBe(400);
    const json = await request.post("/resources/sidebar", {
      data: { sidebar: "collapsed" },
      maxRedirects: 0,
    });
    expect(json.status()).toBe(400);

    const get = await request.get("/resources/sidebar", { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    expect(get.headers()["location"]).toBe("/dashboard");
  });
});

test.describe("sprint 1 and 2", () => {
  test("sprint 1: header, objectives, tasks, summary", async ({ page, signIn }) => {
    const errors = collectErrors(page);
    await signIn(page);
    await open(page, "/dashboard/sprint-1");
    await expect(page).toHaveTitle("Sprint 1 · Client Portal");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /four-sprint programme/,
    );
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprint 1: Foundation");
    await expect(page.getByRole("list", { name: "Sprint details" })).toHaveText(
      /2 weeks\s*65% Complete/,
    );

    const bars = page.getByRole("region", { name: "Objectives" }).getByRole("progressbar");
    await expect(bars).toHaveCount(3);
    for (const [index, value] of ["25", "15", "30"].entries()) {
      await expect(bars.nth(index)).toHaveAttribute("aria-valuenow", value);
      await expect(bars.nth(index)).toHaveAttribute("aria-valuemin", "0");
      await expect(bars.nth(index)).toHaveAttribute("aria-valuemax", "100");
    }

    const tasks = page.getByRole("region", { name: "Tasks" }).getByRole("listitem");
    await expect(tasks).toHaveCount(5);
    const titles = [
      "Offer Alchemy",
      "ICP Builder",
      "Messaging Mastery",
      "Pricing Strategist",
      "VSL Alchemist",
    ];
    for (const [index, title] of titles.entries()) {
      const task = tasks.nth(index);
      await expect(task).toContainText(title);
      await expect(task).toContainText("High priority");
      await expect(task.getByRole("button")).toHaveText(index === 0 ? "Done" : "Mark Done");
      // The default programme ships no tool links: none of the spec's tools has a real address.
      await expect(task.getByRole("link")).toHaveCount(0);
    }

    const summary = page.getByRole("region", { name: "Sprint Summary" });
    await expect(summary.getByRole("heading", { level: 3 })).toHaveText([
      "Achievements",
      "Next Steps",
    ]);
    await expectOneH1(page);
    if (hasJs()) {
      await expect(page.locator('[data-unit="seconds"] span').first()).not.toHaveText("--");
      expect(await layoutShift(page)).toBeLessThan(0.01);
    }
    await screenshot(page, "sprint-1");
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("sprint 2: badges, objectives at 0%, five tasks, deliverables and criteria", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await open(page, "/dashboard/sprint-2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprint 2: Core Development");
    await expect(page.getByRole("list", { name: "Sprint details" })).toHaveText(
      /3 weeks\s*Not Started/,
    );
    const bars = page.getByRole("region", { name: "Objectives" }).getByRole("progressbar");
    await expect(bars).toHaveCount(3);
    for (const bar of await bars.all()) await expect(bar).toHaveAttribute("aria-valuenow", "0");

    const taskRegion = page.getByRole("region", { name: "Tasks" });
    await expect(taskRegion.getByRole("listitem")).toHaveText([
      /Landing page buildout/,
      /VSL mastery/,
      /Instagram launch/,
      /Sales mastery/,
      /Paid ads launcher/,
    ]);
    await expect(taskRegion.getByRole("link")).toHaveCount(0);
    await expect(taskRegion.getByRole("button", { name: /^Mark Done: / })).toHaveCount(5);

    const summary = page.getByRole("region", { name: "Sprint Summary" });
    await expect(summary.getByRole("heading", { level: 3 })).toHaveText([
      "Key Deliverables",
      "Success Criteria",
    ]);
    for (const criterion of [
      "landing page conversion above 15%",
      "VSL completion above 60%",
      "1000+ Instagram followers",
      "call booking above 20%",
      "positive ROI on ads",
    ]) {
      await expect(summary.getByText(criterion, { exact: true })).toBeVisible();
    }
    await expectOneH1(page);
    await screenshot(page, "sprint-2");
    await expectAccessible(page);
  });

  for (const { sprint, days } of [
    { sprint: 1, days: "04" },
    { sprint: 2, days: "20" },
  ]) {
    test(`sprint ${sprint} countdown: the time left, ticking every second with JavaScript`, async ({
      page,
      signIn,
    }) => {
      await signIn(page);
      await open(page, `/dashboard/sprint-${sprint}`);
      const timer = page.getByRole("timer", { name: "Sprint Countdown" });
      const unit = (name: string) => timer.locator(`[data-unit="${name}"] span`).first();
      // Rendered by the server, so it reads the same without JavaScript.
      await expect(unit("days")).toHaveText(days);
      await expect(unit("hours")).toHaveText("23");
      const deadline = await timer.getAttribute("data-ends-at");
      if (hasJs()) {
        const first = await unit("seconds").textContent();
        await expect.poll(() => unit("seconds").textContent()).not.toBe(first);
      }
      await page.reload();
      await expect(timer).toHaveAttribute("data-ends-at", deadline as string);
      await expect(unit("days")).toHaveText(days);
    });
  }

  test("the countdown shows zeros once the sprint's time has passed", async ({ page, signIn }) => {
    test.skip(!hasJs(), "without JavaScript the page shows the time left when it was made");
    await signIn(page);
    await open(page, "/dashboard/sprint-1");
    // Six days on, in the browser: the 5-day countdown has run out.
    await page.clock.install({ time: Date.now() + 6 * 864e5 });
    await page.reload();
    const timer = page.getByRole("timer", { name: "Sprint Countdown" });
    await expect(timer.locator("[data-unit] span:first-child")).toHaveText([
      "00",
      "00",
      "00",
      "00",
    ]);
  });
});

test.describe("an agency's own programme (PROGRAMME_FILE)", () => {
  test("its sprints on every page, and a task's tool link opening in a new tab", async ({
    page,
  }) => {
    const server = servers.autoconfirm;
    const email = uniqueEmail("agency");
    await createUser(email, { server });
    await signInWithForm(page, email, undefined, server.appUrl);
    await page.waitForURL("**/dashboard");
    const cards = page.getByRole("region", { name: "Sprint Overview" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText("Discovery");
    await expect(cards.first()).toContainText("1 of 2 tasks");
    // The sidebar card (behind the menu on phones).
    await expect(page.getByText("Overall Progress 10%")).toBeAttached();
    await open(page, `${server.appUrl}/dashboard/sprint-1`);
    const tasks = page.getByRole("region", { name: "Tasks" }).getByRole("listitem");
    const link = tasks.filter({ hasText: "Intake form" }).getByRole("link");
    await expect(link).toHaveAccessibleName("Intake form (opens in a new tab)");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("href", "https://forms.agency.example/intake");
    await expect(tasks.filter({ hasText: "Kick-off call" }).getByRole("link")).toHaveCount(0);
    await open(page, `${server.appUrl}/dashboard/sprint-2`);
    await expect(
      page.getByRole("heading", { level: 2, name: "Build Awaits Discovery" }),
    ).toBeVisible();
  });
});

test.describe("sprint 3 and 4", () => {
  const locked = [
    {
      sprint: 3,
      title: "Sprint 3 Awaiting Prerequisites",
      button: "Complete Sprint 2 First",
      badges: /3 weeks\s*Pending Sprint 2/,
      soon: ["Advanced Security", "Performance Optimization", "Third-party Integrations"],
      vision: [] as string[],
    },
    {
      sprint: 4,
      title: "Sprint 4 - The Final Chapter",
      button: "Complete Previous Sprints",
      badges: /2 weeks\s*Pending Sprint 3/,
      soon: ["Final Testing", "Deployment", "Optimization"],
      vision: ["99.9% uptime", "satisfaction over 95%"],
    },
  ];
  for (const spec of locked) {
    test(`sprint ${spec.sprint}: locked placeholder`, async ({ page, signIn }) => {
      await signIn(page);
      await open(page, `/dashboard/sprint-${spec.sprint}`);
      await expect(page.getByRole("heading", { level: 2, name: spec.title })).toBeVisible();
      await expect(page.getByRole("button", { name: spec.button })).toBeDisabled();
      await expect(page.getByRole("list", { name: "Sprint details" })).toHaveText(spec.badges);
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
      const cards = page.getByRole("listitem").filter({ hasText: "Coming Soon" });
      await expect(cards).toHaveCount(3);
      for (const [index, title] of spec.soon.entries()) {
        await expect(cards.nth(index).getByRole("heading", { level: 3 })).toHaveText(title);
      }
      for (const text of spec.vision) await expect(page.getByText(text)).toBeVisible();
      await expectOneH1(page);
      await screenshot(page, `sprint-${spec.sprint}`);
      await expectAccessible(page);
    });
  }
});

test.describe("404", () => {
  // Unknown pages under /dashboard are for signed-in users: visitors are sent to sign in first
  // (and back there afterwards).
  for (const unknown of ["/no-such-page", "/dashboard/sprint-9", "/dashboard/anything"]) {
    test(`${unknown} answers 404 with a way home`, async ({ page, signIn }) => {
      if (unknown.startsWith("/dashboard/")) {
        const anonymous = await page.request.get(unknown, { maxRedirects: 0 });
        expect(anonymous.status()).toBe(302);
        expect(anonymous.headers()["location"]).toBe(`/?redirectTo=${encodeURIComponent(unknown)}`);
        await signIn(page);
      }
      const logged: string[] = [];
      page.on("console", (message) => logged.push(message.text()));
      const response = await open(page, unknown);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
      await expect(page.getByTestId("wave-background")).toBeAttached();
      await expect(page).toHaveTitle("Page not found · Client Portal");
      if (hasJs()) await expect.poll(() => logged.join("\n")).toContain(unknown);
      if (unknown === "/no-such-page") {
        await screenshot(page, "404");
        await expectAccessible(page);
      }
      await page.getByRole("link", { name: "Return to Home" }).click();
      // Home for a signed-in user is the dashboard.
      await expect(page).toHaveURL(unknown.startsWith("/dashboard/") ? /\/dashboard$/ : /\/$/);
    });
  }
});
