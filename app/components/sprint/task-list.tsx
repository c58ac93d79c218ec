// A sprint's task list: each title opens the task's page (a tool link beside it); the client's own
// tasks' 'Mark Done' / 'Done' toggles are kept on the server, flipping at once with JavaScript and
// back if the post fails (decision 038); a task done by an approved hand-in links to its hand-in.
import { useFetcher, useFetchers } from "@remix-run/react";
import { Link } from "~/components/ui/router";
import { taskStatusLabel } from "~/components/hand-ins/task-status";
import { TaskPlanBadges } from "./task-plan";
import { useActionToast } from "~/components/toaster";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import type { HandIn } from "~/data/shapes";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import type { FormAnswer } from "~/forms/answer";
import { taskPath } from "~/lib/paths";
import { cn } from "~/lib/utils";
import type { ListedTask } from "~/programme/client-programme";
import type { TaskPriority, TaskStatus } from "~/programme/model";

const STATUS_ICON: Record<TaskStatus, { icon: IconName; className: string }> = {
  completed: { icon: "circle-check", className: "text-emerald-600" },
  "in-progress": { icon: "clock", className: "text-blue-600" },
  pending: { icon: "circle", className: "text-slate-400" },
};

const PRIORITY: Record<TaskPriority, { label: string; variant: BadgeProps["variant"] }> = {
  high: { label: "High priority", variant: "danger" },
  medium: { label: "Medium priority", variant: "warning" },
  low: { label: "Low priority", variant: "secondary" },
};

/** Each task's status as shown: the one being posted (optimistic), else the stored one. */
function useShownStatuses(tasks: ListedTask[]): Map<string, TaskStatus> {
  const posting = new Map<string, TaskStatus>();
  for (const { formData } of useFetchers()) {
    const taskId = formData?.get("taskId");
    const status = formData?.get("status");
    if (typeof taskId === "string" && (status === "completed" || status === "pending")) {
      posting.set(taskId, status);
    }
  }
  return new Map(tasks.map((task) => [task.id, posting.get(task.id) ?? task.status]));
}

function TaskRow({
  task,
  status,
  handIn,
  assignee,
  sprintPath,
}: {
  task: ListedTask;
  status: TaskStatus;
  /** The latest hand-in's status, if the task was handed in. */
  handIn: HandIn["status"] | undefined;
  /** "Your task", "Dana's task", when it is one person's. */
  assignee: string | undefined;
  sprintPath: string;
}) {
  const fetcher = useFetcher<FormAnswer>({ key: `task-${task.id}` });
  // A refused or failed post: its toast; the button shows the stored status again.
  useActionToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  const busy = fetcher.state !== "idle";
  const done = status === "completed";
  const { icon, className } = STATUS_ICON[status];
  const shown = taskStatusLabel({ status }, handIn && { status: handIn });
  const toggleText = done ? "Done" : "Mark Done";
  return (
    <li
      id={`task-${task.id}`}
      data-task={task.id}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border bg-card p-4"
    >
      <Icon name={icon} className={cn("size-5 shrink-0", className)} />
      <div className="min-w-0 flex-1">
        <p className={cn("font-medium", done && "text-muted-foreground line-through")}>
          <Link to={taskPath(task.sprintId, task.id)} className={done ? "rounded-sm" : "task-link"}>
            {task.title}
          </Link>
          {task.link ? (
            <a
              href={task.link}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-2 inline-flex items-center gap-1 rounded-sm align-middle text-sm font-normal text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Tool
              <Icon name="external-link" className="size-4" />
              <span className="sr-only">for {task.title} (opens in a new tab)</span>
            </a>
          ) : null}
        </p>
        <div className="mt-1.5 flex flex-wrap gap-2">
          <Badge variant={PRIORITY[task.priority].variant}>{PRIORITY[task.priority].label}</Badge>
          <Badge variant={shown.variant}>{shown.label}</Badge>
          <TaskPlanBadges task={task} done={done} assignee={assignee} />
        </div>
      </div>
      {task.tick === "hand-in" && !done ? (
        <Button asChild size="sm" variant="outline" className="min-w-[6.5rem]">
          <Link to={taskPath(task.sprintId, task.id)} aria-label={`Hand in: ${task.title}`}>
            Hand in
          </Link>
        </Button>
      ) : null}
      {task.tick !== "toggle" ? null : (
        <fetcher.Form method="post" action={sprintPath} preventScrollReset>
          <input type="hidden" name="taskId" value={task.id} />
          <input type="hidden" name="status" value={done ? "pending" : "completed"} />
          <Button
            type="submit"
            size="sm"
            variant={done ? "secondary" : "default"}
            // What pressing it does, when the text says only what it is.
            aria-label={`${toggleText}: ${task.title}${done ? " (press to mark it not done)" : ""}`}
            // A second click while the first is posting would undo it: one click, one change.
            onClick={(event) => {
              if (busy) event.preventDefault();
            }}
            className="min-w-[6.5rem]"
          >
            {done ? <Icon name="check" /> : null}
            {toggleText}
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}

export function TaskList({
  tasks,
  sprintPath,
  handIns,
  assignees,
}: {
  tasks: ListedTask[];
  sprintPath: string;
  handIns: Record<string, HandIn["status"]>;
  assignees: Record<string, string>;
}) {
  const shown = useShownStatuses(tasks);
  const completed = tasks.filter((task) => shown.get(task.id) === "completed").length;
  return (
    <section aria-labelledby="tasks-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tasks-title" className="section-title">
          Tasks
        </h2>
        {tasks.length > 0 ? (
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {completed} of {tasks.length} completed
          </p>
        ) : null}
      </div>
      {tasks.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No tasks yet: your team adds this sprint&apos;s tasks as it begins.
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {tasks.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              status={shown.get(task.id) ?? task.status}
              handIn={handIns[task.id]}
              assignee={assignees[task.id]}
              sprintPath={sprintPath}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
