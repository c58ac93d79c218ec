// The client's Team page: the company's name, everyone in it (the primary contact marked), and for
// the primary contact, when the agency allows it, 'Invite a colleague' and each colleague's 'Remove'.
import { useActionData } from "@remix-run/react";
import { InvitePersonForm, PersonButtonForm } from "~/components/accounts/person-forms";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import type { FormAnswer } from "~/forms/answer";
import { REMOVE_PERSON_INTENT } from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
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
      {manages ? (
        <InvitePersonForm
          key={resetKey}
          action={TEAM_PATH}
          title="Invite a colleague"
          description="They get an e-mail from the agency, and share your programme, messages and files."
          fieldId="colleague-email"
        />
      ) : null}
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
              {person.removable ? (
                <PersonButtonForm
                  action={TEAM_PATH}
                  intent={REMOVE_PERSON_INTENT}
                  personId={person.userId}
                  label={`Remove ${person.name}`}
                  className="sm:ml-auto"
                >
                  Remove
                </PersonButtonForm>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
