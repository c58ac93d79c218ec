// Class-name helper shared by every component: joins class names, dropping falsy ones. Unlike
// shadcn's it does not resolve Tailwind conflicts (tailwind-merge would take `/` over its
// JavaScript budget: docs/decisions/020-primitives-under-the-landing-budget.md), so a primitive's
// variants and a caller's extra classes must never set the same property. Every end-to-end test
// checks the rendered class lists for conflicts (tests/support/e2e/class-conflicts.ts).
import { clsx, type ClassValue } from "clsx";

export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
