// Draws an icon that content names (a sprint's, a landing feature's).
import type { ContentIconName } from "~/content/icon-names";
import {
  CalendarDays,
  CodeXml,
  Gauge,
  ListChecks,
  Rocket,
  ShieldCheck,
  Target,
  Wrench,
  type LucideIcon,
} from "~/components/ui/icons";

export const CONTENT_ICONS: Record<ContentIconName, LucideIcon> = {
  target: Target,
  "code-xml": CodeXml,
  "shield-check": ShieldCheck,
  rocket: Rocket,
  "list-checks": ListChecks,
  gauge: Gauge,
  wrench: Wrench,
  "calendar-days": CalendarDays,
};

export function ContentIcon({ name, className }: { name: ContentIconName; className?: string }) {
  const Icon = CONTENT_ICONS[name];
  return <Icon aria-hidden className={className} />;
}
