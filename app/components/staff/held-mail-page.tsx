// Replies by mail held for staff, the oldest first: who sent each, why it was held and its words,
// with "Post to thread" (when it names one) and "Discard"; each a plain form that works without JS.
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { Card } from "~/components/ui/card";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import type { FormAnswer } from "~/forms/answer";
import { useSubmitting } from "~/hooks/use-submitting";
import { DISCARD_HELD_INTENT, HELD_MAIL_PATH, POST_HELD_INTENT } from "~/lib/paths";
import { useStamp } from "~/lib/reader-time";

export interface HeldMailData {
  held: {
    id: number;
    receivedAt: number;
    sender: string | null;
    subject: string | null;
    reason: string;
    reply: string;
    clientId: string | null;
  }[];
}

function Decision({ id, intent, label }: { id: number; intent: string; label: string }) {
  const pending = useSubmitting(HELD_MAIL_PATH, intent);
  return (
    <Form method="post" action={HELD_MAIL_PATH}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton
        pending={pending}
        variant={intent === POST_HELD_INTENT ? "default" : "outline"}
        size="sm"
      >
        {label}
      </SubmitButton>
    </Form>
  );
}

export function HeldMailPage({ held }: HeldMailData) {
  useActionToast(useActionData<FormAnswer>()?.toast);
  const stamp = useStamp();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Held mail</h1>
        <p className="text-sm text-muted-foreground">
          Replies by mail the portal did not post on its own, oldest first.
        </p>
      </div>
      <Card>
        <div className="p-6">
          {held.length === 0 ? (
            <p className="text-sm text-muted-foreground">No mail is held.</p>
          ) : (
            <ul className="grid divide-y" aria-label="Held mail">
              {held.map((mail) => (
                <li key={mail.id} className="grid gap-2 py-4 text-sm">
                  <span className="font-medium text-slate-900">
                    {mail.subject || "(no subject)"}
                  </span>
                  <span className="break-all text-muted-foreground">
                    From {mail.sender ?? "no sender"} · {stamp(mail.receivedAt)} · {mail.reason}
                  </span>
                  {mail.reply ? (
                    <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-3">
                      {mail.reply}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    {mail.clientId && mail.reply ? (
                      <Decision id={mail.id} intent={POST_HELD_INTENT} label="Post to thread" />
                    ) : null}
                    <Decision id={mail.id} intent={DISCARD_HELD_INTENT} label="Discard" />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
