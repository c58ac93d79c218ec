// Labels and figures derived from the programme's sprints (app/content/sprints.ts): names, status
// labels, the cards' button text, the sprint pages' header badges and the active-sprint count.
import { sprints, type Sprint, type SprintStatus } from "~/content/sprints";

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
