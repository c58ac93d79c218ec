// The account page's time zone: the zone reminders keep to (9:00 there), chosen from Intl's list.
// A plain form that works without JavaScript; a refusal stays by its button (decision 039).
import { Form } from "~/components/ui/router";
import { FieldError } from "~/components/auth/field-error";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import type { FormAnswer } from "~/forms/answer";
import { TIME_ZONE_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { ACCOUNT_PATH } from "~/lib/paths";
import { TimeZoneSelect } from "~/components/time-zone-select";

/** Every answer to this form names its field. */
export const answersTimeZone = (answer: FormAnswer) => "timeZone" in answer.values;

export function TimeZoneSettings({
  timeZone,
  error,
}: {
  timeZone: string;
  error: string | undefined;
}) {
  const pending = useSubmitting(ACCOUNT_PATH, TIME_ZONE_INTENT);
  const alert = useFormAlert(answersTimeZone);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Time zone</h2>
        </CardTitle>
        <CardDescription>
          Reminders come at 9:00 in this time zone. Signing in sets it to your browser&apos;s, until
          you choose one here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={ACCOUNT_PATH}
          className="grid max-w-md gap-4"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={TIME_ZONE_INTENT} />
          <div className="grid gap-2">
            <Label htmlFor="time-zone">Time zone</Label>
            <TimeZoneSelect id="time-zone" name="timeZone" value={timeZone} error={error} />
            <FieldError id="time-zone-error" message={error} />
          </div>
          <FormAlert {...alert.alertProps} />
          <SubmitButton pending={pending} variant="outline" {...alert.submitProps}>
            Save Time Zone
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
