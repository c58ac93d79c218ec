// The account page's mail settings: how its holder hears about new messages (each, batched over a
// few minutes; a daily digest; or none), and task reminders (staff: the daily overdue summary) on
// or off. A plain form: it works without JavaScript.
import { Form } from "~/components/ui/router";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { MailMode } from "~/data/schema";
import { MAIL_SETTINGS_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { ACCOUNT_PATH } from "~/lib/paths";

interface Choice {
  mode: MailMode;
  label: string;
  hint: string;
}

const MESSAGE_CHOICES: Choice[] = [
  {
    mode: "each",
    label: "Every message",
    hint: "A mail when a message is still unread after five minutes, with everything that came meanwhile.",
  },
  { mode: "daily", label: "A daily digest", hint: "One mail a day with what you have not read." },
  { mode: "off", label: "Off", hint: "No mail; you see new messages in the portal." },
];

const REMINDER_CHOICES: Record<"client" | "staff", Choice[]> = {
  client: [
    {
      mode: "each",
      label: "On",
      hint: "A mail at 9:00 your time the day before a task of yours is due, and on the day if it is still open.",
    },
    { mode: "off", label: "Off", hint: "No reminders; your sprint pages show every due date." },
  ],
  staff: [
    {
      mode: "each",
      label: "On",
      hint: "One mail a day with the tasks that are overdue and the sprints whose time ran out.",
    },
    { mode: "off", label: "Off", hint: "No summary; Needs attention in the console lists them." },
  ],
};

function Choices({
  name,
  legend,
  choices,
  current,
}: {
  name: string;
  legend: string;
  choices: Choice[];
  current: MailMode;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {choices.map((choice) => {
        const id = `mail-${name}-${choice.mode}`;
        return (
          <div key={choice.mode} className="flex items-start gap-3 text-sm">
            <input
              type="radio"
              id={id}
              name={name}
              value={choice.mode}
              defaultChecked={choice.mode === current}
              aria-describedby={`${id}-hint`}
              className="mt-1 size-4 accent-primary"
            />
            <div>
              <label htmlFor={id} className="font-medium">
                {choice.label}
              </label>
              <p id={`${id}-hint`} className="text-muted-foreground">
                {choice.hint}
              </p>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

export function MailSettings({
  messages,
  reminders,
  isStaff,
}: {
  messages: MailMode;
  reminders: MailMode;
  isStaff: boolean;
}) {
  const pending = useSubmitting(ACCOUNT_PATH, MAIL_SETTINGS_INTENT);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>E-mail notifications</h2>
        </CardTitle>
        <CardDescription>
          Mails about new messages in your conversation, and about work that is due.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={ACCOUNT_PATH} className="grid max-w-md gap-4">
          <input type="hidden" name="intent" value={MAIL_SETTINGS_INTENT} />
          <Choices
            name="messages"
            legend="New messages"
            choices={MESSAGE_CHOICES}
            current={messages}
          />
          <Choices
            name="reminders"
            legend={isStaff ? "Daily overdue summary" : "Task reminders"}
            choices={REMINDER_CHOICES[isStaff ? "staff" : "client"]}
            current={reminders}
          />
          <SubmitButton pending={pending} variant="outline">
            Save E-mail Settings
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
