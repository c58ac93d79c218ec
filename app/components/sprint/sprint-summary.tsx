// A sprint's summary: two lists side by side (achievements and next steps, or key deliverables
// and success criteria).
import { Icon } from "~/components/ui/icon";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { SummaryList } from "~/programme/model";

export function SprintSummary({ lists }: { lists: SummaryList[] }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="section-title">
        Sprint Summary
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {lists.map((list) => (
          <Card key={list.title}>
            <CardHeader>
              <CardTitle asChild size="sm">
                <h3>{list.title}</h3>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2 text-sm">
                {list.items.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Icon name="chevron-right" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                    <span className="first-letter:uppercase">{item}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
