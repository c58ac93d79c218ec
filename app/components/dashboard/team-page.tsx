// The client's Team page: the company's name, everyone in it (the primary contact marked), and for
// the primary contact, when the agency allows it, 'Invite a colleague' and each colleague's 'Remove'.
import { Form, useActionData } from "@remix-run/react";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { InviteeEmailField } from "~/components/staff/invitee-email-field";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormAnswer } from "~/forms/answer";
import { INVITE_INTENT, REMOVE_PERSON_INTENT } from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import { TEAM_PATH } from "~/lib/paths";

interface TeamPerson {
  userId: string;
  name: string;
  email: string;
  invited: boolean;
  primary: boolean;
  you: boolean;
  removable: boolean;
}

function InviteForm() {
  const result = useActionData<FormAnswer<"email">>();
  const pending = useSubmitting(TEAM_PATH, INVITE_INTENT);
  const alert = useFormAlert();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Invite a colleague</h2>
        </CardTitle>
        <CardDescription>
          They get an e-mail from the agency, and share your programme, messages and files.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={TEAM_PATH}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={INVITE_INTENT} />
          <InviteeEmailField
            id="colleague-email"
            label="Their email"
            defaultValue={result?.values.email ?? ""}
            error={result?.errors.email}
          />
          <SubmitButton pending={pending} {...alert.submitProps}>
            Send Invitation
          </SubmitButton>
          <FormAlert {...alert.alertProps} className="sm:basis-full" />
        </Form>
      </CardContent>
    </Card>
  );
}

function RemoveForm({ person }: { person: TeamPerson }) {
  const pending = useSubmitting(TEAM_PATH, REMOVE_PERSON_INTENT);
  return (
    <Form method="post" action={TEAM_PATH} className="sm:ml-auto">
      <input type="hidden" name="intent" value={REMOVE_PERSON_INTENT} />
      <input type="hidden" name="personId" value={person.userId} />
      <SubmitButton
        pending={pending}
        variant="outline"
        size="sm"
        aria-label={`Remove ${person.name}`}
      >
        Remove
      </SubmitButton>
    </Form>
  );
}

export function TeamPage({
  company,
  manages,
  people,
}: {
  company: string | null;
  manages: boolean;
  people: TeamPerson[];
}) {
  useActionToast(useActionData<FormAnswer>()?.toast);
  // After an invitation went out, the field is empty for the next one.
  const resetKey = useResetKey(TEAM_PATH);
  const primary = people.find((person) => person.primary);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {company ? `Team · ${company}` : "Team"}
        </h1>
        <p className="text-sm text-muted-foreground">
          Everyone here shares your programme, messages and files.
          {manages || !primary || primary.you
            ? null
            : ` To add or remove someone, ask ${primary.name}, your primary contact.`}
        </p>
      </div>
      {manages ? <InviteForm key={resetKey} /> : null}
      <Card>
        <ul className="grid gap-2 p-6">
          {people.map((person) => (
            <li
              key={person.userId}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3"
            >
              <span className="font-medium text-slate-900">
                {person.name}
                {person.you ? " (you)" : null}
              </span>
              <span className="break-all text-sm text-muted-foreground">{person.email}</span>
              {person.primary ? <Badge variant="secondary">Primary contact</Badge> : null}
              {person.invited ? <Badge variant="outline">Invited</Badge> : null}
              {person.removable ? <RemoveForm person={person} /> : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
