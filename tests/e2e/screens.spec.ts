// Every screen at 1280 px and 390 px, JavaScript on and off, as a client sees it, each with its
// screenshot and axe; what the server alone decides (statuses, redirects, text) is tested without
// a browser (decision 046).
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessible,
  javaScriptOn,
  open,
  PASSWORD,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";
import { collectErrors, expectOneH1, screenshot } from "../support/e2e/page-checks";

// A real sign-in, full-page screenshots and axe on each screen: more than the default budget.
test.describe.configure({ timeout: 240_000 });

const isPhone = () => (test.info().project.use.viewport?.width ?? 1280) < 768;
const hasJs = javaScriptOn;
/** The UTC day `days` from today as a task's due badge names it ("Fri 4 Dec"). */
const utcDay = (days: number) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(Date.now() + days * 86_400_000);

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

/** The signed-in header names the page it tops. */
async function expectHeaderNames(page: Page, name: string) {
  const pageName = page.getByRole("banner").getByTestId("page-name");
  await expect(pageName).toHaveText(name);
  await expect(pageName).toBeVisible();
}

/**
 * The sprint's countdown as the server drew it (the same without JavaScript: `days` and 23 hours
 * left), ticking every second with JavaScript.
 */
async function expectCountdown(page: Page, days: string) {
  const timer = page.getByRole("timer", { name: "Sprint Countdown" });
  const unit = (name: string) => timer.locator(`[data-unit="${name}"] span`).first();
  await expect(unit("days")).toHaveText(days);
  await expect(unit("hours")).toHaveText("23");
  if (hasJs()) {
    const first = await unit("seconds").textContent();
    await expect.poll(() => unit("seconds").textContent()).not.toBe(first);
  }
}

test.describe("landing page", () => {
  test("hero, claims, sections and the account link", async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, "/");
    await expect(page.getByRole("main").getByText("Client Portal", { exact: true })).toBeVisible();
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
  test("a sprint page sends a visitor to /, saying so, and signing in lands back there", async ({
    page,
  }) => {
    const route = "/dashboard/sprint-1";
    const email = uniqueEmail("return");
    await createUser(email);
    await open(page, route);
    await expect(page).toHaveURL(new RegExp(`/\\?redirectTo=${encodeURIComponent(route)}$`));
    const notice = page.getByRole("status").filter({ hasText: "Please sign in" });
    await expect(notice).toContainText("Sign in to see that page");
    await screenshot(page, "sign-in-notice");
    await expectAccessible(page);
    await notice.getByRole("link", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(new RegExp(`${route}$`));
  });

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
    // The notice is the one the test above checks with axe, in other words.
  });
});

test.describe("signed in", () => {
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
    await expectHeaderNames(page, "Account");
    await expectOneH1(page);
    await screenshot(page, "account");
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("the dashboard: greeting, summary cards, Sprint Overview, Quick Actions and the header", async ({
    page,
    signIn,
  }) => {
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
        tasks: "0 of 4 tasks",
        time: "3 weeks",
        action: "Start Sprint",
      },
      {
        title: "Launch",
        progress: "0",
        tasks: "0 of 3 tasks",
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

    // The header: the client's address, and 'Sign Out' as a form post.
    const header = page.getByRole("banner");
    await expect(header.getByText(email)).toBeVisible();
    const signOut = header.locator("form", { has: page.getByRole("button", { name: "Sign Out" }) });
    await expect(signOut).toHaveAttribute("action", "/auth/sign-out");
    await expect(signOut).toHaveAttribute("method", "post");
    await expectHeaderNames(page, "Dashboard");

    await expectOneH1(page);
    if (hasJs()) expect(await layoutShift(page)).toBeLessThan(0.01);
    await screenshot(page, "dashboard");
    await expectAccessible(page);
    expect(errors).toEqual([]);

    await cards.nth(1).getByRole("link", { name: "Start Sprint" }).click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-2$/);
  });

  test("Sprints 1 and 2: header, objectives, tasks, countdown and summary", async ({
    page,
    signIn,
  }) => {
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
    await expectHeaderNames(page, "Sprint 1");
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
      // Who does it, and the day it is due, counted from today (the sprint opened just now).
      await expect(task).toContainText("Your task");
      if (index > 0) await expect(task).toContainText(`Due ${utcDay(index + 1)}`);
      await expect(task.getByRole("button")).toHaveText(index === 0 ? "Done" : "Mark Done");
      // One link, the task's own page: the default programme ships no tool links (none of the
      // spec's tools has a real address).
      await expect(task.getByRole("link")).toHaveCount(1);
      await expect(task.getByRole("link")).toHaveAttribute(
        "href",
        new RegExp(`^/dashboard/sprint-1/tasks/[a-z-]+$`),
      );
    }

    const summary = page.getByRole("region", { name: "Sprint Summary" });
    await expect(summary.getByRole("heading", { level: 3 })).toHaveText([
      "Achievements",
      "Next Steps",
    ]);
    await expectOneH1(page);
    await expectCountdown(page, "04");
    if (hasJs()) expect(await layoutShift(page)).toBeLessThan(0.01);
    await screenshot(page, "sprint-1");
    await expectAccessible(page);

    await open(page, "/dashboard/sprint-2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprint 2: Core Development");
    await expectHeaderNames(page, "Sprint 2");
    await expect(page.getByRole("list", { name: "Sprint details" })).toHaveText(
      /3 weeks\s*Not Started/,
    );
    const sprint2Bars = page.getByRole("region", { name: "Objectives" }).getByRole("progressbar");
    await expect(sprint2Bars).toHaveCount(3);
    for (const bar of await sprint2Bars.all()) {
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
    }
    const taskRegion = page.getByRole("region", { name: "Tasks" });
    await expect(taskRegion.getByRole("listitem")).toHaveText([
      /Landing page buildout/,
      /VSL mastery/,
      /Instagram launch/,
      /Sales mastery/,
      /Paid ads launcher/,
    ]);
    await expect(taskRegion.getByRole("link")).toHaveCount(5);
    await expect(taskRegion.getByRole("link", { name: /^Tool/ })).toHaveCount(0);
    await expect(taskRegion.getByRole("button", { name: /^Mark Done: / })).toHaveCount(5);
    const sprint2Summary = page.getByRole("region", { name: "Sprint Summary" });
    await expect(sprint2Summary.getByRole("heading", { level: 3 })).toHaveText([
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
      await expect(sprint2Summary.getByText(criterion, { exact: true })).toBeVisible();
    }
    await expectOneH1(page);
    await expectCountdown(page, "20");
    await screenshot(page, "sprint-2");
    await expectAccessible(page);
    expect(errors).toEqual([]);

    if (hasJs()) {
      // Six days on, in the browser: Sprint 1's 5-day countdown has run out, shows zeros and
      // says so.
      await page.clock.install({ time: Date.now() + 6 * 864e5 });
      await open(page, "/dashboard/sprint-1");
      const timer = page.getByRole("timer", { name: "Sprint Countdown" });
      await expect(timer.locator("[data-unit] span:first-child")).toHaveText([
        "00",
        "00",
        "00",
        "00",
      ]);
      await expect(page.getByText("Time's up: talk to your strategist.")).toBeVisible();
    }
  });

  test("Sprints 3 and 4: the locked placeholders, and an unknown sprint's 404", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
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
      await open(page, `/dashboard/sprint-${spec.sprint}`);
      await expect(page.getByRole("heading", { level: 2, name: spec.title })).toBeVisible();
      await expectHeaderNames(page, `Sprint ${spec.sprint}`);
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
    }

    // Home for a signed-in client is the dashboard.
    const response = await open(page, "/dashboard/sprint-9");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("an unknown page answers 404 with a way home", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (message) => logged.push(message.text()));
  const response = await open(page, "/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Oops! Page not found");
  await expect(page.getByTestId("wave-background")).toBeAttached();
  await expect(page).toHaveTitle("Page not found · Client Portal");
  if (hasJs()) await expect.poll(() => logged.join("\n")).toContain("/no-such-page");
  await screenshot(page, "404");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
