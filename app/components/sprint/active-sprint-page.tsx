// An active sprint's page (sprints 1 and 2): header, countdown, objectives, tasks, summary.
import type { ActiveSprintPlan } from "~/content/sprint-plans";
import { activeSprintBadges } from "~/programme/sprints";
import { SprintCountdown } from "./countdown";
import { Objectives } from "./objectives";
import { SprintHeader } from "./sprint-header";
import { SprintSummary } from "./sprint-summary";
import { TaskList } from "./task-list";

export function ActiveSprintPage({ plan }: { plan: ActiveSprintPlan }) {
  return (
    <div className="space-y-10">
      <SprintHeader
        sprint={plan.sprint}
        badges={activeSprintBadges(plan.sprint)}
        stateVariant={plan.sprint.status === "in-progress" ? "info" : "secondary"}
      />
      <SprintCountdown days={plan.countdown.days} storageKey={plan.countdown.storageKey} />
      <Objectives objectives={plan.objectives} />
      <TaskList tasks={plan.tasks} />
      <SprintSummary lists={plan.summary} />
    </div>
  );
}
