// A sprint page's header: 'Back to Dashboard', the sprint's name and description, and its badges.
import { Link } from "~/components/ui/router";
import { Icon } from "~/components/ui/icon";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DASHBOARD_PATH } from "~/lib/paths";
import type { SprintView } from "~/programme/client-programme";

export function SprintHeader({
  sprint,
  badges: [length, state],
  stateVariant,
}: {
  sprint: SprintView;
  badges: [string, string];
  stateVariant: BadgeProps["variant"];
}) {
  return (
    <div className="space-y-4">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={DASHBOARD_PATH}>
          <Icon name="arrow-left" />
          Back to Dashboard
        </Link>
      </Button>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700">
            <Icon name={sprint.icon} className="size-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {sprint.name}: {sprint.title}
            </h1>
            <p className="mt-1 text-muted-foreground">{sprint.description}</p>
          </div>
        </div>
        <ul className="flex shrink-0 flex-wrap gap-2" aria-label="Sprint details">
          <li>
            <Badge variant="outline" size="lg">
              <Icon name="clock" />
              {length}
            </Badge>
          </li>
          <li>
            <Badge variant={stateVariant} size="lg">
              {state}
            </Badge>
          </li>
        </ul>
      </div>
    </div>
  );
}
