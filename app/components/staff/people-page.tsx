// A client account's people in the console: its name, colleagues' switch and due days' zone, the
// form that adds a person, everyone in it in the order they joined (their sign-in, 'Make primary
// contact', a colleague's 'Remove'), and the account's access ('Deactivate' or 'Reactivate').
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { AccountPerson, AccountSettings } from "~/data/shapes";
import type { FormAnswer } from "~/forms/answer";
import {
  ACCOUNT_ACCESS_INTENT,
  ACCOUNT_SETTINGS_INTENT,
  PRIMARY_CONTACT_INTENT,
  PROFILE_TEXT_MAX,
  REMOVE_PERSON_INTENT,
} from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import { PREVIEW_INTENT, staffClientPeoplePath } from "~/lib/paths";
import { personName } from "~/people/names";
import { DEFAULT_TIME_ZONE, useStamp } from "~/lib/reader-time";
import { FieldError } from "~/components/auth/field-error";
import { TimeZoneSelect } from "~/components/time-zone-select";
import { AccountStateBadge } from "./account-state-badge";
import { ClientHeader } from "./client-header";
import { InvitePersonForm, PersonButtonForm } from "~/components/accounts/person-forms";

export interface PeopleData {
  client: { userId: string; email: string; lastSignInAt: number | null };
  current: string;
  settings: AccountSettings;
  people: AccountPerson[];
}

const answersSettings = (answer: FormAnswer) => answer.values.accountName !== undefined;

/** The account's name, which its people see, and whether its primary contact may invite. */
function SettingsForm({ action, settings }: { action: string; settings: AccountSettings }) {
  const pending = useSubmitting(action, ACCOUNT_SETTINGS_INTENT);
  const alert = useFormAlert(answersSettings);
  const result = useActionData<FormAnswer<"accountName" | "dueTimeZone">>();
  const kept = result && answersSettings(result) ? result : null;
  const primaryZone = settings.primaryTimeZone ?? DEFAULT_TIME_ZONE;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Company</h2>
        </CardTitle>
        <CardDescription>
          Its people see this name beside theirs. With the switch on, the primary contact may invite
          and remove colleagues from their Team page. Its due days end at midnight in the zone
          chosen here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={action} className="grid gap-3" {...alert.formProps}>
          <input type="hidden" name="intent" value={ACCOUNT_SETTINGS_INTENT} />
          <div className="grid gap-1.5 sm:max-w-sm">
            <Label htmlFor="account-name">Company name</Label>
            <Input
              id="account-name"
              name="accountName"
              maxLength={PROFILE_TEXT_MAX}
              defaultValue={kept?.values.accountName ?? settings.name ?? ""}
              autoComplete="off"
              aria-invalid={kept?.errors.accountName ? true : undefined}
            />
          </div>
          <div className="flex items-center gap-2">
            <input
              id="colleagues-may-invite"
              name="colleaguesMayInvite"
              type="checkbox"
              defaultChecked={settings.colleaguesMayInvite}
              className="size-4"
            />
            <Label htmlFor="colleagues-may-invite">Colleagues may invite colleagues</Label>
          </div>
          <div className="grid gap-1.5 sm:max-w-sm">
            <Label htmlFor="due-time-zone">Due days end at midnight in</Label>
            <TimeZoneSelect
              id="due-time-zone"
              name="dueTimeZone"
              value={kept?.values.dueTimeZone ?? settings.dueTimeZone ?? ""}
              error={kept?.errors.dueTimeZone}
              none={{ label: `The primary contact's zone (${primaryZone.replaceAll("_", " ")})` }}
            />
            <FieldError id="due-time-zone-error" message={kept?.errors.dueTimeZone} />
          </div>
          <SubmitButton pending={pending} className="justify-self-start" {...alert.submitProps}>
            Save
          </SubmitButton>
          <FormAlert {...alert.alertProps} />
        </Form>
      </CardContent>
    </Card>
  );
}

/** 'Deactivate' lets the client go (nothing deleted); 'Reactivate' lets its people back in. */
function AccessForm({ action, settings }: { action: string; settings: AccountSettings }) {
  const stamp = useStamp();
  const pending = useSubmitting(action, ACCOUNT_ACCESS_INTENT);
  const deactivated = settings.deactivatedAt !== null;
  return (
    <section aria-labelledby="access-title">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="access-title">Access</h2>
          </CardTitle>
          <CardDescription>
            {deactivated
              ? `Deactivated ${stamp(settings.deactivatedAt ?? 0)}: its people cannot sign in and are mailed nothing. You still read everything.`
              : "Deactivating lets this client go: its people are signed out and cannot sign in, no mail or reminder reaches them, and it leaves Needs attention and the filters. Nothing is deleted."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={ACCOUNT_ACCESS_INTENT} />
            <input type="hidden" name="access" value={deactivated ? "reactivate" : "deactivate"} />
            <SubmitButton pending={pending} variant={deactivated ? "default" : "outline"}>
              {deactivated ? "Reactivate client" : "Deactivate client"}
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}

/** The later of a person's last sign-in and their last view of the account's pages. */
function lastActive(
  { lastSignInAt, lastSeenAt }: AccountPerson,
  stamp: (ms: number) => string,
): string {
  const latest = Math.max(lastSignInAt ?? 0, lastSeenAt ?? 0);
  return latest === 0 ? "never" : stamp(latest);
}

export function PeoplePage({ client, current, settings, people }: PeopleData) {
  const stamp = useStamp();
  useActionToast(useActionData<FormAnswer>()?.toast);
  const action = staffClientPeoplePath(client.userId);
  // After an invitation went out, the field is empty for the next one.
  const resetKey = useResetKey(action);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={current} />
      <SettingsForm action={action} settings={settings} />
      <InvitePersonForm
        key={resetKey}
        action={action}
        title="Add a person"
        description="A colleague of this client: they get an invitation, and share its programme, messages and files."
        fieldId="person-email"
      />
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
                  <span className="font-medium text-slate-900">
                    {personName(person.email, person.name)}
                  </span>
                  <span className="break-all text-sm text-muted-foreground">{person.email}</span>
                  <AccountStateBadge state={person.state} />
                  {person.primary ? <Badge variant="secondary">Primary contact</Badge> : null}
                  <span className="text-sm text-muted-foreground sm:ml-auto">
                    Last active {lastActive(person, stamp)}
                  </span>
                  <PersonButtonForm
                    action={action}
                    intent={PREVIEW_INTENT}
                    personId={person.userId}
                    label={`Preview the portal as ${person.email}`}
                  >
                    Preview
                  </PersonButtonForm>
                  {person.primary ? null : (
                    <PersonButtonForm
                      action={action}
                      intent={PRIMARY_CONTACT_INTENT}
                      personId={person.userId}
                      label={`Make ${person.email} the primary contact`}
                    >
                      Make primary contact
                    </PersonButtonForm>
                  )}
                  {person.holdsAccountId || person.primary ? null : (
                    <PersonButtonForm
                      action={action}
                      intent={REMOVE_PERSON_INTENT}
                      personId={person.userId}
                      label={`Remove ${person.email}`}
                    >
                      Remove
                    </PersonButtonForm>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
      <AccessForm action={action} settings={settings} />
    </div>
  );
}
