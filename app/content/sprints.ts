// The programme's overview: the four sprints, as the landing page, the dashboard and the sidebar
// list them, and the dashboard's headline figures. Each sprint page's own content is in
// sprint-plans.ts, which only the sprint page loads.
import type { ContentIconName } from "./icon-names";

export type SprintStatus = "completed" | "in-progress" | "not-started";

export interface Sprint {
  id: number;
  title: string;
  description: string;
  icon: ContentIconName;
  status: SprintStatus;
  /** Percent, 0–100. */
  progress: number;
  estimatedTime: string;
  tasks: { completed: number; total: number };
}

/** The dashboard's headline figures, fixed for now (no sprint data feeds them yet). */
export const OVERALL_PROGRESS = 25;
export const TIME_REMAINING = "8 weeks";

export const sprints: Sprint[] = [
  {
    id: 1,
    title: "Foundation",
    description:
      "Define your offer, your ideal client and the messaging everything else builds on.",
    icon: "target",
    status: "in-progress",
    progress: 65,
    estimatedTime: "2 weeks",
    tasks: { completed: 8, total: 12 },
  },
  {
    id: 2,
    title: "Core Development",
    description:
      "Build the landing page, sales video, Instagram presence and ads that bring in calls.",
    icon: "code-xml",
    status: "not-started",
    progress: 0,
    estimatedTime: "3 weeks",
    tasks: { completed: 0, total: 15 },
  },
  {
    id: 3,
    title: "Advanced Features",
    description:
      "Security, performance and integrations that keep your systems dependable at scale.",
    icon: "shield-check",
    status: "not-started",
    progress: 0,
    estimatedTime: "3 weeks",
    tasks: { completed: 0, total: 18 },
  },
  {
    id: 4,
    title: "Launch",
    description: "Final testing, deployment and optimization for a confident launch.",
    icon: "rocket",
    status: "not-started",
    progress: 0,
    estimatedTime: "2 weeks",
    tasks: { completed: 0, total: 10 },
  },
];
