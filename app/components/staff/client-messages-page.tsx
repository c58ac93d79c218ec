// One client's thread in the console: every message and internal note, and the form that answers
// or leaves a note.
import { MessageForm, MessageList } from "~/components/messages/message-thread";
import { Card } from "~/components/ui/card";
import { useResetKey } from "~/hooks/use-reset-key";
import type { ThreadMessage } from "~/data/shapes";
import { staffClientMessagesPath } from "~/lib/paths";
import { ClientHeader } from "./client-header";

export interface ClientMessagesData {
  client: { userId: string; email: string; lastSignInAt: number | null };
  current: string;
  messages: ThreadMessage[];
  viewerEmail: string;
  now: number;
}

export function ClientMessagesPage({
  client,
  current,
  messages,
  viewerEmail,
  now,
}: ClientMessagesData) {
  const action = staffClientMessagesPath(client.userId);
  const resetKey = useResetKey(action);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={current} />
      <Card>
        <div className="grid gap-6 p-6">
          <MessageList
            messages={messages}
            viewer={{ role: "staff", email: viewerEmail }}
            now={now}
          />
          <MessageForm key={resetKey} action={action} allowInternal />
        </div>
      </Card>
    </div>
  );
}
