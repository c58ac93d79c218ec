// The two once-flaky flows, repeated while a CPU core spins (decision 046): an address typed as the
// dialog switches to 'Forgot password?' gets the reset link, and a sign-out of all devices signs
// the other browser out at its next page view.
import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import {
  createUser,
  expect,
  open,
  signedInDevice,
  test,
  uniqueEmail,
} from "../support/e2e/fixtures";

const RUNS = Number(process.env.SOAK_RUNS ?? 1);

test.describe.configure({ mode: "serial" });

let busyLoop: ChildProcess | undefined;

test.beforeAll(() => {
  busyLoop = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
});

test.afterAll(() => {
  busyLoop?.kill("SIGKILL");
});

const toast = (page: Page) =>
  page.getByRole("region", { name: "Notifications" }).getByRole("status");

for (let run = 1; run <= RUNS; run += 1) {
  test(`an address typed while the dialog switches to 'Forgot password?' is kept (run ${run})`, async ({
    page,
  }) => {
    const email = uniqueEmail("switch");
    await open(page, "/sign-in");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    // At once, key by key as a client types: no wait for the new mode.
    await dialog.getByLabel("Email").pressSequentially(email);
    await expect(page.getByRole("dialog", { name: "Reset your password" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toast(page)).toContainText(
      `If an account exists for ${email}, we've sent a link to reset your password.`,
    );
  });
}

for (let run = 1; run <= RUNS; run += 1) {
  test(`'Sign out of all devices' ends the other browser's session at its next view (run ${run})`, async ({
    browser,
  }) => {
    const email = uniqueEmail("everywhere-load");
    await createUser(email);
    const other = await signedInDevice(browser, email);
    const owner = await signedInDevice(browser, email);
    await owner.goto("/dashboard/account");
    await owner.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(owner).toHaveURL(/\/$/);
    await other.goto("/dashboard/sprint-1");
    await expect(other).toHaveURL(/\/\?signedOut=everywhere&redirectTo=%2Fdashboard%2Fsprint-1$/);
    await Promise.all([owner.context().close(), other.context().close()]);
  });
}
