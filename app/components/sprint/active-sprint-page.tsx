// An open sprint's page: header, countdown, objectives, tasks and its summary lists.
import type { HandIn } from "~/data/shapes";
import type { ListedTask, SprintPageView } from "~/programme/client-programme";
import { SprintCountdown } from "./countdown";
import { Objectives } from "./objectives";
import { SprintHeader } from "./sprint-header";
import { SprintSummary } from "./sprint-summary";
import { TaskList } from "./task-list";

export function ActiveSprintPage({
  page,
}: {
  page: SprintPageView<ListedTask> & {
    handIns: Record<string, HandIn["status"]>;
    /** "Your task", "Dana's task", for tasks given to one person. */
    assignees: Record<string, string>;
  };
}) {
  return (
    <div className="space-y-10">
      <SprintHeader
        sprint={page.sprint}
        badges={page.badges}
        stateVariant={page.sprint.status === "in-progress" ? "info" : "secondary"}
      />
      {page.countdown ? <SprintCountdown {...page.countdown} /> : null}
      <Objectives objectives={page.objectives} />
      <TaskList
        sprintPath={page.sprint.path}
        tasks={page.tasks}
        handIns={page.handIns}
        assignees={page.assignees}
      />
      {page.summary.length > 0 ? <SprintSummary lists={page.summary} /> : null}
    </div>
  );
}
