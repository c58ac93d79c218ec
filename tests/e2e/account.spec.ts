// Account recovery and account management through the real pages, forms and outbox, with
// JavaScript on and off (at desktop width): a forgotten password reset through the mailed link, a second confirmation
// mail, a password change and an e-mail change on the account page, and signing out of all devices.
import type { Locator, Page } from "@playwright/test";
import {
  createUser,
  expect,
  expectAccessible,
  fillAuthForm,
  latestMail,
  mailsTo,
  open,
  PASSWORD,
  signedInDevice,
  signInByPost,
  signInWithForm,
  slowAnimations,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";

// Each test is a whole journey (form, mail, link, form, sign-out, sign-in again) with axe on the
// pages it passes: more than one page's budget.
test.describe.configure({ timeout: 240_000 });

const NEW_PASSWORD = "Fresh-Start-2027!";
const toast = (page: Page) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status");

async function expectSignInFails(page: Page, email: string, password: string) {
  await signInWithForm(page, email, password);
  await expect(toast(page)).toContainText("Invalid email or password. Please try again.");
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** The form around the submit button named `submit`. */
function formWith(page: Page, submit: string) {
  return page.locator("form").filter({ has: page.getByRole("button", { name: submit }) });
}

/**
 * The form names the signed-in account for password managers: a username field with its address,
 * read-only, never posted, out of the Tab order and out of sight.
 */
async function expectUsernameFor(form: Locator, email: string) {
  const username = form.locator('input[autocomplete="username"]');
  await expect(username).toHaveValue(email);
  await expect(username).toHaveAttribute("readonly", "");
  await expect(username).toHaveAttribute("tabindex", "-1");
  await expect(username).not.toHaveAttribute("name", /.*/);
  const box = await username.boundingBox();
  expect(box && box.width * box.height).toBeLessThanOrEqual(1);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("forgot password", () => {
  test("a client resets a forgotten password through the mailed link; the old one stops working", async ({
    page,
  }, info) => {
    const email = uniqueEmail("forgot");
    await createUser(email);
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
    // The address typed in sign-in mode carries over, with JavaScript (the dialog's state) or
    // without (the switch posts the form, and the answer fills it in).
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toast(page)).toContainText(
      `If an account exists for ${email}, we've sent a link to reset your password.`,
    );

    const mail = await latestMail(email);
    const link = new URL(mail.confirmation_url);
    expect(link.pathname).toBe("/auth/confirm");
    expect(link.searchParams.get("type")).toBe("recovery");
    await page.goto(mail.confirmation_url);
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectUsernameFor(page.locator("form"), email);
    const newPassword = page.getByLabel("New password", { exact: true });
    await expect(newPassword).toHaveAttribute("autocomplete", "new-password");
    await newPassword.fill(NEW_PASSWORD);
    if (info.project.use.javaScriptEnabled !== false)
      await expect(page.getByRole("meter")).toHaveAttribute("aria-valuenow", "5");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page)).toContainText("Password Updated");

    // The link worked once.
    await page.goto(mail.confirmation_url);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Send a New Reset Link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    await expectAccessible(page);

    await page.goto("/dashboard");
    await signOut(page);
    await expectSignInFails(page, email, PASSWORD);
    await signInByPost(page, email, { password: NEW_PASSWORD });
  });

  test("a refused address stays by the form until it is edited", async ({ page }, info) => {
    await open(page, "/forgot-password");
    const toastLife = await slowAnimations(page);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("client@agency");
    const submit = dialog.getByRole("button", { name: "Send Reset Link" });
    await submit.click();
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText("Invalid Email");
    await expect(alert).toContainText("Please enter a valid email address.");
    await expect(submit).toHaveAttribute("aria-describedby", (await alert.getAttribute("id"))!);
    await page.mouse.move(0, 0);
    await toastLife();
    await expect(toast(page)).toBeHidden();
    await expect(alert).toBeVisible();
    if (info.project.use.javaScriptEnabled !== false) {
      await dialog.getByLabel("Email").fill("client@agency.com");
      await expect(alert).toHaveCount(0);
    }
  });

  test("an unknown address gets the same answer and no mail", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await open(page, "/forgot-password");
    await page.getByRole("dialog").getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toast(page)).toContainText(
      `If an account exists for ${email}, we've sent a link to reset your password.`,
    );
    expect(await mailsTo(email)).toEqual([]);
  });
});

test.describe("confirmation mail", () => {
  // The e2e servers set no gap between mails to one address (GOTRUE_SMTP_MAX_FREQUENCY=0), so the
  // second mail can be asked for at once.
  test("a client who signed up asks for the confirmation mail again from the sign-in form; its link confirms and signs in, the first one no longer works", async ({
    page,
  }) => {
    const email = uniqueEmail("resend");
    const signUp = await fillAuthForm(page, "sign-up", email, PASSWORD);
    await signUp.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page)).toContainText("Account Created!");
    const first = await latestMail(email);
    expect(await mailsTo(email)).toHaveLength(1);

    await signInWithForm(page, email);
    await expect(toast(page)).toContainText(
      "Please check your email and click the confirmation link.",
    );
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole("button", { name: "Send the confirmation email again" }).click();
    await expect(toast(page)).toContainText("We've sent a new confirmation link.");
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
    const [second] = await mailsTo(email);
    if (!second) throw new Error(`no second mail to ${email}`);
    expect(second.subject).toBe(first.subject);
    expect(second.confirmation_url).not.toBe(first.confirmation_url);

    // Sending the mail again replaced the first link's token.
    await page.goto(first.confirmation_url);
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fdashboard$/);

    await page.goto(second.confirmation_url);
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const name = email.split("@")[0] as string;
    await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();
  });
});

test.describe("account page", () => {
  test("each form keeps its own error, the password change names the account for password managers, and a toast stays while focused", async ({
    page,
  }, info) => {
    const js = info.project.use.javaScriptEnabled !== false;
    const email = uniqueEmail("kept-errors");
    await createUser(email);
    await signInByPost(page, email);
    await open(page, "/dashboard/account");
    const toastLife = await slowAnimations(page);
    const emailForm = formWith(page, "Send Confirmation Link");
    const passwordForm = formWith(page, "Change Password");

    await expectUsernameFor(passwordForm, email);
    await expect(passwordForm.getByLabel("Current password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    await expect(passwordForm.getByLabel("New password", { exact: true })).toHaveAttribute(
      "autocomplete",
      "new-password",
    );
    // The eye toggle needs JavaScript: without it there is none.
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(js ? 3 : 0);

    await passwordForm.getByLabel("Current password", { exact: true }).fill("Wrong-Password-1!");
    await passwordForm.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByRole("button", { name: "Change Password" }).click();
    const alert = passwordForm.getByRole("alert");
    await expect(alert).toContainText("Your current password is incorrect.");
    await expect(emailForm.getByRole("alert")).toHaveCount(0);
    const id = (await alert.getAttribute("id"))!;
    await expect(passwordForm).toHaveAttribute("aria-describedby", id);
    await expect(passwordForm.getByRole("button", { name: "Change Password" })).toHaveAttribute(
      "aria-describedby",
      id,
    );

    // The toast's lifetime pauses while focus is in it (its dismiss button comes with JavaScript;
    // without, the pointer over it pauses it).
    const shown = toast(page);
    await expect(shown).toContainText("Your current password is incorrect.");
    const lifetime = () =>
      shown.evaluate((element) => element.getAnimations().map((animation) => animation.playState));
    if (js) await shown.getByRole("button", { name: "Dismiss notification" }).focus();
    else await shown.hover();
    await expect.poll(lifetime).toEqual(["paused"]);
    await page.getByRole("heading", { name: "Account", level: 1 }).click();
    await expect.poll(lifetime).toEqual(["running"]);
    await page.mouse.move(0, 0);
    await toastLife();
    await expect(shown).toBeHidden();
    await expect(alert).toBeVisible();

    // The other form's answer is kept by that form.
    await emailForm.getByLabel("New email", { exact: true }).fill(uniqueEmail("elsewhere"));
    await emailForm.getByLabel("Password", { exact: true }).fill("Wrong-Password-1!");
    await emailForm.getByRole("button", { name: "Send Confirmation Link" }).click();
    await expect(emailForm.getByRole("alert")).toContainText("Your current password is incorrect.");
    await expect(passwordForm.getByRole("alert")).toHaveCount(0);
    if (js) {
      await emailForm.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await expect(emailForm.getByRole("alert")).toHaveCount(0);
    }
    await expectAccessible(page);
  });

  test("a client changes the e-mail address and confirms it from both addresses", async ({
    page,
  }) => {
    const email = uniqueEmail("old-address");
    const newEmail = uniqueEmail("new-address");
    await createUser(email);
    await signInByPost(page, email);
    await page.goto("/dashboard/account");

    await page.getByLabel("New email", { exact: true }).fill(newEmail);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1!");
    await page.getByRole("button", { name: "Send Confirmation Link" }).click();
    await expect(toast(page)).toContainText("Your current password is incorrect.");
    await expect(page.getByLabel("New email", { exact: true })).toHaveValue(newEmail);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Send Confirmation Link" }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(toast(page)).toContainText(
      `Open the links sent to ${newEmail} and to your current address`,
    );
    // Until both links are opened, the account keeps its address.
    await expect(page.getByText(email, { exact: true }).last()).toBeVisible();

    const oldMail = await latestMail(email);
    expect(new URL(oldMail.confirmation_url).searchParams.get("type")).toBe("email_change");
    await page.goto(oldMail.confirmation_url);
    await page.getByRole("button", { name: "Confirm Email Change" }).click();
    await expect(toast(page)).toContainText("One More Step");

    const mail = await latestMail(newEmail);
    expect(new URL(mail.confirmation_url).searchParams.get("type")).toBe("email_change");
    await page.goto(mail.confirmation_url);
    await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Confirm Email Change" }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(toast(page)).toContainText("Email Changed");
    await expect(page.getByText(newEmail, { exact: true }).last()).toBeVisible();

    await signOut(page);
    await expectSignInFails(page, email, PASSWORD);
    await signInByPost(page, newEmail);
  });

  /** The other device's next view of Sprint 1: the landing page says why, and signing in goes back. */
  async function expectToldAndReturned(page: Page, email: string, password: string, title: string) {
    await page.goto("/dashboard/sprint-1");
    await expect(page).toHaveURL(/\/\?signedOut=[a-z-]+&redirectTo=%2Fdashboard%2Fsprint-1$/);
    const notice = page.getByRole("status").filter({ hasText: title });
    await expect(notice).toBeVisible();
    // A token carries the whole second it was issued in, and one issued in the revocation's own
    // second counts as revoked: a person reading the notice signs in later than that.
    await page.waitForTimeout(1_000);
    await notice.getByRole("link", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\/sprint-1$/);
  }

  test("'Sign out of all devices' signs a second browser out at its next page view, saying why", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("everywhere");
    await createUser(email);
    const otherPage = await signedInDevice(browser, email);
    await signInByPost(page, email);

    await page.goto("/dashboard/account");
    await page.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("You have been signed out of all devices.");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/\?redirectTo=%2Fdashboard$/);

    await expectToldAndReturned(otherPage, email, PASSWORD, "You were signed out on all devices");
    await otherPage.context().close();
  });

  test("a password changed on one browser signs the other out, saying why", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("changed-elsewhere");
    await createUser(email);
    const otherPage = await signedInDevice(browser, email);
    await signInByPost(page, email);
    await page.getByRole("link", { name: "Account" }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    await expect(page.getByText(email, { exact: true }).last()).toBeVisible();
    await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page)).toContainText("Password Updated");

    await expectToldAndReturned(otherPage, email, NEW_PASSWORD, "Your password was changed");
    await otherPage.context().close();
  });
});
