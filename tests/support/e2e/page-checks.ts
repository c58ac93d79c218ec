// Checks the end-to-end specs make of whole pages: a full-page screenshot (for the README and for
// review), one h1, and the console errors and uncaught exceptions a page produced.
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { classConflicts } from "./class-conflicts";
import { expect, test } from "./fixtures";

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

/**
 * The whole page as a client sees it: the viewport is stretched to the page's height first, so the
 * fixed background and sidebar fill the picture (a plain full-page shot leaves them one screen tall).
 * What it shows must come from class lists without Tailwind conflicts.
 */
export async function screenshot(page: Page, screen: string) {
  expect(await classConflicts(page)).toEqual([]);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${screen}-${test.info().project.name}.png`),
    animations: "disabled",
  });
  await page.setViewportSize(viewport);
}

export async function expectOneH1(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

/** Console errors and uncaught exceptions (hydration mismatches land here). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The signed-in sidebar's links, in order, on every width. */
export const MAIN_NAV_LINKS = [
  "Dashboard",
  "Sprint 1",
  "Sprint 2",
  "Sprint 3",
  "Sprint 4",
  "Messages",
  "Files",
  "Team",
  "Account",
];
