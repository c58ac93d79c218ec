// "Needs attention" at the top of the console: each kind with its oldest items, linking to the place
// to act, and an unaccepted invitation's "Resend invitation" (posted to the invitation's action).
import { Link } from "~/components/ui/router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useReaderZone } from "~/lib/reader-time";
import { attentionText, type AttentionGroup } from "~/staff/views";
import { ResendInvitationForm } from "./invitation-forms";

export function NeedsAttention({ groups }: { groups: AttentionGroup[] }) {
  const zone = useReaderZone();
  return (
    <Card aria-labelledby="attention-title" role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="attention-title">Needs attention</h2>
        </CardTitle>
        <CardDescription>
          {groups.length === 0
            ? "Nothing is overdue or waiting: every client is on track."
            : "Oldest first: each one links to where to act on it."}
        </CardDescription>
      </CardHeader>
      {groups.length > 0 ? (
        <CardContent className="grid gap-5">
          {groups.map((group) => (
            <section key={group.kind} aria-labelledby={`attention-${group.kind}`}>
              <h3 id={`attention-${group.kind}`} className="text-sm font-semibold text-slate-900">
                {group.title} ({group.count})
              </h3>
              <ul className="mt-2 grid gap-2">
                {group.items.map((item) => (
                  <li
                    key={`${item.clientId}:${item.href}`}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
                  >
                    <Link to={item.href} className="font-medium text-indigo-700 hover:underline">
                      {item.who}
                    </Link>
                    <span className="text-muted-foreground">{attentionText(item, zone)}</span>
                    {group.kind === "invitation-waiting" ? (
                      <ResendInvitationForm email={item.email} />
                    ) : null}
                  </li>
                ))}
              </ul>
              {group.count > group.items.length ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  and {group.count - group.items.length} more
                </p>
              ) : null}
            </section>
          ))}
        </CardContent>
      ) : null}
    </Card>
  );
}
