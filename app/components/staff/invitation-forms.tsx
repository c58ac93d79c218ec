// An unaccepted invitation's buttons, wherever the console lists it: "Resend invitation" (a new
// link, within the auth service's gap per address) and "Cancel invitation" (its link then fails).
import { Form } from "~/components/ui/router";
import { Button } from "~/components/ui/button";
import { CANCEL_INVITATION_INTENT, RESEND_INVITATION_INTENT } from "~/forms/schemas";
import { INVITE_ACTION } from "~/lib/paths";

function InvitationForm({
  email,
  intent,
  label,
}: {
  email: string;
  intent: string;
  label: string;
}) {
  return (
    <Form method="post" action={INVITE_ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" size="sm" variant="outline">
        {label}
        <span className="sr-only"> to {email}</span>
      </Button>
    </Form>
  );
}

export function ResendInvitationForm({ email }: { email: string }) {
  return (
    <InvitationForm email={email} intent={RESEND_INVITATION_INTENT} label="Resend invitation" />
  );
}

export function CancelInvitationForm({ email }: { email: string }) {
  return (
    <InvitationForm email={email} intent={CANCEL_INVITATION_INTENT} label="Cancel invitation" />
  );
}
