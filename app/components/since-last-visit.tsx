// "Since your last visit" on the client's dashboard and a client's page in the console: what the
// other side changed and wrote since the viewer's visit before this one, or that nothing did.
import { Link } from "~/components/ui/router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { SinceLastVisit } from "~/data/shapes";
import { useStamp } from "~/lib/reader-time";

export function SinceLastVisitCard({
  news,
  otherSide,
  messagesPath,
}: {
  news: SinceLastVisit;
  /** Who the other side is, as the viewer calls them: "The agency", "The client". */
  otherSide: string;
  messagesPath: string;
}) {
  const stamp = useStamp();
  const { since, changes, messages } = news;
  const nothing = changes.length === 0 && messages === 0;
  return (
    <section aria-labelledby="since-title">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="since-title">Since your last visit</h2>
          </CardTitle>
          <CardDescription>
            Your last visit ended{" "}
            <time dateTime={new Date(since).toISOString()}>{stamp(since)}</time>.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {nothing ? (
            <p className="text-sm text-muted-foreground">
              {otherSide} changed nothing and wrote nothing since.
            </p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {messages > 0 ? (
                <li>
                  <Link to={messagesPath} className="font-medium text-indigo-700 underline">
                    {messages === 1 ? "1 new message" : `${messages} new messages`}
                  </Link>{" "}
                  from {otherSide.toLowerCase()}
                </li>
              ) : null}
              {changes.map((change) => (
                <li key={change.id} className="border-l-2 border-indigo-200 pl-3">
                  <span className="font-medium text-slate-900">
                    {change.field}: {change.before} → {change.after}
                  </span>{" "}
                  <span className="text-muted-foreground">· {stamp(change.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
