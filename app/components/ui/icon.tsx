// An icon from the build's sprite: an <svg> whose <use> names the drawing, in a file every page
// shares and caches for a year. Decorative (hidden from screen readers): the control or text beside
// it carries the name. No preload: the first <use> fetches the sprite (decision 043).
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
