// Every icon the portal draws, by lucide's name. The build draws each of them once into one
// fingerprinted sprite (scripts/icon-sprite.ts) and pages reference it by name (./icon.tsx), so a
// new icon is one more name here.
import { CONTENT_ICON_NAMES } from "../../content/icon-names";

export const ICON_NAMES = [
  ...CONTENT_ICON_NAMES,
  "arrow-left",
  "arrow-right",
  "check",
  "chevron-right",
  "circle",
  "circle-check",
  "clock",
  "download",
  "external-link",
  "eye",
  "eye-off",
  "folder-open",
  "layout-dashboard",
  "loader-circle",
  "lock",
  "log-out",
  "menu",
  "message-square",
  "panel-left",
  "sparkles",
  "trophy",
  "user-cog",
  "users",
  "x",
  "zap",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
