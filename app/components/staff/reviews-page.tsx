// Hand-ins waiting for review across clients, the longest wait first: the client, the task and its
// version, and how long it has waited; each opens the client's task, where it is reviewed.
import { Link } from "~/components/ui/router";
import { Card } from "~/components/ui/card";
import type { ReviewQueueItem } from "~/data/shapes";
import { dueIn, useReaderZone } from "~/lib/reader-time";
import { useRelativeTime } from "~/lib/relative-time";

export interface ReviewsData {
  waiting: (ReviewQueueItem & { taskTitle: string; path: string })[];
  now: number;
}

export function ReviewsPage({ waiting, now }: ReviewsData) {
  const relativeTime = useRelativeTime();
  const zone = useReaderZone();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Reviews</h1>
        <p className="text-sm text-muted-foreground">Work handed in by clients, oldest first.</p>
      </div>
      <Card>
        <div className="p-6">
          {waiting.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing waits for review.</p>
          ) : (
            <ul className="grid divide-y" aria-label="Waiting for review">
              {waiting.map((item) => (
                <li key={item.id} className="grid gap-1 py-3 text-sm">
                  <Link to={item.path} className="font-medium text-indigo-700 hover:underline">
                    {item.taskTitle}, version {item.version}
                  </Link>
                  <span className="break-all text-muted-foreground">
                    {item.clientEmail} · waiting since {relativeTime(item.at, now)}
                  </span>
                  {item.dueAt !== null && item.at > item.dueAt ? (
                    <span className="text-muted-foreground">
                      Handed in after its due day ({dueIn(item.dueAt - 1, zone)})
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
