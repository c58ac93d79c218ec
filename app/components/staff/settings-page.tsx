// The console's Settings: the agency's name, colour, mail sender, support address, booking page and
// landing words in one plain form (it works without JavaScript; a refusal keeps what was typed and
// names its field), and the trail of changes to them.
import { useActionData } from "@remix-run/react";
import { errorProps, FieldError } from "~/components/auth/field-error";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Form } from "~/components/ui/router";
import { Textarea } from "~/components/ui/textarea";
import { useState, type FormEvent } from "react";
import { LOGO_MAX_BYTES, type AgencyBrand } from "~/brand/brand";
import { logoPath } from "~/lib/page-meta";
import { toasts } from "~/content/toasts";
import type { AgencyLine } from "~/data/shapes";
import type { FormAnswer } from "~/forms/answer";
import { BRAND_TEXT_MAX, REMOVE_LOGO_INTENT, type SettingsField } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { STAFF_SETTINGS_PATH } from "~/lib/paths";
import { useStamp } from "~/lib/reader-time";

export interface SettingsData {
  brand: AgencyBrand;
  trail: AgencyLine[];
}

/** The form's fields as the brand fills them. */
function valuesOf(brand: AgencyBrand): Record<SettingsField, string> {
  const figure = (index: number) => brand.landing.figures[index];
  return {
    name: brand.name,
    colour: brand.colour ?? "",
    senderName: brand.senderName ?? "",
    replyTo: brand.replyTo ?? "",
    supportEmail: brand.supportEmail ?? "",
    bookingUrl: brand.bookingUrl ?? "",
    badge: brand.landing.badge,
    tagline: brand.landing.tagline,
    introduction: brand.landing.introduction,
    figureValue0: figure(0)?.value ?? "",
    figureLabel0: figure(0)?.label ?? "",
    figureValue1: figure(1)?.value ?? "",
    figureLabel1: figure(1)?.label ?? "",
    figureValue2: figure(2)?.value ?? "",
    figureLabel2: figure(2)?.label ?? "",
  };
}

function Field({
  name,
  label,
  hint,
  value,
  error,
  max,
  type = "text",
  multiline = false,
}: {
  name: SettingsField;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  max: number;
  type?: "text" | "email" | "url";
  multiline?: boolean;
}) {
  const id = `settings-${name}`;
  const shared = {
    id,
    name,
    defaultValue: value,
    maxLength: max,
    ...errorProps(`${id}-error`, error),
  };
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea rows={3} {...shared} /> : <Input type={type} {...shared} />}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const answersSettings = (answer: FormAnswer) => "name" in answer.values;

function SettingsForm({ brand }: { brand: AgencyBrand }) {
  const pending = useSubmitting(STAFF_SETTINGS_PATH);
  const alert = useFormAlert(answersSettings);
  const answer = useActionData<FormAnswer<SettingsField>>();
  const kept = answer && answersSettings(answer) ? answer : null;
  const values = { ...valuesOf(brand), ...kept?.values };
  const field = (name: SettingsField) => ({ name, value: values[name], error: kept?.errors[name] });
  return (
    <Form method="post" action={STAFF_SETTINGS_PATH} className="grid gap-6" {...alert.formProps}>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Agency</h2>
          </CardTitle>
          <CardDescription>
            How the portal names you on every page and in every mail, and where clients reach you.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field {...field("name")} label="Agency name" max={BRAND_TEXT_MAX.name} />
          <Field
            {...field("colour")}
            label="Brand colour"
            hint="As #rrggbb, dark enough for white text on it; empty: the portal's own."
            max={7}
          />
          <Field
            {...field("senderName")}
            label="Mail sender name"
            hint="Empty: the agency name."
            max={BRAND_TEXT_MAX.senderName}
          />
          <Field
            {...field("replyTo")}
            label="Reply-to address"
            hint="Where replies to the portal's mails go; empty: its sender address."
            type="email"
            max={254}
          />
          <Field {...field("supportEmail")} label="Support address" type="email" max={254} />
          <Field
            {...field("bookingUrl")}
            label="Booking page"
            hint="Where 'Schedule Meeting' leads; empty: the client's messages."
            type="url"
            max={2000}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Landing page</h2>
          </CardTitle>
          <CardDescription>The words visitors read before they sign in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field {...field("badge")} label="Badge" max={BRAND_TEXT_MAX.badge} />
          <Field {...field("tagline")} label="Tagline" max={BRAND_TEXT_MAX.tagline} />
          <Field
            {...field("introduction")}
            label="Introduction"
            max={BRAND_TEXT_MAX.introduction}
            multiline
          />
          <fieldset className="grid gap-3">
            <legend className="text-sm font-medium">
              Figures (a number and its words; up to 3)
            </legend>
            {([0, 1, 2] as const).map((index) => (
              <div key={index} className="grid gap-3 sm:grid-cols-[8rem_1fr]">
                <Field
                  {...field(`figureValue${index}`)}
                  label={`Figure ${index + 1}`}
                  max={BRAND_TEXT_MAX.figureValue}
                />
                <Field
                  {...field(`figureLabel${index}`)}
                  label={`Figure ${index + 1} words`}
                  max={BRAND_TEXT_MAX.figureLabel}
                />
              </div>
            ))}
          </fieldset>
        </CardContent>
      </Card>
      <div className="grid gap-3 justify-self-start">
        <SubmitButton pending={pending} {...alert.submitProps}>
          Save Settings
        </SubmitButton>
        <FormAlert {...alert.alertProps} />
      </div>
    </Form>
  );
}

/** 'Upload Logo' (a file form: it works without JavaScript) and, once one is set, 'Remove Logo'. */
function LogoForm({ logo }: { logo: string | null }) {
  const pending = useSubmitting(STAFF_SETTINGS_PATH);
  // With JavaScript a file over the limit is refused here, before it is sent (without, the server's
  // 413 says so).
  const [tooLarge, setTooLarge] = useState(false);
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const file = new FormData(event.currentTarget).get("logo");
    const over = file instanceof File && file.size > LOGO_MAX_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Logo</h2>
        </CardTitle>
        <CardDescription>
          A PNG, JPEG or WebP image of at most 1 MB: shown beside your name on every page, and as
          the browser&apos;s icon.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {logo ? (
          <img
            src={logoPath(logo, "header")}
            alt="Your logo"
            className="h-16 w-auto justify-self-start rounded border bg-white p-2"
          />
        ) : null}
        <Form
          method="post"
          action={STAFF_SETTINGS_PATH}
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          onSubmit={checkSize}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="settings-logo">Logo file</Label>
            <Input
              id="settings-logo"
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              required
              {...errorProps(
                "settings-logo-error",
                tooLarge ? toasts.logoTooLarge.description : undefined,
              )}
            />
            <FieldError
              id="settings-logo-error"
              message={tooLarge ? toasts.logoTooLarge.description : undefined}
            />
          </div>
          <SubmitButton pending={pending} variant="outline">
            Upload Logo
          </SubmitButton>
        </Form>
        {logo ? (
          <Form method="post" action={STAFF_SETTINGS_PATH}>
            <input type="hidden" name="intent" value={REMOVE_LOGO_INTENT} />
            <SubmitButton pending={pending} variant="outline">
              Remove Logo
            </SubmitButton>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Trail({ lines }: { lines: AgencyLine[] }) {
  const stamp = useStamp();
  return (
    <section aria-labelledby="settings-trail-title" className="grid gap-3">
      <h2 id="settings-trail-title" className="section-title">
        Changes
      </h2>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes yet: the defaults stand.</p>
      ) : (
        <ul className="grid divide-y rounded-md border bg-background text-sm">
          {lines.map((line, index) => (
            <li key={index} className="grid gap-0.5 p-3">
              <span className="font-medium text-slate-900">{line.field}</span>
              <span className="break-words text-muted-foreground">
                {line.before} → {line.after}
              </span>
              <span className="text-xs text-muted-foreground">
                {line.actorEmail} · {stamp(line.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SettingsPage({ brand, trail }: SettingsData) {
  useActionToast(useActionData<FormAnswer>()?.toast);
  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="text-muted-foreground">
          Your agency&apos;s own portal: saved, it shows on every page and in every mail at once.
        </p>
      </div>
      <LogoForm logo={brand.logo} />
      <SettingsForm brand={brand} />
      <Trail lines={trail} />
    </div>
  );
}
