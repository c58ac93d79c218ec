// A locked sprint's page (sprints 3 and 4): the locked placeholder, the 'Coming Soon'
// cards and, for the launch, the success vision.
import { Lock, Sparkles, Trophy } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { LockedSprintPlan } from "~/content/sprint-plans";
import { lockedSprintBadges } from "~/programme/sprints";
import { SprintHeader } from "./sprint-header";

export function LockedSprintPage({ plan }: { plan: LockedSprintPlan }) {
  return (
    <div className="space-y-10">
      <SprintHeader
        sprint={plan.sprint}
        badges={lockedSprintBadges(plan.sprint)}
        stateVariant="warning"
      />

      <Card className="border-dashed text-center">
        <div className="flex flex-col items-center gap-4 px-6 py-10">
          <span className="grid size-14 place-items-center rounded-full bg-slate-100 text-slate-700">
            <Lock aria-hidden className="size-7" />
          </span>
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900">
            {plan.locked.title}
          </h2>
          <p className="max-w-md text-muted-foreground">{plan.locked.message}</p>
          <Button disabled variant="secondary">
            <Lock aria-hidden />
            {plan.locked.action}
          </Button>
        </div>
      </Card>

      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          What this sprint will bring
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {plan.comingSoon.map((item) => (
            <li key={item.title}>
              <Card className="h-full">
                <CardHeader>
                  <Badge variant="warning" className="self-start">
                    <Sparkles aria-hidden />
                    Coming Soon
                  </Badge>
                  <CardTitle asChild size="sm">
                    <h3>{item.title}</h3>
                  </CardTitle>
                  <CardDescription>{item.description}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {plan.vision ? (
        <section aria-labelledby="vision-title">
          <h2 id="vision-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            {plan.vision.title}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {plan.vision.items.map((item) => (
              <li key={item}>
                <Card className="flex h-full items-center gap-4 p-6">
                  <Trophy aria-hidden className="size-8 shrink-0 text-amber-600" />
                  <p className="text-lg font-semibold text-slate-900">{item}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
