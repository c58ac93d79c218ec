// Our `cn` joins class names without resolving Tailwind conflicts (see app/lib/utils.ts), so a
// rendered element must never carry two classes for the same property ("px-2 px-4"): the winner
// would depend on stylesheet order, not on intent. tailwind-merge (a dev dependency only) finds them.
import type { Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/** Each distinct class list on the page that tailwind-merge would shorten, with what it keeps. */
export async function classConflicts(page: Page): Promise<string[]> {
  const lists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((el) => el.getAttribute("class"))),
  ]);
  return lists.flatMap((list) => {
    const classes = new Set((list ?? "").split(/\s+/).filter(Boolean));
    const kept = new Set(twMerge([...classes].join(" ")).split(" "));
    return kept.size === classes.size ? [] : [`${list} → ${[...kept].join(" ")}`];
  });
}
