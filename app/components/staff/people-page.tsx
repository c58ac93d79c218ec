// A client account's people in the console: the form that adds a person (an invitation into this
// account), and everyone in it, its first person first, with their sign-in and a colleague's Remove.
import { Form, useActionData } from "@remix-run/react";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AccountPerson } from "~/data/shapes";
import type { FormAnswer } from "~/forms/answer";
import { INVITE_INTENT, REMOVE_PERSON_INTENT } from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import { staffClientPeoplePath } from "~/lib/paths";
import { consoleTime } from "~/programme/programme-edits";
import { AccountStateBadge } from "./account-state-badge";
import { ClientHeader } from "./client-header";
import { InviteeEmailField } from "./invitee-email-field";

export interface PeopleData {
  client: { userId: string; email: string; lastSignInAt: number | null };
  current: string;
  people: AccountPerson[];
}

function AddPersonForm({ action }: { action: string }) {
  const result = useActionData<FormAnswer<"email">>();
  const pending = useSubmitting(action, INVITE_INTENT);
  const alert = useFormAlert();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Add a person</h2>
        </CardTitle>
        <CardDescription>
          A colleague of this client: they get an invitation, and share its programme, messages and
          files.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={action}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={INVITE_INTENT} />
          <InviteeEmailField
            id="person-email"
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

/** 'Remove': the person loses access at their next request; their work stays with the client. */
function RemoveForm({ action, person }: { action: string; person: AccountPerson }) {
  const pending = useSubmitting(action, REMOVE_PERSON_INTENT);
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={REMOVE_PERSON_INTENT} />
      <input type="hidden" name="personId" value={person.userId} />
      <SubmitButton
        pending={pending}
        variant="outline"
        size="sm"
        aria-label={`Remove ${person.email}`}
      >
        Remove
      </SubmitButton>
    </Form>
  );
}

export function PeoplePage({ client, current, people }: PeopleData) {
  useActionToast(useActionData<FormAnswer>()?.toast);
  const action = staffClientPeoplePath(client.userId);
  // After an invitation went out, the field is empty for the next one.
  const resetKey = useResetKey(action);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={current} />
      <AddPersonForm key={resetKey} action={action} />
      <section aria-labelledby="people-title">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 id="people-title">People</h2>
            </CardTitle>
            <CardDescription>Everyone who works in this client&apos;s portal.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {people.map((person) => (
                <li
                  key={person.userId}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3"
                >
                  <span className="break-all font-medium text-slate-900">{person.email}</span>
                  <AccountStateBadge state={person.state} />
                  {person.first ? <Badge variant="secondary">First person</Badge> : null}
                  <span className="text-sm text-muted-foreground sm:ml-auto">
                    Last sign-in{" "}
                    {person.lastSignInAt === null ? "never" : consoleTime(person.lastSignInAt)}
                  </span>
                  {person.first ? null : <RemoveForm action={action} person={person} />}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
