// The client's Messages page: the thread with the agency, then the form to write to it.
import { MessageForm, MessageList, NoticesFilter } from "~/components/messages/message-thread";
import { Card } from "~/components/ui/card";
import { useResetKey } from "~/hooks/use-reset-key";
import type { ThreadMessage } from "~/data/shapes";
import { MESSAGES_PATH } from "~/lib/paths";

export function MessagesPage({
  messages,
  hideNotices,
  now,
}: {
  messages: ThreadMessage[];
  hideNotices: boolean;
  now: number;
}) {
  const resetKey = useResetKey(MESSAGES_PATH);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Messages</h1>
        <p className="text-sm text-muted-foreground">Ask the agency anything; they answer here.</p>
      </div>
      <Card>
        <div className="grid gap-6 p-6">
          <NoticesFilter path={MESSAGES_PATH} hidden={hideNotices} />
          <MessageList messages={messages} now={now} />
          {/* A sent message starts the form again, empty (another's message arriving does not). */}
          <MessageForm key={resetKey} action={MESSAGES_PATH} />
        </div>
      </Card>
    </div>
  );
}
