// A sprint's task list with 'Mark Done' / 'Done' toggles. The state lives in this component only
// (it is lost on reload: tasks are not saved yet); without JavaScript the buttons render disabled and say why.
import {
  Check,
  Circle,
  CircleCheck,
  Clock,
  ExternalLink,
  type LucideIcon,
} from "~/components/ui/icons";
import { useId, useState } from "react";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Task, TaskPriority, TaskStatus } from "~/content/sprint-plans";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/utils";

const STATUS: Record<TaskStatus, { label: string; icon: LucideIcon; className: string }> = {
  completed: { label: "Completed", icon: CircleCheck, className: "text-emerald-600" },
  "in-progress": { label: "In Progress", icon: Clock, className: "text-blue-600" },
  pending: { label: "Pending", icon: Circle, className: "text-slate-400" },
};

const PRIORITY: Record<TaskPriority, { label: string; variant: BadgeProps["variant"] }> = {
  high: { label: "High priority", variant: "danger" },
  medium: { label: "Medium priority", variant: "warning" },
  low: { label: "Low priority", variant: "secondary" },
};

function TaskRow({
  task,
  status,
  canToggle,
  onToggle,
}: {
  task: Task;
  status: TaskStatus;
  canToggle: boolean;
  onToggle: () => void;
}) {
  const titleId = useId();
  const done = status === "completed";
  const { icon: StatusIcon, label, className } = STATUS[status];
  const title = <span id={titleId}>{task.title}</span>;
  return (
    <li
      data-task={task.id}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border bg-card p-4"
    >
      <StatusIcon aria-hidden className={cn("size-5 shrink-0", className)} />
      <div className="min-w-0 flex-1">
        <p className={cn("font-medium", done && "text-muted-foreground line-through")}>
          {task.link ? (
            <a
              href={task.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-sm text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {title}
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            title
          )}
        </p>
        <div className="mt-1.5 flex flex-wrap gap-2">
          <Badge variant={PRIORITY[task.priority].variant}>{PRIORITY[task.priority].label}</Badge>
          <Badge variant={done ? "success" : "secondary"}>{label}</Badge>
        </div>
      </div>
      <Button
        type="button"
        size="sm"
        variant={done ? "secondary" : "default"}
        disabled={!canToggle}
        aria-describedby={titleId}
        onClick={onToggle}
        className="min-w-[6.5rem]"
      >
        {done ? <Check aria-hidden /> : null}
        {done ? "Done" : "Mark Done"}
      </Button>
    </li>
  );
}

export function TaskList({ tasks }: { tasks: Task[] }) {
  const hydrated = useHydrated();
  const [statuses, setStatuses] = useState(
    () => new Map<string, TaskStatus>(tasks.map((task) => [task.id, task.status])),
  );
  const statusOf = (task: Task) => statuses.get(task.id) ?? task.status;
  const toggle = (task: Task) =>
    setStatuses((previous) => {
      const current = previous.get(task.id) ?? task.status;
      return new Map(previous).set(task.id, current === "completed" ? "pending" : "completed");
    });
  const completed = tasks.filter((task) => statusOf(task) === "completed").length;

  return (
    <section aria-labelledby="tasks-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tasks-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          Tasks
        </h2>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {completed} of {tasks.length} completed
        </p>
      </div>
      <noscript>
        <p className="mt-2 text-sm text-muted-foreground">
          Marking tasks done needs JavaScript; your task list is shown as it stands.
        </p>
      </noscript>
      <ul className="mt-4 space-y-3">
        {tasks.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            status={statusOf(task)}
            canToggle={hydrated}
            onToggle={() => toggle(task)}
          />
        ))}
      </ul>
    </section>
  );
}
