// Every client's thread for staff: those waiting for an agency answer first (the longest wait
// first), each with its latest message and what this staff member has not read.
import { Link } from "~/components/ui/router";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import type { InboxThread } from "~/data/shapes";
import { staffClientMessagesPath } from "~/lib/paths";
import { useRelativeTime } from "~/lib/relative-time";

export function InboxPage({ threads, now }: { threads: InboxThread[]; now: number }) {
  const relativeTime = useRelativeTime();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Messages</h1>
      <Card>
        <div className="p-6">
          {threads.length === 0 ? (
            <p className="text-sm text-muted-foreground">No messages yet.</p>
          ) : (
            <ul className="grid divide-y">
              {threads.map((thread) => (
                <li key={thread.clientId} className="grid gap-1 py-3 text-sm">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link
                      to={staffClientMessagesPath(thread.clientId)}
                      className="break-all font-medium text-indigo-700 hover:underline"
                    >
                      {thread.email}
                    </Link>
                    {thread.unread > 0 ? (
                      <Badge variant="secondary">{thread.unread} unread</Badge>
                    ) : null}
                    <span className="text-muted-foreground">
                      {thread.awaitingSince === null
                        ? `latest ${relativeTime(thread.lastMessageAt, now)}`
                        : `waiting since ${relativeTime(thread.awaitingSince, now)}`}
                    </span>
                  </span>
                  <span className="line-clamp-2 break-words text-muted-foreground">
                    {thread.latest.internal
                      ? "Internal note: "
                      : thread.latest.authorRole === "staff"
                        ? "Agency: "
                        : ""}
                    {thread.latest.body}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
