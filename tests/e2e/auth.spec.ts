// Sign-up, confirmation, sign-in, sessions and sign-out through the real dialog and forms, with
// JavaScript on and off (at desktop width: the phone's layout is the screens spec's), against the
// production build and the embedded auth server; every row of the product's error catalogue.
import type { Locator, Page, TestInfo } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessible,
  fillAuthForm,
  latestMail,
  open,
  PASSWORD,
  signInWithForm,
  slowAnimations,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";
import { servers } from "../support/e2e/servers";

const hasJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;
const toast = (page: Page) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status");

/** The sign-up dialog's state after 'Account Created!': the address, and no form to send again. */
async function expectCheckInbox(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`/sign-up\\?inbox=${encodeURIComponent(email)}$`));
  const dialog = page.getByRole("dialog", { name: "Check your inbox" });
  await expect(dialog).toContainText(`We've sent a confirmation link to ${email}.`);
  await expect(dialog.getByRole("button", { name: "Send it again" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Use another address" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create Account" })).toHaveCount(0);
}

test.describe("sign-up, confirmation and session", () => {
  test("a new client signs up, confirms from the outbox, stays signed in, and signs out", async ({
    page,
    context,
  }) => {
    const email = uniqueEmail("journey");
    const dialog = await fillAuthForm(page, "sign-up", email, PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Account Created!");
    await expect(toast(page)).toContainText("Please check your email to verify your account.");
    await expectCheckInbox(page, email);

    const mail = await latestMail(email);
    expect(new URL(mail.confirmation_url).pathname).toBe("/auth/confirm");
    await page.goto(mail.confirmation_url);
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const name = email.split("@")[0] as string;
    await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();
    const second = await context.newPage();
    await second.goto("/dashboard/sprint-1");
    await expect(second).toHaveURL(/\/dashboard\/sprint-1$/);
    await second.close();

    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fdashboard$/);
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => cookie.name.startsWith("sb-"))).toEqual([]);
  });

  test("a used confirmation link gets a clear message, not an error page", async ({ page }) => {
    const email = uniqueEmail("reuse");
    const dialog = await fillAuthForm(page, "sign-up", email, PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Account Created!");
    const mail = await latestMail(email);
    await page.goto(mail.confirmation_url);
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(mail.confirmation_url);
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await page.getByRole("link", { name: "Sign In to Get a New Link" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a signed-in visitor to / goes to the dashboard, and a visitor to /dashboard goes to /", async ({
    page,
    signIn,
  }) => {
    await page.goto("/dashboard/sprint-2");
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fdashboard%2Fsprint-2$/);
    await signIn(page);
    await expect(toast(page)).toContainText("Welcome Back!");
    await expect(toast(page)).toContainText("You have successfully signed in.");
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("the error catalogue", () => {
  test("wrong password: 'Invalid email or password. Please try again.'", async ({ page }) => {
    const email = uniqueEmail("wrong");
    await createUser(email);
    await signInWithForm(page, email, "Not-The-Password-1!");
    await expect(toast(page)).toContainText("Authentication Error");
    await expect(toast(page)).toContainText("Invalid email or password. Please try again.");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue(email);
  });

  test("unconfirmed account: 'Please check your email and click the confirmation link.'", async ({
    page,
  }) => {
    const email = uniqueEmail("unconfirmed");
    await createUser(email, { confirmed: false });
    await signInWithForm(page, email);
    await expect(toast(page)).toContainText(
      "Please check your email and click the confirmation link.",
    );
  });

  test("duplicate sign-up with autoconfirm on: 'An account with this email already exists.'", async ({
    page,
  }) => {
    const server = servers.autoconfirm;
    const email = uniqueEmail("dupe");
    await createUser(email, { server });
    const dialog = await fillAuthForm(page, "sign-up", email, PASSWORD, server.appUrl);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText(
      "An account with this email already exists. Please sign in instead.",
    );
  });

  test("duplicate sign-up with confirmation on answers like a new sign-up: 'Account Created!'", async ({
    page,
  }) => {
    const email = uniqueEmail("dupe-confirmed");
    await createUser(email);
    const dialog = await fillAuthForm(page, "sign-up", email, PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Account Created!");
    await expect(toast(page)).toContainText("Please check your email to verify your account.");
    await expect(toast(page)).not.toContainText("already exists");
    // The same state as a new account's: nothing on screen says the address is taken.
    await expectCheckInbox(page, email);
  });

  test("'Check your inbox' sends the mail again and stays, and 'Use another address' starts over", async ({
    page,
  }) => {
    const email = uniqueEmail("inbox");
    const dialog = await fillAuthForm(page, "sign-up", email, PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expectCheckInbox(page, email);
    const first = await latestMail(email);
    await page.getByRole("dialog").getByRole("button", { name: "Send it again" }).click();
    await expect(toast(page)).toContainText("Email Sent");
    await expectCheckInbox(page, email);
    await expect
      .poll(async () => (await latestMail(email)).confirmation_url)
      .not.toBe(first.confirmation_url);
    await page.getByRole("dialog").getByRole("link", { name: "Use another address" }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(
      page.getByRole("dialog").getByRole("button", { name: "Create Account" }),
    ).toBeVisible();
  });

  test("anything else: 'Authentication failed. Please check your credentials and try again.'", async ({
    page,
  }) => {
    // The service's password policy (12+ characters there) refuses what the form's rules allow.
    const dialog = await fillAuthForm(
      page,
      "sign-up",
      uniqueEmail("policy"),
      "Abcdef1!x",
      servers.autoconfirm.appUrl,
    );
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText(
      "Authentication failed. Please check your credentials and try again.",
    );
  });

  test("auth service down: 'Connection Error' for sign-in and sign-up", async ({ page }) => {
    const server = servers.authDown;
    const email = uniqueEmail("down");
    await signInWithForm(page, email, PASSWORD, server.appUrl);
    await expect(toast(page)).toContainText("Connection Error");
    await expect(toast(page)).toContainText(
      "Unable to connect to authentication service. Please try again.",
    );
    // With or without JavaScript, the form comes back as typed (the password aside without it).
    await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue(email);
    const dialog = await fillAuthForm(
      page,
      "sign-up",
      uniqueEmail("down"),
      PASSWORD,
      server.appUrl,
    );
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Connection Error");
  });

  test("invalid e-mail: the red hint and 'Invalid Email'", async ({ page }, info) => {
    const dialog = await fillAuthForm(page, "sign-in", "client@agency", "whatever");
    if (hasJs(info))
      await expect(
        dialog.getByText("Please enter a valid email address", { exact: true }),
      ).toBeVisible();
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page)).toContainText("Invalid Email");
    await expect(toast(page)).toContainText("Please enter a valid email address.");
    await expect(
      dialog.getByText("Please enter a valid email address", { exact: true }),
    ).toBeVisible();
  });

  test("an error toast is not shown again on the next page", async ({ page }) => {
    await signInWithForm(page, uniqueEmail("once"), "Whatever-1!");
    await expect(toast(page)).toContainText("Authentication Error");
    await page.goto("/sign-in");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
  });
});

test.describe("the dialog", () => {
  test("opens from the landing page's links and toggles modes", async ({ page }, info) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Sign In / Join" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(dialog.getByRole("meter")).toHaveCount(0);
    await expect(dialog.getByLabel("Password", { exact: true })).not.toHaveAttribute(
      "minlength",
      /.*/,
    );
    await dialog.getByRole("button", { name: "Create an account" }).click();
    await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAttribute("minlength", "8");
    if (hasJs(info)) await expect(dialog.getByRole("meter")).toHaveAttribute("aria-valuemax", "5");
    else await expect(dialog.getByRole("meter")).toHaveCount(0);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("loaded open at its address, it closes with focus on 'Get Started'", async ({ page }) => {
    for (const path of ["/sign-in", "/sign-up", "/forgot-password"]) {
      await open(page, path);
      await expect(page.getByRole("dialog")).toBeVisible();
      // The reset form's own check is in screens.spec.ts.
      if (path !== "/forgot-password") await expectAccessible(page);
      if (hasJs(test.info())) {
        await page.keyboard.press("Escape");
        await expect(page).toHaveURL(/\/$/);
      } else {
        // × is a link home whose fragment names 'Get Started'.
        await page.getByRole("link", { name: "Close" }).click();
        await expect(page).toHaveURL(/\/#get-started$/);
      }
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const getStarted = page.getByRole("link", { name: "Get Started" });
      await expect(getStarted).toBeFocused();
      await expect(getStarted).toBeInViewport();
    }
  });

  test("links from before the auth routes (/?auth=…) open the same dialog", async ({ page }) => {
    await page.goto("/?auth=sign-up");
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
    await page.goto("/?auth=sign-in");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  });

  test("switching modes keeps the typed e-mail", async ({ page }) => {
    const email = uniqueEmail("switch");
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Create an account" }).click();
    await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
  });
});

/** The form around a dialog's submit button, and the alert it keeps its error in. */
function authForm(page: Page, submit: string) {
  const form = page
    .getByRole("dialog")
    .locator("form")
    .filter({ has: page.getByRole("button", { name: submit }) });
  return {
    form,
    submit: form.getByRole("button", { name: submit }),
    alert: form.getByRole("alert"),
  };
}

/** The alert is what the form and its submit button name in aria-describedby. */
async function expectDescribedBy(alert: Locator, ...elements: Locator[]) {
  const id = await alert.getAttribute("id");
  expect(id).toBeTruthy();
  for (const element of elements) await expect(element).toHaveAttribute("aria-describedby", id!);
}

test.describe("errors that stay, hints, keyboard and autofill", () => {
  test("a refused sign-in keeps its error by the form, named by the form and its submit, after the toast has gone; an edit puts it away", async ({
    page,
  }, info) => {
    const email = uniqueEmail("kept");
    await createUser(email);
    await open(page, "/sign-in");
    const toastLife = await slowAnimations(page);
    await signInWithForm(page, email, "Not-The-Password-1!");
    const { form, submit, alert } = authForm(page, "Sign In");
    await expect(alert).toContainText("Authentication Error");
    await expect(alert).toContainText("Invalid email or password. Please try again.");
    await expectDescribedBy(alert, form, submit);
    // The toast keeps its exact text, and is not announced a second time next to the alert.
    await expect(toast(page)).toContainText("Invalid email or password. Please try again.");
    if (hasJs(info)) await expect(toast(page)).toHaveAttribute("aria-live", "off");

    await page.mouse.move(0, 0);
    await toastLife();
    await expect(toast(page)).toBeHidden();
    await expect(alert).toBeVisible();

    if (hasJs(info)) {
      await form.getByLabel("Password", { exact: true }).pressSequentially("x");
      await expect(alert).toHaveCount(0);
      await expect(submit).not.toHaveAttribute("aria-describedby", /.*/);
    }
    // The next post answers afresh: here it signs in, and no error is left.
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a toast stays while the pointer is over it", async ({ page }) => {
    await open(page, "/sign-in");
    const toastLife = await slowAnimations(page);
    await signInWithForm(page, uniqueEmail("hover"), "Whatever-1!");
    const shown = toast(page);
    await expect(shown).toContainText("Authentication Error");
    const lifetime = () =>
      shown.evaluate((element) => element.getAnimations().map((animation) => animation.playState));
    await shown.hover();
    await expect.poll(lifetime).toEqual(["paused"]);
    await page.mouse.move(0, 0);
    await expect.poll(lifetime).toEqual(["running"]);
    await toastLife();
    await expect(shown).toBeHidden();
  });

  test("the e-mail hint waits until the field is left or a submit is tried", async ({
    page,
  }, info) => {
    await open(page, "/sign-up");
    const dialog = page.getByRole("dialog");
    const email = dialog.getByLabel("Email");
    const hint = dialog.getByText("Please enter a valid email address", { exact: true });
    if (hasJs(info)) {
      await email.pressSequentially("client@agen");
      await expect(email).toHaveValue("client@agen");
      await expect(hint).toHaveCount(0);
      await email.press("Tab");
      await expect(hint).toBeVisible();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      // From then on it follows the typing.
      await email.fill("client@agency.com");
      await expect(hint).toHaveCount(0);

      // Enter in a form whose submit is disabled sends nothing, but counts as trying.
      await open(page, "/sign-up");
      await email.pressSequentially("client@agency");
      await expect(hint).toHaveCount(0);
      await email.press("Enter");
      await expect(hint).toBeVisible();
    } else {
      // Without JavaScript the server's answer brings it.
      await email.fill("client@agency");
      await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await expect(hint).toHaveCount(0);
      await dialog.getByRole("button", { name: "Create Account" }).click();
      await expect(hint).toBeVisible();
    }
  });

  test("Tab goes e-mail, password, the submit button, then 'Forgot password?'", async ({
    page,
  }, info) => {
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    const password = dialog.getByLabel("Password", { exact: true });
    await dialog.getByLabel("Email").focus();
    await page.keyboard.press("Tab");
    await expect(password).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Sign In" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Forgot password?" })).toBeFocused();
    if (hasJs(info)) {
      // The eye toggle is out of the Tab order; the keyboard has Alt+F8 in the field.
      const toggle = dialog.getByRole("button", { name: "Show password" });
      await expect(toggle).toHaveAttribute("tabindex", "-1");
      await expect(toggle).toHaveAttribute("aria-keyshortcuts", "Alt+F8");
      await password.fill("secret-typed");
      await password.press("Alt+F8");
      await expect(password).toHaveAttribute("type", "text");
      await expect(dialog.getByRole("button", { name: "Hide password" })).toBeVisible();
      await password.press("Alt+F8");
      await expect(password).toHaveAttribute("type", "password");
    }
  });

  test("autocomplete: username and current-password to sign in, new-password to sign up", async ({
    page,
  }) => {
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    await open(page, "/sign-up");
    await expect(dialog.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "new-password",
    );
  });

  test("an address in another script is taken by the form, and the auth service's refusal is told as 'Invalid Email'", async ({
    page,
  }, info) => {
    const email = "josé@exämple.com";
    const dialog = await fillAuthForm(page, "sign-up", email, PASSWORD);
    const { submit, alert } = authForm(page, "Create Account");
    const hint = dialog.getByText("Please enter a valid email address", { exact: true });
    // The form's own rule takes it: no hint after leaving the field, the submit is open.
    await expect(hint).toHaveCount(0);
    if (hasJs(info)) await expect(submit).toBeEnabled();
    await submit.click();
    await expect(toast(page)).toContainText("Invalid Email");
    await expect(toast(page)).toContainText("Please enter a valid email address.");
    await expect(alert).toContainText("Please enter a valid email address.");
    await expect(page.getByText(/check your credentials/)).toHaveCount(0);
    await expect(hint).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
  });

  test("the strength bar is JavaScript's; without it the rules are listed, and a weak password is answered by the server", async ({
    page,
  }, info) => {
    await open(page, "/sign-up");
    const dialog = page.getByRole("dialog");
    // (Chromium reads the rules out; Playwright's role and text engines skip <noscript>.)
    const rules = dialog.locator("li");
    if (hasJs(info)) {
      await expect(dialog.getByRole("meter")).toBeVisible();
      await expect(rules).toHaveCount(0);
      await expect(dialog.getByRole("button", { name: "Show password" })).toBeVisible();
      return;
    }
    await expect(dialog.getByRole("meter")).toHaveCount(0);
    await expect(dialog.getByText(/Strength:/)).toHaveCount(0);
    await expect(dialog.locator("p", { hasText: "at least 3 of:" })).toBeVisible();
    await expect(rules).toHaveText([
      "an upper-case letter",
      "a lower-case letter",
      "a number",
      "a symbol, such as ! ? # %",
    ]);
    // No control that does nothing: the eye toggle needs JavaScript.
    await expect(dialog.getByRole("button", { name: /password/i })).toHaveCount(0);

    await dialog.getByLabel("Email").fill(uniqueEmail("weak-nojs"));
    await dialog.getByLabel("Password", { exact: true }).fill("password");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Password Requirements");
    await expect(toast(page)).toContainText(
      "Please ensure your password meets all security requirements.",
    );
    const { alert } = authForm(page, "Create Account");
    await expect(alert).toContainText(
      "Please ensure your password meets all security requirements.",
    );
    await expect(
      dialog.getByText("Please ensure your password meets all security requirements.", {
        exact: true,
      }),
    ).toHaveCount(2);
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(rules).toHaveCount(4);
  });
});
