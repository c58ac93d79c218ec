// Class-name helper for every component: joins class names, dropping falsy ones, without resolving
// Tailwind conflicts (decision 020), so a primitive's variants and a caller's classes must never
// set the same property; every end-to-end test checks rendered class lists for conflicts.
import { clsx, type ClassValue } from "clsx";

export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
