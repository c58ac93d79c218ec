// A client's own programme in the console: the template they follow, and each sprint's tasks and
// objectives with forms to rename, describe, re-date, assign, move, hide and add them for this client
// alone; plain forms that work without JavaScript, each keeping what was typed when refused.
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { FormAlert, useFormAlert, type ClaimsAnswer } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { FormAnswer } from "~/forms/answer";
import { TEMPLATE_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { staffClientPlanPath } from "~/lib/paths";
import { PLAN_QUESTIONS_MAX, PLAN_TEXT_MAX, dueText } from "~/programme/client-plan-edits";
import { dueIn, useReaderZone, useStamp } from "~/lib/reader-time";
import type { ClientPlanData } from "~/staff/views";
import { ClientHeader } from "./client-header";

type Sprint = ClientPlanData["sprints"][number];
type Item = Sprint["tasks"][number];
type Kind = "task" | "objective";

const NOUN: Record<Kind, string> = { task: "Task", objective: "Objective" };

/** "Due Sun 29 Nov" (in the reader's zone) once the sprint's countdown runs, else the days after its start. */
function dueLine(item: Item, zone: string): string {
  return item.due === null
    ? dueText(item.dueAfterDays ?? undefined)
    : `Due ${dueIn(item.due.at, zone)}`;
}

function ItemFields({
  kind,
  sprint,
  item,
  kept,
  prefix,
}: {
  kind: Kind;
  sprint: Sprint;
  item: Item | null;
  kept: FormAnswer["values"] | null;
  prefix: string;
}) {
  const errors = useActionData<FormAnswer>()?.errors ?? {};
  const stamp = useStamp();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-title`}>Title</Label>
        <Input
          id={`${prefix}-title`}
          name="title"
          required
          maxLength={80}
          defaultValue={kept?.title ?? item?.title ?? ""}
          autoComplete="off"
        />
        {kept && errors.title ? <p className="text-sm text-destructive">{errors.title}</p> : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-description`}>
          {kind === "task" ? "Instructions (Markdown)" : "Description"}
        </Label>
        <Textarea
          id={`${prefix}-description`}
          name="description"
          rows={3}
          maxLength={PLAN_TEXT_MAX[kind]}
          defaultValue={kept?.description ?? item?.description ?? ""}
        />
      </div>
      {kind === "task" ? (
        <div className="grid gap-1.5">
          {sprint.startedAt === null ? (
            <>
              <Label htmlFor={`${prefix}-due`}>Due, in days after the sprint starts</Label>
              <Input
                id={`${prefix}-due`}
                name="dueAfterDays"
                type="number"
                inputMode="numeric"
                min={0}
                max={366}
                defaultValue={kept?.dueAfterDays ?? item?.dueAfterDays ?? ""}
              />
            </>
          ) : (
            <>
              <Label htmlFor={`${prefix}-due`}>
                Due on (the sprint started {stamp(sprint.startedAt)})
              </Label>
              <Input
                id={`${prefix}-due`}
                name="dueOn"
                type="date"
                defaultValue={kept?.dueOn ?? item?.due?.date ?? ""}
              />
            </>
          )}
          {kept && errors.dueOn ? <p className="text-sm text-destructive">{errors.dueOn}</p> : null}
        </div>
      ) : null}
      {kind === "task" ? (
        <TaskFieldInputs
          prefix={prefix}
          task={item?.task ?? null}
          questions={item?.questions ?? ""}
          kept={kept}
        />
      ) : null}
    </>
  );
}

/** A task's owner, what is handed in, whether approval decides it, its tool and its questions. */
function TaskFieldInputs({
  prefix,
  task,
  questions,
  kept,
}: {
  prefix: string;
  task: Item["task"];
  questions: string;
  kept: FormAnswer["values"] | null;
}) {
  const errors = useActionData<FormAnswer>()?.errors ?? {};
  const required = kept ? kept.handInRequired === "on" : (task?.handInRequired ?? false);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-owner`}>Who does it</Label>
        <NativeSelect
          id={`${prefix}-owner`}
          name="owner"
          defaultValue={kept?.owner || task?.owner || "client"}
        >
          <option value="client">The client</option>
          <option value="agency">The agency</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-hand-in`}>What to hand in</Label>
        <NativeSelect
          id={`${prefix}-hand-in`}
          name="handIn"
          defaultValue={kept?.handIn || task?.handIn || "nothing"}
        >
          <option value="nothing">Nothing</option>
          <option value="files">Files</option>
          <option value="link">A link</option>
          <option value="form">A form (the questions below)</option>
        </NativeSelect>
        {kept && errors.handIn ? <p className="text-sm text-destructive">{errors.handIn}</p> : null}
      </div>
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={`${prefix}-required`}
          name="handInRequired"
          type="checkbox"
          defaultChecked={required}
          className="size-4"
        />
        <Label htmlFor={`${prefix}-required`}>Done only when you approve its hand-in</Label>
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${prefix}-link`}>Tool link (https://)</Label>
        <Input
          id={`${prefix}-link`}
          name="link"
          type="url"
          inputMode="url"
          maxLength={2000}
          defaultValue={kept?.link ?? task?.link ?? ""}
          autoComplete="off"
        />
        {kept && errors.link ? <p className="text-sm text-destructive">{errors.link}</p> : null}
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${prefix}-questions`}>Questions (YAML, as in the programme file)</Label>
        <p id={`${prefix}-questions-help`} className="text-sm text-muted-foreground">
          Asked when it hands in a form. Leave it empty for the template&apos;s questions.
        </p>
        <Textarea
          id={`${prefix}-questions`}
          name="questions"
          rows={questions ? 8 : 3}
          maxLength={PLAN_QUESTIONS_MAX}
          spellCheck={false}
          className="font-mono"
          aria-describedby={`${prefix}-questions-help`}
          defaultValue={kept?.questions ?? questions}
          placeholder={QUESTIONS_EXAMPLE}
        />
        {kept && errors.questions ? (
          <p className="whitespace-pre-line text-sm text-destructive">{errors.questions}</p>
        ) : null}
      </div>
    </div>
  );
}

/** What the questions field shows while empty: the shape of one question. */
const QUESTIONS_EXAMPLE = `questions:
  - id: main-goal
    kind: long-text
    label: What is your main goal this quarter?
    required: true`;

/** Whether an answer is the form of `kind` item `itemId` ("" for the add form) of `sprintId`. */
const answersItem =
  (kind: Kind, sprintId: number, itemId: string): ClaimsAnswer =>
  (answer) =>
    answer.values.kind === kind &&
    answer.values.sprintId === String(sprintId) &&
    (answer.values.itemId ?? "") === itemId;

function Hidden({ kind, sprintId, itemId }: { kind: Kind; sprintId: number; itemId?: string }) {
  return (
    <>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="sprintId" value={sprintId} />
      {itemId ? <input type="hidden" name="itemId" value={itemId} /> : null}
    </>
  );
}

function ItemRow({
  action,
  kind,
  sprint,
  item,
  first,
  last,
}: {
  action: string;
  kind: Kind;
  sprint: Sprint;
  item: Item;
  first: boolean;
  last: boolean;
}) {
  const claims = answersItem(kind, sprint.id, item.id);
  const alert = useFormAlert(claims);
  const answer = useActionData<FormAnswer>();
  const kept = answer && claims(answer) ? answer.values : null;
  const pending = useSubmitting(action, "save");
  const prefix = `${kind}-${item.id}`;
  const zone = useReaderZone();
  return (
    <li id={prefix} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className={item.hidden ? "text-muted-foreground line-through" : "font-medium"}>
          {item.title}
        </span>
        {item.hidden ? <Badge variant="secondary">Hidden from the client</Badge> : null}
        {item.added ? <Badge variant="outline">Added for this client</Badge> : null}
        {kind === "task" ? (
          <span className="text-sm text-muted-foreground">{dueLine(item, zone)}</span>
        ) : null}
      </div>
      <Form method="post" action={action} className="flex flex-wrap gap-2">
        <Hidden kind={kind} sprintId={sprint.id} itemId={item.id} />
        <Button type="submit" name="intent" value="up" variant="outline" size="sm" disabled={first}>
          Move up<span className="sr-only">: {item.title}</span>
        </Button>
        <Button
          type="submit"
          name="intent"
          value="down"
          variant="outline"
          size="sm"
          disabled={last}
        >
          Move down<span className="sr-only">: {item.title}</span>
        </Button>
        <Button
          type="submit"
          name="intent"
          value={item.hidden ? "show" : "hide"}
          variant="outline"
          size="sm"
        >
          {item.hidden ? "Show" : "Hide"}
          <span className="sr-only">: {item.title}</span>
        </Button>
      </Form>
      <details open={kept !== null}>
        <summary className="cursor-pointer text-sm font-medium text-primary">
          Edit {NOUN[kind].toLowerCase()}
          <span className="sr-only">: {item.title}</span>
        </summary>
        <Form method="post" action={action} className="mt-3 grid gap-3" {...alert.formProps}>
          <Hidden kind={kind} sprintId={sprint.id} itemId={item.id} />
          <input type="hidden" name="intent" value="save" />
          <ItemFields kind={kind} sprint={sprint} item={item} kept={kept} prefix={prefix} />
          <SubmitButton pending={pending} className="justify-self-start" {...alert.submitProps}>
            Save {NOUN[kind]}
          </SubmitButton>
          <FormAlert {...alert.alertProps} />
        </Form>
      </details>
    </li>
  );
}

function AddForm({ action, kind, sprint }: { action: string; kind: Kind; sprint: Sprint }) {
  const claims = answersItem(kind, sprint.id, "");
  const alert = useFormAlert(claims);
  const answer = useActionData<FormAnswer>();
  const kept = answer && claims(answer) ? answer.values : null;
  const pending = useSubmitting(action, "add");
  return (
    <details open={kept !== null}>
      <summary className="cursor-pointer text-sm font-medium text-primary">
        Add a {NOUN[kind].toLowerCase()} to Sprint {sprint.id}
      </summary>
      <Form method="post" action={action} className="mt-3 grid gap-3" {...alert.formProps}>
        <Hidden kind={kind} sprintId={sprint.id} />
        <input type="hidden" name="intent" value="add" />
        <ItemFields
          kind={kind}
          sprint={sprint}
          item={null}
          kept={kept}
          prefix={`add-${kind}-${sprint.id}`}
        />
        <SubmitButton pending={pending} className="justify-self-start" {...alert.submitProps}>
          Add {NOUN[kind]}
        </SubmitButton>
        <FormAlert {...alert.alertProps} />
      </Form>
    </details>
  );
}

function ItemList({
  action,
  kind,
  sprint,
  items,
}: {
  action: string;
  kind: Kind;
  sprint: Sprint;
  items: Item[];
}) {
  return (
    <div className="grid gap-3">
      <h3 id={`sprint-${sprint.id}-${kind}s`} className="font-semibold">
        {NOUN[kind]}s
      </h3>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
      <ol className="grid gap-2">
        {items.map((item, index) => (
          <ItemRow
            key={`${item.id}:${item.title}:${item.description}:${item.dueAfterDays}:${item.hidden}:${item.task?.handIn}:${item.questions}`}
            action={action}
            kind={kind}
            sprint={sprint}
            item={item}
            first={index === 0}
            last={index === items.length - 1}
          />
        ))}
      </ol>
      <AddForm action={action} kind={kind} sprint={sprint} />
    </div>
  );
}

function TemplateCard({ action, data }: { action: string; data: ClientPlanData }) {
  const pending = useSubmitting(action, TEMPLATE_INTENT);
  const { template, templates, canSwitch } = data;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Template</h2>
        </CardTitle>
        <CardDescription>
          They follow {template.name}
          {template.upToDate ? "." : ", at an earlier version: see Templates to apply the new one."}
        </CardDescription>
      </CardHeader>
      {templates.length > 1 ? (
        <CardContent>
          {canSwitch ? (
            <Form
              method="post"
              action={action}
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
            >
              <input type="hidden" name="intent" value={TEMPLATE_INTENT} />
              <div className="grid flex-1 gap-1.5">
                <Label htmlFor="template">Switch to</Label>
                <NativeSelect id="template" name="templateId" defaultValue={template.id}>
                  {templates.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <SubmitButton pending={pending}>Switch Template</SubmitButton>
              <p className="text-sm text-muted-foreground sm:basis-full">
                Only before they start. Changes made for them below are cleared.
              </p>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground">
              They have started, so their template stays.
            </p>
          )}
        </CardContent>
      ) : null}
    </Card>
  );
}

export function ClientPlanPage(data: ClientPlanData) {
  const result = useActionData<FormAnswer>();
  useActionToast(result?.toast);
  const action = staffClientPlanPath(data.client.userId);
  return (
    <div className="grid gap-6">
      <ClientHeader client={data.client} current={data.current} />
      <TemplateCard action={action} data={data} />
      {data.sprints.map((sprint) => (
        <Card key={sprint.id}>
          <CardHeader>
            <CardTitle asChild>
              <h2>
                Sprint {sprint.id}: {sprint.title}
              </h2>
            </CardTitle>
            <CardDescription>
              Changes here are for this client alone; the trail on their Programme tab lists each.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <ItemList action={action} kind="task" sprint={sprint} items={sprint.tasks} />
            <ItemList action={action} kind="objective" sprint={sprint} items={sprint.objectives} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
