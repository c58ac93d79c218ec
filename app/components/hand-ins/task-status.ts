// A task's status as its pages name it: a task handed in reads "In review", "Changes requested" or,
// done by its approval, "Approved" from its latest version; any other, its own status.
import type { BadgeProps } from "~/components/ui/badge";
import type { HandIn } from "~/data/shapes";
import type { TaskStatus } from "~/programme/model";

const TASK_STATUS: Record<TaskStatus, { label: string; variant: BadgeProps["variant"] }> = {
  completed: { label: "Completed", variant: "success" },
  "in-progress": { label: "In Progress", variant: "secondary" },
  pending: { label: "Pending", variant: "secondary" },
};

export function taskStatusLabel(
  task: { status: TaskStatus },
  latest: Pick<HandIn, "status"> | undefined,
) {
  if (task.status !== "completed" && latest?.status === "in-review") {
    return { label: "In review", variant: "warning" as const };
  }
  if (task.status !== "completed" && latest?.status === "changes-requested") {
    return { label: "Changes requested", variant: "danger" as const };
  }
  if (task.status === "completed" && latest?.status === "approved") {
    return { label: "Approved", variant: "success" as const };
  }
  return TASK_STATUS[task.status];
}
