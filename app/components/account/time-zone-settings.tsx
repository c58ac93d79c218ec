// The account page's time zone: the zone reminders keep to (9:00 there), chosen from Intl's list.
// A plain form that works without JavaScript; a refusal stays by its button (decision 039). The
// server writes the 400-odd options as one string, which hydration keeps as it is (decision 066).
import { Form } from "~/components/ui/router";
import { useState } from "react";
import { errorProps, FieldError } from "~/components/auth/field-error";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { FormAnswer } from "~/forms/answer";
import { TIME_ZONE_INTENT } from "~/forms/schemas";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitting } from "~/hooks/use-submitting";
import { ACCOUNT_PATH } from "~/lib/paths";
import { timeZoneChoices } from "~/people/time-zones";

const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

/**
 * The zones as the server writes them, `current` selected (zone names are letters, digits, "_",
 * "+", "-" and "/": nothing to escape).
 */
function optionsHtml(current: string): string {
  return timeZoneChoices(current)
    .map((zone) => {
      const selected = zone === current ? ' selected=""' : "";
      return `<option value="${zone}"${selected}>${zoneLabel(zone)}</option>`;
    })
    .join("");
}

/**
 * The select's options: written by the server as one string; kept as written while a page drawn
 * there is hydrated (the browser's zone list may differ from the server's); drawn by React where
 * the page was opened in the browser.
 */
function ZoneSelect({ timeZone, error }: { timeZone: string; error: string | undefined }) {
  const hydrated = useHydrated();
  const [drawnByServer] = useState(!hydrated);
  const shared = { id: "time-zone", name: "timeZone", ...errorProps("time-zone-error", error) };
  if (drawnByServer) {
    const html = typeof document === "undefined" ? optionsHtml(timeZone) : "";
    return (
      <NativeSelect
        {...shared}
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <NativeSelect {...shared} defaultValue={timeZone}>
      {timeZoneChoices(timeZone).map((zone) => (
        <option key={zone} value={zone}>
          {zoneLabel(zone)}
        </option>
      ))}
    </NativeSelect>
  );
}

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
            <ZoneSelect timeZone={timeZone} error={error} />
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
