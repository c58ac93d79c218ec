// The programme's overview (spec §3): the four sprints, as the landing page, the dashboard and the
// sidebar list them. Each sprint page's own content is in sprint-plans.ts.
import { CodeXml, Rocket, ShieldCheck, Target, type LucideIcon } from "~/components/ui/icons";

export type SprintStatus = "completed" | "in-progress" | "not-started";

export interface Sprint {
  id: number;
  title: string;
  description: string;
  icon: LucideIcon;
  status: SprintStatus;
  /** Percent, 0–100. */
  progress: number;
  route: string;
  estimatedTime: string;
  tasks: { completed: number; total: number };
}

/** Hard-coded headline figures (spec §9). */
export const OVERALL_PROGRESS = 25;
export const TIME_REMAINING = "8 weeks";

export const sprints: Sprint[] = [
  {
    id: 1,
    title: "Foundation",
    description:
      "Define your offer, your ideal client and the messaging everything else builds on.",
    icon: Target,
    status: "in-progress",
    progress: 65,
    route: "/dashboard/sprint-1",
    estimatedTime: "2 weeks",
    tasks: { completed: 8, total: 12 },
  },
  {
    id: 2,
    title: "Core Development",
    description:
      "Build the landing page, sales video, Instagram presence and ads that bring in calls.",
    icon: CodeXml,
    status: "not-started",
    progress: 0,
    route: "/dashboard/sprint-2",
    estimatedTime: "3 weeks",
    tasks: { completed: 0, total: 15 },
  },
  {
    id: 3,
    title: "Advanced Features",
    description:
      "Security, performance and integrations that keep your systems dependable at scale.",
    icon: ShieldCheck,
    status: "not-started",
    progress: 0,
    route: "/dashboard/sprint-3",
    estimatedTime: "3 weeks",
    tasks: { completed: 0, total: 18 },
  },
  {
    id: 4,
    title: "Launch",
    description: "Final testing, deployment and optimization for a confident launch.",
    icon: Rocket,
    status: "not-started",
    progress: 0,
    route: "/dashboard/sprint-4",
    estimatedTime: "2 weeks",
    tasks: { completed: 0, total: 10 },
  },
];

/** "Sprint 1" … "Sprint 4": the sidebar's and the cards' short name. */
export function sprintName(sprint: Pick<Sprint, "id">): string {
  return `Sprint ${sprint.id}`;
}

export function statusLabel(status: SprintStatus): string {
  return { completed: "Completed", "in-progress": "In Progress", "not-started": "Not Started" }[
    status
  ];
}

/** The overview card's button: 'Start Sprint' before a sprint begins, else 'Continue Sprint'. */
export function sprintActionLabel(status: SprintStatus): string {
  return status === "not-started" ? "Start Sprint" : "Continue Sprint";
}

/** An active sprint page's header badges, e.g. ["2 weeks", "65% Complete"]. */
export function activeSprintBadges(sprint: Sprint): [string, string] {
  const progress =
    sprint.status === "in-progress" ? `${sprint.progress}% Complete` : statusLabel(sprint.status);
  return [sprint.estimatedTime, progress];
}

/** A locked sprint page's header badges, e.g. ["3 weeks", "Pending Sprint 2"]. */
export function lockedSprintBadges(sprint: Sprint): [string, string] {
  return [sprint.estimatedTime, `Pending Sprint ${sprint.id - 1}`];
}

/** Sprints currently running (the dashboard's "Active Sprints" figure). */
export function activeSprintCount(list: readonly Sprint[] = sprints): number {
  return list.filter((candidate) => candidate.status === "in-progress").length;
}
