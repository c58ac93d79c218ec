// The landing page's copy: nav anchors, the hero's fixed claims and the feature list.
import type { ContentIconName } from "./icon-names";

/** In-page anchors to the landing page's sections. */
export const NAV_LINKS = [
  { label: "About", href: "#about" },
  { label: "Features", href: "#benefits" },
  { label: "Join", href: "#join" },
];

/** The hero's fixed claims; each renders as "{figure} {label}". */
export const CLAIMS = [
  { figure: "99%", label: "client satisfaction" },
  { figure: "50+", label: "projects completed" },
  { figure: "24/7", label: "support" },
];

export const BENEFITS: { icon: ContentIconName; title: string; description: string }[] = [
  {
    icon: "list-checks",
    title: "A clear sprint roadmap",
    description: "All four phases of your programme, what each one delivers and what comes next.",
  },
  {
    icon: "gauge",
    title: "Progress at a glance",
    description: "Objectives, tasks and progress bars show exactly where you stand, on any device.",
  },
  {
    icon: "wrench",
    title: "Your tools in one place",
    description: "Open the builders and worksheets for each task straight from your sprint page.",
  },
  {
    icon: "calendar-days",
    title: "A direct line to your team",
    description: "Book a strategy call whenever you need one, without the e-mail back-and-forth.",
  },
];
