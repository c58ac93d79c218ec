// The console's Templates page: each programme template, and when its file changed, the clients
// still on an earlier version with what the current one would change for each, to apply it to
// those staff tick; a plain form that works without JavaScript.
import { useActionData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/router";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormAnswer } from "~/forms/answer";
import { CHOSEN_CLIENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { staffClientPlanPath, TEMPLATES_PATH } from "~/lib/paths";
import type { TemplatesData } from "~/staff/views";

type Template = TemplatesData["templates"][number];

function TemplateCard({ template }: { template: Template }) {
  const pending = useSubmitting(TEMPLATES_PATH);
  const { behind, total } = template;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{template.name}</h2>
        </CardTitle>
        <CardDescription>
          {total === 0
            ? "Every client on it follows its current version."
            : `Template changed: ${total} ${total === 1 ? "client follows" : "clients follow"} an earlier version. Nothing changes for them until you apply it.`}
        </CardDescription>
      </CardHeader>
      {template.forms.length > 0 ? (
        <CardContent>
          <ul className="grid gap-1 text-sm" aria-label={`Answers to ${template.name}'s forms`}>
            {template.forms.map((form) => (
              <li key={form.csv}>
                <a href={form.csv} download className="text-primary underline underline-offset-4">
                  {form.title}: every client&apos;s answers (CSV)
                </a>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
      {total > 0 ? (
        <CardContent>
          <Form method="post" action={TEMPLATES_PATH} className="grid gap-4">
            <input type="hidden" name="templateId" value={template.id} />
            <ul className="grid gap-3">
              {behind.map((client) => (
                <li key={client.id} className="grid gap-2 rounded-md border p-3">
                  <div className="flex items-center gap-2">
                    <input
                      id={`apply-${template.id}-${client.id}`}
                      type="checkbox"
                      name={`${CHOSEN_CLIENT}${client.id}`}
                      className="size-4"
                    />
                    <label
                      htmlFor={`apply-${template.id}-${client.id}`}
                      className="break-all font-medium"
                    >
                      {client.who}
                    </label>
                    <Link
                      to={staffClientPlanPath(client.id)}
                      className="ml-auto text-sm text-primary underline-offset-4 hover:underline"
                    >
                      Their tasks
                    </Link>
                  </div>
                  {client.changes.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Nothing they see would change.</p>
                  ) : (
                    <ul className="list-disc pl-5 text-sm text-slate-700">
                      {client.changes.map((change) => (
                        <li key={change}>{change}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
            {total > behind.length ? (
              <p className="text-sm text-muted-foreground">
                The {behind.length} longest-standing are listed; the others follow once these are
                done.
              </p>
            ) : null}
            <SubmitButton pending={pending} className="justify-self-start">
              Apply to the Chosen Clients
            </SubmitButton>
          </Form>
        </CardContent>
      ) : null}
    </Card>
  );
}

export function TemplatesPage({ templates }: TemplatesData) {
  const result = useActionData<FormAnswer>();
  useActionToast(result?.toast);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Templates</h1>
      <p className="text-sm text-muted-foreground">
        A client follows the version of their template they were given. When a template&apos;s file
        changes, choose whom it applies to.
      </p>
      {templates.map((template) => (
        <TemplateCard key={template.id} template={template} />
      ))}
    </div>
  );
}
