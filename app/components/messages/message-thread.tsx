// A thread between a client and the agency, for either side: its messages, oldest first (author,
// relative time, exact on hover; links open in a new tab; notes marked; its task and files linked;
// those about tasks hidden on asking), and the form, kept as typed.
import { useActionData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/router";
import { Fragment } from "react";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { ThreadMessage } from "~/data/shapes";
import type { FormAnswer } from "~/forms/answer";
import { MESSAGE_MAX } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { fileDownloadPath, NOTICES_HIDDEN, NOTICES_PARAM } from "~/lib/paths";
import { cn } from "~/lib/utils";
import { useStamp } from "~/lib/reader-time";
import { useRelativeTime } from "~/lib/relative-time";

/** The thread's filter: its messages about tasks (hand-ins, reviews) shown or left out, a link. */
export function NoticesFilter({ path, hidden }: { path: string; hidden: boolean }) {
  return (
    <p className="text-sm">
      <Link
        to={hidden ? path : `${path}?${NOTICES_PARAM}=${NOTICES_HIDDEN}`}
        className="text-indigo-700 underline underline-offset-4"
        preventScrollReset
      >
        {hidden ? "Show messages about tasks" : "Hide messages about tasks"}
      </Link>
    </p>
  );
}

const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** `text` with its web addresses as links that open in a new tab. */
function WithLinks({ text }: { text: string }) {
  const parts: Array<string | { href: string }> = [];
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(from, match.index), { href: match[0] });
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return parts.map((part, index) =>
    typeof part === "string" ? (
      <Fragment key={index}>{part}</Fragment>
    ) : (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all text-indigo-700 underline"
      >
        {part.href}
      </a>
    ),
  );
}

export function MessageList({ messages, now }: { messages: ThreadMessage[]; now: number }) {
  const relativeTime = useRelativeTime();
  const stamp = useStamp();
  if (messages.length === 0) {
    return <p className="text-sm text-muted-foreground">No messages yet.</p>;
  }
  return (
    <ol className="grid gap-3" aria-label="Messages">
      {messages.map((message) => {
        return (
          <li
            key={message.id}
            className={cn(
              "grid max-w-prose gap-1 rounded-lg border p-3 text-sm",
              message.internal
                ? "border-dashed border-amber-400 bg-amber-50"
                : message.own
                  ? "justify-self-end bg-indigo-50"
                  : "bg-background",
            )}
          >
            <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
              <span className="font-medium text-slate-900">{message.author}</span>
              {message.internal ? (
                <span className="font-medium text-amber-800">Internal note</span>
              ) : null}
              <time dateTime={new Date(message.at).toISOString()} title={stamp(message.at)}>
                {relativeTime(message.at, now)}
              </time>
              {message.task ? (
                <Link to={message.task.path} className="text-indigo-700 underline">
                  {message.task.title}
                </Link>
              ) : null}
            </span>
            <p className="whitespace-pre-wrap break-words text-slate-800">
              <WithLinks text={message.body} />
            </p>
            {message.files.length > 0 ? (
              <ul className="grid gap-0.5" aria-label="Files sent with it">
                {message.files.map((file) => (
                  <li key={file.id}>
                    <a
                      href={fileDownloadPath(file.id)}
                      className="break-all text-indigo-700 underline"
                    >
                      {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Its answers carry what was typed; another form's on the same page do not. */
const claimsMessage = (answer: FormAnswer) => "body" in answer.values;

export function MessageForm({
  action,
  allowInternal = false,
  intent,
}: {
  action: string;
  allowInternal?: boolean;
  /** Tells the post apart from the page's other forms. */
  intent?: string;
}) {
  const result = useActionData<FormAnswer<"body" | "internal">>();
  useActionToast(result?.toast);
  const pending = useSubmitting(action, intent);
  const alert = useFormAlert(claimsMessage);
  return (
    // The thread reads its data again while a message is being written: nothing here is drawn
    // from that data, so what was typed stays.
    <Form
      method="post"
      action={action}
      className="grid gap-3"
      data-keeps-input
      {...alert.formProps}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <div className="grid gap-1.5">
        <Label htmlFor="message-body">Message</Label>
        <Textarea
          id="message-body"
          name="body"
          rows={4}
          maxLength={MESSAGE_MAX}
          required
          defaultValue={result?.values.body ?? ""}
          aria-invalid={result?.errors.body ? true : undefined}
        />
      </div>
      {allowInternal ? (
        <div className="flex items-center gap-2">
          <input
            id="message-internal"
            name="internal"
            type="checkbox"
            defaultChecked={result?.values.internal === "on"}
            className="size-4"
          />
          <Label htmlFor="message-internal">Internal note (not shown to the client)</Label>
        </div>
      ) : null}
      <SubmitButton pending={pending} className="justify-self-start" {...alert.submitProps}>
        Send
      </SubmitButton>
      <FormAlert {...alert.alertProps} />
      <noscript>
        <p className="text-xs text-muted-foreground">
          New messages show when you reload this page.
        </p>
      </noscript>
    </Form>
  );
}
