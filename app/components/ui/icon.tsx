// An icon from the build's sprite: one <svg> with one <use> that points at the drawing by name, in a
// file every page shares and the browser caches for a year. Decorative (hidden from screen readers):
// the control or text beside it carries the name. There is no preload: browsers cannot match one to
// the fetch a <use> makes, so it would download the sprite twice; the first <use> near the top of
// the page fetches it.
import spriteHref from "virtual:icon-sprite";
import type { IconName } from "./icon-names";
import { cn } from "~/lib/utils";

export type { IconName };

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={cn("icon", className)} aria-hidden="true">
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
