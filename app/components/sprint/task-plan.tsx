// A task's plan as badges: who does it ("Your task", "Dana's task" once given to one person, "Agency
// task"), and by when ("Due Fri 4 Dec"; "Overdue" while not done).
import { Badge } from "~/components/ui/badge";
import { shortDate, type ListedTask } from "~/programme/client-programme";
import type { TaskOwner } from "~/programme/model";

const OWNER_LABELS: Record<TaskOwner, string> = { client: "Your task", agency: "Agency task" };

export function TaskPlanBadges({
  task,
  done,
  assignee,
}: {
  task: ListedTask;
  done: boolean;
  /** Who of the client's people does it, as the reader names them; none while anyone does. */
  assignee?: string | null;
}) {
  return (
    <>
      <Badge variant="outline">{assignee ?? OWNER_LABELS[task.owner]}</Badge>
      {task.dueAt === null || done ? null : task.overdue ? (
        <Badge variant="danger">Overdue: due {shortDate(task.dueAt)}</Badge>
      ) : (
        <Badge variant="secondary">Due {shortDate(task.dueAt)}</Badge>
      )}
    </>
  );
}
