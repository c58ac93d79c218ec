// The account page's mail settings: how its holder hears about new messages (each, batched over a
// few minutes; a daily digest; or none). A plain form: it works without JavaScript.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { MailMode } from "~/data/schema";
import { MAIL_SETTINGS_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { ACCOUNT_PATH } from "~/lib/paths";

const CHOICES: { mode: MailMode; label: string; hint: string }[] = [
  {
    mode: "each",
    label: "Every message",
    hint: "A mail when a message is still unread after five minutes, with everything that came meanwhile.",
  },
  { mode: "daily", label: "A daily digest", hint: "One mail a day with what you have not read." },
  { mode: "off", label: "Off", hint: "No mail; you see new messages in the portal." },
];

export function MailSettings({ messages }: { messages: MailMode }) {
  const pending = useSubmitting(ACCOUNT_PATH, MAIL_SETTINGS_INTENT);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>E-mail notifications</h2>
        </CardTitle>
        <CardDescription>Mails about new messages in your conversation.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={ACCOUNT_PATH} className="grid max-w-md gap-4">
          <input type="hidden" name="intent" value={MAIL_SETTINGS_INTENT} />
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">New messages</legend>
            {CHOICES.map((choice) => (
              <div key={choice.mode} className="flex items-start gap-3 text-sm">
                <input
                  type="radio"
                  id={`mail-${choice.mode}`}
                  name="messages"
                  value={choice.mode}
                  defaultChecked={choice.mode === messages}
                  aria-describedby={`mail-${choice.mode}-hint`}
                  className="mt-1 size-4 accent-primary"
                />
                <div>
                  <label htmlFor={`mail-${choice.mode}`} className="font-medium">
                    {choice.label}
                  </label>
                  <p id={`mail-${choice.mode}-hint`} className="text-muted-foreground">
                    {choice.hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <SubmitButton pending={pending} variant="outline">
            Save E-mail Settings
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
