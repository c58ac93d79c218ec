// A locked sprint's page: the locked placeholder, its objectives as 'Coming Soon' cards and its
// summary lists (the launch's success vision).
import { Icon } from "~/components/ui/icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ListedTask, SprintPageView } from "~/programme/client-programme";
import { SprintHeader } from "./sprint-header";

export function LockedSprintPage({ page }: { page: SprintPageView<ListedTask> }) {
  return (
    <div className="space-y-10">
      <SprintHeader sprint={page.sprint} badges={page.badges} stateVariant="warning" />

      <Card className="border-dashed text-center">
        <div className="flex flex-col items-center gap-4 px-6 py-10">
          <span className="grid size-14 place-items-center rounded-full bg-slate-100 text-slate-700">
            <Icon name="lock" className="size-7" />
          </span>
          <h2 className="section-title">{page.locked.title}</h2>
          <p className="max-w-md text-muted-foreground">{page.locked.message}</p>
          <Button disabled variant="secondary">
            <Icon name="lock" />
            {page.locked.action}
          </Button>
        </div>
      </Card>

      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="section-title">
          What this sprint will bring
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {page.objectives.map((item) => (
            <li key={item.title}>
              <Card className="h-full">
                <CardHeader>
                  <Badge variant="warning" className="self-start">
                    <Icon name="sparkles" />
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

      {page.summary.map((list, index) => (
        <section key={list.title} aria-labelledby={`vision-title-${index}`}>
          <h2 id={`vision-title-${index}`} className="section-title">
            {list.title}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {list.items.map((item) => (
              <li key={item}>
                <Card className="flex h-full items-center gap-4 p-6">
                  <Icon name="trophy" className="size-8 shrink-0 text-amber-600" />
                  <p className="text-lg font-semibold text-slate-900">{item}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
