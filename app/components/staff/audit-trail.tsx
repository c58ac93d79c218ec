// A client's audit trail in the staff console: every change to the programme, by the client or the
// agency, newest first, a page at a time with a link to the older ones.
import { useSearchParams } from "@remix-run/react";
import { Link } from "~/components/ui/router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { TrailEntry } from "~/data/shapes";
import { staffClientPath, TRAIL_PAGE_PARAM } from "~/lib/paths";
import { useStamp } from "~/lib/reader-time";

export function AuditTrail({
  entries,
  older,
  clientId,
}: {
  entries: TrailEntry[];
  older: { at: number; id: number } | null;
  clientId: string;
}) {
  const stamp = useStamp();
  const [params] = useSearchParams();
  const paged = params.has(TRAIL_PAGE_PARAM);
  const page = (cursor: string | null) =>
    `${staffClientPath(clientId)}${cursor ? `?${TRAIL_PAGE_PARAM}=${cursor}` : ""}#audit-title`;
  return (
    <section aria-labelledby="audit-title">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="audit-title">Changes</h2>
          </CardTitle>
          <CardDescription>
            Every change to this programme, by the client or the agency, newest first.
          </CardDescription>
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
                    {stamp(entry.at)} · {entry.actor}
                    {entry.staffOnly ? " · staff only" : ""}
                  </span>
                </li>
              ))}
            </ol>
          )}
          {older || paged ? (
            <nav aria-label="Pages of changes" className="mt-4 flex gap-2">
              {paged ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={page(null)}>Newest changes</Link>
                </Button>
              ) : null}
              {older ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={page(`${older.at}.${older.id}`)}>Older changes</Link>
                </Button>
              ) : null}
            </nav>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
