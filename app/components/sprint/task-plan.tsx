// A task's plan as badges: who does it ("Your task", "Dana's task" once given to one person, "Agency
// task"), and by when ("Due Fri 4 Dec"; "Overdue" while not done).
import { Badge } from "~/components/ui/badge";
import type { ListedTask } from "~/programme/client-programme";
import { momentIn, useReaderZone } from "~/lib/reader-time";
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
  const zone = useReaderZone();
  return (
    <>
      <Badge variant="outline">{assignee ?? OWNER_LABELS[task.owner]}</Badge>
      {task.dueAt === null || done ? null : task.overdue ? (
        <Badge variant="danger">Overdue: due {momentIn(task.dueAt, zone)}</Badge>
      ) : (
        <Badge variant="secondary">Due {momentIn(task.dueAt, zone)}</Badge>
      )}
    </>
  );
}
