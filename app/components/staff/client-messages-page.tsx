// One client's thread in the console: every message and internal note, the form that answers or
// leaves a note, whether this staff member follows it by mail, and what became of its mails.
import { Form } from "~/components/ui/router";
import { MessageForm, MessageList, NoticesFilter } from "~/components/messages/message-thread";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import type { MailDelivery, ThreadMessage } from "~/data/shapes";
import { FOLLOW_INTENT } from "~/forms/schemas";
import { staffClientMessagesPath } from "~/lib/paths";
import { ClientHeader } from "./client-header";
import { useStamp } from "~/lib/reader-time";
import { useRelativeTime } from "~/lib/relative-time";

export interface ClientMessagesData {
  client: { userId: string; email: string; lastSignInAt: number | null };
  current: string;
  messages: ThreadMessage[];
  /** The thread is shown without its messages about tasks. */
  hideNotices: boolean;
  follows: boolean;
  deliveries: MailDelivery[];
  now: number;
}

function FollowForm({ action, follows }: { action: string; follows: boolean }) {
  const pending = useSubmitting(action, FOLLOW_INTENT);
  return (
    <Form method="post" action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={FOLLOW_INTENT} />
      <input type="hidden" name="follow" value={follows ? "off" : "on"} />
      <p className="text-sm text-muted-foreground">
        {follows
          ? "You are mailed about this client's messages."
          : "You are not mailed about this client's messages."}
      </p>
      <SubmitButton pending={pending} variant="outline" size="sm">
        {follows ? "Stop e-mails for this client" : "E-mail me about this client"}
      </SubmitButton>
    </Form>
  );
}

const STATUSES = {
  sent: { label: "Sent", variant: "success" },
  skipped: { label: "Skipped", variant: "secondary" },
  failed: { label: "Failed", variant: "danger" },
} as const satisfies Record<MailDelivery["status"], { label: string; variant: string }>;

function Deliveries({ deliveries, now }: { deliveries: MailDelivery[]; now: number }) {
  const relativeTime = useRelativeTime();
  const stamp = useStamp();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Mail deliveries</h2>
        </CardTitle>
        <CardDescription>The latest mails about this conversation, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No mail about this conversation yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Badge variant={STATUSES[delivery.status].variant}>
                  {STATUSES[delivery.status].label}
                </Badge>
                <span className="break-all">{delivery.recipientEmail}</span>
                <span className="text-muted-foreground">{delivery.detail}</span>
                <time
                  dateTime={new Date(delivery.at).toISOString()}
                  title={stamp(delivery.at)}
                  className="text-muted-foreground"
                >
                  {relativeTime(delivery.at, now)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function ClientMessagesPage({
  client,
  current,
  messages,
  hideNotices,
  follows,
  deliveries,
  now,
}: ClientMessagesData) {
  const action = staffClientMessagesPath(client.userId);
  const resetKey = useResetKey(action);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={current} />
      <Card>
        <div className="grid gap-6 p-6">
          <NoticesFilter path={action} hidden={hideNotices} />
          <MessageList messages={messages} now={now} />
          <MessageForm key={resetKey} action={action} allowInternal />
        </div>
      </Card>
      <FollowForm action={action} follows={follows} />
      <Deliveries deliveries={deliveries} now={now} />
    </div>
  );
}
