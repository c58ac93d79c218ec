// A client's audit trail in the staff console: every change the agency made, newest first.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AuditEntry } from "~/data/shapes";
import { consoleTime } from "~/programme/programme-edits";

export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="audit-title">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="audit-title">Changes</h2>
          </CardTitle>
          <CardDescription>Every change made here, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No changes yet.</p>
          ) : (
            <ol className="grid gap-3">
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid gap-0.5 border-l-2 border-indigo-200 pl-3 text-sm"
                >
                  <span className="font-medium text-slate-900">
                    {entry.field}: {entry.before} → {entry.after}
                  </span>
                  <span className="text-muted-foreground">
                    {consoleTime(entry.at)} · {entry.actorEmail}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
