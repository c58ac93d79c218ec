// The icons the portal draws. Each comes from its own lucide-react module rather than the
// package's index, which re-exports all ~3,900 icons: the bundler would open every one of those
// files at once and the build would fail where only 1,024 files may be open (see
// docs/decisions/009-icon-imports.md). Import icons from here; add a line when you need a new one.
export type { LucideIcon } from "lucide-react";
export { default as ArrowLeft } from "lucide-react/dist/esm/icons/arrow-left.js";
export { default as ArrowRight } from "lucide-react/dist/esm/icons/arrow-right.js";
export { default as CalendarDays } from "lucide-react/dist/esm/icons/calendar-days.js";
export { default as Check } from "lucide-react/dist/esm/icons/check.js";
export { default as ChevronRight } from "lucide-react/dist/esm/icons/chevron-right.js";
export { default as Circle } from "lucide-react/dist/esm/icons/circle.js";
export { default as CircleCheck } from "lucide-react/dist/esm/icons/circle-check.js";
export { default as Clock } from "lucide-react/dist/esm/icons/clock.js";
export { default as CodeXml } from "lucide-react/dist/esm/icons/code-xml.js";
export { default as ExternalLink } from "lucide-react/dist/esm/icons/external-link.js";
export { default as Eye } from "lucide-react/dist/esm/icons/eye.js";
export { default as EyeOff } from "lucide-react/dist/esm/icons/eye-off.js";
export { default as Gauge } from "lucide-react/dist/esm/icons/gauge.js";
export { default as LayoutDashboard } from "lucide-react/dist/esm/icons/layout-dashboard.js";
export { default as ListChecks } from "lucide-react/dist/esm/icons/list-checks.js";
export { default as LoaderCircle } from "lucide-react/dist/esm/icons/loader-circle.js";
export { default as Lock } from "lucide-react/dist/esm/icons/lock.js";
export { default as LogOut } from "lucide-react/dist/esm/icons/log-out.js";
export { default as Menu } from "lucide-react/dist/esm/icons/menu.js";
export { default as PanelLeft } from "lucide-react/dist/esm/icons/panel-left.js";
export { default as Rocket } from "lucide-react/dist/esm/icons/rocket.js";
export { default as ShieldCheck } from "lucide-react/dist/esm/icons/shield-check.js";
export { default as Sparkles } from "lucide-react/dist/esm/icons/sparkles.js";
export { default as Target } from "lucide-react/dist/esm/icons/target.js";
export { default as Trophy } from "lucide-react/dist/esm/icons/trophy.js";
export { default as UserCog } from "lucide-react/dist/esm/icons/user-cog.js";
export { default as Wrench } from "lucide-react/dist/esm/icons/wrench.js";
export { default as X } from "lucide-react/dist/esm/icons/x.js";
export { default as Zap } from "lucide-react/dist/esm/icons/zap.js";
