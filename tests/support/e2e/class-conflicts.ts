// Our `cn` joins class names without resolving Tailwind conflicts (see app/lib/utils.ts), so a
// rendered element must never carry two classes for the same property ("px-2 px-4"): the winner
// would depend on stylesheet order, not on intent. tailwind-merge (a dev dependency only) finds them.
// A component class of the stylesheet (`.btn { @apply … }`, app/tailwind.css) counts as the
// utilities it applies, so a caller's utility that sets what the component sets is found too.
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";

const STYLESHEET = new URL("../../../app/tailwind.css", import.meta.url);

/** Each component class of the stylesheet and the utilities it applies. */
export function componentClasses(css: string): Map<string, string[]> {
  const classes = new Map<string, string[]>();
  for (const [, name = "", utilities = ""] of css.matchAll(/\.([\w-]+)\s*\{\s*@apply ([^;]+);/g))
    classes.set(name, utilities.trim().split(/\s+/));
  return classes;
}

const COMPONENTS = componentClasses(readFileSync(STYLESHEET, "utf8"));

/** A class list with each component class replaced by the utilities it applies. */
function expanded(classes: Iterable<string>): string[] {
  return [...classes].flatMap((name) => COMPONENTS.get(name) ?? [name]);
}

/** Each distinct class list on the page that tailwind-merge would shorten, with what it keeps. */
export async function classConflicts(page: Page): Promise<string[]> {
  const lists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((el) => el.getAttribute("class"))),
  ]);
  return lists.flatMap((list) => {
    const classes = new Set(expanded((list ?? "").split(/\s+/).filter(Boolean)));
    const kept = new Set(twMerge([...classes].join(" ")).split(" "));
    return kept.size === classes.size ? [] : [`${list} → ${[...kept].join(" ")}`];
  });
}
