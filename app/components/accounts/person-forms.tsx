// The forms about a client account's people, on staff's People tab and the client's Team page: an
// invitation by address, and a one-button post about one person ('Remove', 'Make primary contact').
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import type { ReactNode } from "react";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormAnswer } from "~/forms/answer";
import { INVITE_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { InviteeEmailField } from "./invitee-email-field";

/** An invitation into the account: its address kept when refused, empty once sent (`key`). */
export function InvitePersonForm({
  action,
  title,
  description,
  fieldId,
}: {
  action: string;
  title: string;
  description: string;
  fieldId: string;
}) {
  const result = useActionData<FormAnswer<"email">>();
  const pending = useSubmitting(action, INVITE_INTENT);
  const alert = useFormAlert();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
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
            id={fieldId}
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

/** One button that posts `intent` about `personId`; `label` names the person for screen readers. */
export function PersonButtonForm({
  action,
  intent,
  personId,
  label,
  className,
  children,
}: {
  action: string;
  intent: string;
  personId: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const pending = useSubmitting(action, intent);
  return (
    <Form method="post" action={action} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="personId" value={personId} />
      <SubmitButton pending={pending} variant="outline" size="sm" aria-label={label}>
        {children}
      </SubmitButton>
    </Form>
  );
}
