// One sprint in the dashboard's Sprint Overview: icon, status (or, while locked, what opens it),
// progress, tasks, length and the 'Start Sprint' / 'Continue Sprint' link to its page.
import { Link } from "~/components/ui/router";
import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { sprintActionLabel, STATUS_LABELS, type SprintView } from "~/programme/client-programme";
import type { SprintStatus } from "~/programme/model";

const STATUS_BADGE: Record<SprintStatus, BadgeProps["variant"]> = {
  completed: "success",
  "in-progress": "info",
  "not-started": "secondary",
};

export function SprintCard({ sprint }: { sprint: SprintView }) {
  const titleId = useId();
  return (
    <Card className="flex w-full flex-col">
      <CardHeader>
        <div className="spread">
          <span className="icon-tile size-10">
            <Icon name={sprint.icon} className="size-5" />
          </span>
          <Badge variant={STATUS_BADGE[sprint.status]}>
            {sprint.pendingOn === null
              ? STATUS_LABELS[sprint.status]
              : `After Sprint ${sprint.pendingOn}`}
          </Badge>
        </div>
        <CardTitle asChild>
          <h3 id={titleId}>
            <span className="eyebrow">{sprint.name}</span>
            {sprint.title}
          </h3>
        </CardTitle>
        <p className="card-description">{sprint.description}</p>
      </CardHeader>
      <CardContent className="mt-auto space-y-3">
        <div className="figure-row">
          <span>Progress</span>
          <span className="figure">{sprint.progress}%</span>
        </div>
        <Progress value={sprint.progress} aria-label={`${sprint.name} progress`} />
        <div className="meta-row">
          <span>
            {sprint.tasks.total === 0
              ? "No tasks yet"
              : `${sprint.tasks.completed} of ${sprint.tasks.total} tasks`}
          </span>
          <span className="inline-flex items-center gap-1">
            <Icon name="clock" className="size-4" />
            {sprint.length}
          </span>
        </div>
      </CardContent>
      <CardFooter>
        <Button
          asChild
          className="w-full"
          variant={sprint.status === "not-started" ? "outline" : "default"}
        >
          <Link to={sprint.path} prefetch="intent" aria-describedby={titleId}>
            {sprintActionLabel(sprint.status)}
            <Icon name="arrow-right" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
