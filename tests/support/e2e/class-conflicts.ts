// A rendered element must never carry two classes for one property ("px-2 px-4"): `cn` does not
// resolve them, so the stylesheet's order would win (decision 020). tailwind-merge finds them, each
// component class counted as the utilities it applies (decision 044).
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
