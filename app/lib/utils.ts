// Class-name helper shared by every component: joins class names, dropping falsy ones. It does not
// resolve Tailwind conflicts (tailwind-merge alone would be 7 KB gzip on every page): a primitive's
// variants and a caller's extra classes must never set the same property. The screens e2e suite
// checks every rendered class list for conflicts with tailwind-merge.
import { clsx, type ClassValue } from "clsx";

export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
