// A task's plan as badges: who does it, and by when ("Due Fri 4 Dec"; "Overdue" while not done).
import { Badge } from "~/components/ui/badge";
import { shortDate, type ListedTask } from "~/programme/client-programme";
import type { TaskOwner } from "~/programme/model";

const OWNER_LABELS: Record<TaskOwner, string> = { client: "Your task", agency: "Agency task" };

export function TaskPlanBadges({ task, done }: { task: ListedTask; done: boolean }) {
  return (
    <>
      <Badge variant="outline">{OWNER_LABELS[task.owner]}</Badge>
      {task.dueAt === null || done ? null : task.overdue ? (
        <Badge variant="danger">Overdue: due {shortDate(task.dueAt)}</Badge>
      ) : (
        <Badge variant="secondary">Due {shortDate(task.dueAt)}</Badge>
      )}
    </>
  );
}
