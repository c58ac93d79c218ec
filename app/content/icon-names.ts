// The icons content may name (lucide's names); the UI maps each to its drawing
// (components/content-icon.tsx), so content stays data.
export const CONTENT_ICON_NAMES = [
  "target",
  "code-xml",
  "shield-check",
  "rocket",
  "list-checks",
  "gauge",
  "wrench",
  "calendar-days",
] as const;

export type ContentIconName = (typeof CONTENT_ICON_NAMES)[number];
