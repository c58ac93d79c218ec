// A sprint's objectives, each with a labelled progress bar.
import { Icon } from "~/components/ui/icon";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import type { ObjectiveContent as Objective } from "~/programme/model";

function ObjectiveCard({ objective }: { objective: Objective }) {
  const titleId = useId();
  return (
    <Card className="h-full">
      <CardHeader>
        <Icon name="target" className="size-5 text-indigo-700" />
        <CardTitle asChild size="sm">
          <h3 id={titleId}>{objective.title}</h3>
        </CardTitle>
        <CardDescription>{objective.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <div className="figure-row">
          <span>Progress</span>
          <span className="figure">{objective.progress}%</span>
        </div>
        <Progress value={objective.progress} aria-labelledby={titleId} />
      </CardContent>
    </Card>
  );
}

export function Objectives({ objectives }: { objectives: Objective[] }) {
  return (
    <section aria-labelledby="objectives-title">
      <h2 id="objectives-title" className="section-title">
        Objectives
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {objectives.map((objective) => (
          <li key={objective.id}>
            <ObjectiveCard objective={objective} />
          </li>
        ))}
      </ul>
    </section>
  );
}
