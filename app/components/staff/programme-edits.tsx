// One client's page in the staff console: the overall figure and each sprint (status, progress,
// countdown start, objectives, tasks) as plain forms, one per sprint, that work without
// JavaScript; a locked sprint says what it waits for. The audit trail follows.
import { useActionData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/router";
import { FormAlert, useFormAlert, type ClaimsAnswer } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { FormAnswer } from "~/forms/answer";
import { PROFILE_TEXT_MAX } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { staffClientMessagesPath, staffClientPath, staffClientTaskPath } from "~/lib/paths";
import { STATUS_LABELS, type SprintPageView } from "~/programme/client-programme";
import { SPRINT_STATUSES, TASK_STATUSES } from "~/programme/model";
import {
  PROGRAMME_EDIT_FIELDS,
  sprintFormValues,
  TASK_STATUS_LABELS,
  utcFieldValue,
} from "~/programme/programme-edits";
import type { ProgrammeEditsData } from "~/staff/views";
import { SinceLastVisitCard } from "~/components/since-last-visit";
import { AuditTrail } from "./audit-trail";
import { ClientHeader } from "./client-header";
import { dueIn, useReaderZone, useStamp } from "~/lib/reader-time";

function PercentField({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value: number;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        required
        defaultValue={value}
      />
    </div>
  );
}

function CheckboxField({
  id,
  name,
  label,
  checked,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} name={name} type="checkbox" defaultChecked={checked} className="size-4" />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** A sprint form's answers name the sprint (`values.sprintId`); the overall figure's name none. */
const sprintOfAnswer = (answer: FormAnswer) => answer.values.sprintId;
const answersProfile: ClaimsAnswer = (answer) => answer.values.profile !== undefined;
const answersOverall: ClaimsAnswer = (answer) =>
  sprintOfAnswer(answer) === undefined && !answersProfile(answer);

function ProfileForm({ action, name, company }: { action: string; name: string; company: string }) {
  const pending = useSubmitting(action, PROGRAMME_EDIT_FIELDS.profileIntent);
  const alert = useFormAlert(answersProfile);
  const result = useActionData<FormAnswer>();
  const kept = result && answersProfile(result) ? result.values : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Who they are</h2>
        </CardTitle>
        <CardDescription>
          Shown with their e-mail across the console. Only the agency sees it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={action}
          className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={PROGRAMME_EDIT_FIELDS.profileIntent} />
          {(
            [
              ["name", "Name", kept?.name ?? name],
              ["company", "Company", kept?.company ?? company],
            ] as const
          ).map(([field, label, value]) => (
            <div key={field} className="grid flex-1 gap-1.5">
              <Label htmlFor={`profile-${field}`}>{label}</Label>
              <Input
                id={`profile-${field}`}
                name={field}
                maxLength={PROFILE_TEXT_MAX}
                defaultValue={value}
                autoComplete="off"
              />
            </div>
          ))}
          <SubmitButton pending={pending} {...alert.submitProps}>
            Save Name and Company
          </SubmitButton>
          <FormAlert {...alert.alertProps} className="sm:basis-full" />
        </Form>
      </CardContent>
    </Card>
  );
}

function OverallForm({
  action,
  progress,
  setByAgency,
}: {
  action: string;
  progress: number;
  setByAgency: boolean;
}) {
  const pending = useSubmitting(action, PROGRAMME_EDIT_FIELDS.overallIntent);
  const alert = useFormAlert(answersOverall);
  const follow = PROGRAMME_EDIT_FIELDS.followSprints;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Overall progress</h2>
        </CardTitle>
        <CardDescription>
          The figure on the client&apos;s sidebar card:{" "}
          {setByAgency ? "set by the agency." : "it moves with the sprints."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={action}
          className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
          {...alert.formProps}
        >
          <input type="hidden" name="intent" value={PROGRAMME_EDIT_FIELDS.overallIntent} />
          <input
            type="hidden"
            name={PROGRAMME_EDIT_FIELDS.drawn}
            value={JSON.stringify({
              overallProgress: String(progress),
              [follow]: setByAgency ? "" : "on",
            })}
          />
          <div className="sm:w-40">
            <PercentField
              id="overall-progress"
              name="overallProgress"
              label="Overall progress (%)"
              value={progress}
            />
          </div>
          <CheckboxField
            id="overall-follow"
            name={follow}
            label="Follows the sprints"
            checked={!setByAgency}
          />
          <SubmitButton pending={pending} {...alert.submitProps}>
            Save Overall Progress
          </SubmitButton>
          <FormAlert {...alert.alertProps} className="sm:basis-full" />
        </Form>
      </CardContent>
    </Card>
  );
}

function SprintForm({
  action,
  page,
  startedAt,
  clientId,
  next,
  doneWithoutHandIn,
}: {
  action: string;
  page: SprintPageView;
  startedAt: number | null;
  clientId: string;
  doneWithoutHandIn: string[];
  /** The sprint a completion may start ("Sprint 2"), or null. */
  next: string | null;
}) {
  const stamp = useStamp();
  const zone = useReaderZone();
  const dated = page.tasks.filter((task) => task.dueAt !== null);
  const { sprint } = page;
  const pending = useSubmitting(action, PROGRAMME_EDIT_FIELDS.sprintIntent);
  const alert = useFormAlert((answer) => sprintOfAnswer(answer) === String(sprint.id));
  const prefix = `sprint-${sprint.id}`;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h2>
              {sprint.name}: {sprint.title}
            </h2>
          </CardTitle>
          <Badge variant={sprint.open ? "secondary" : "warning"}>
            {sprint.open ? page.badges[1] : `Locked until Sprint ${sprint.pendingOn} is completed`}
          </Badge>
        </div>
        <CardDescription>
          {sprint.tasks.total === 0
            ? "No tasks"
            : `${sprint.tasks.completed} of ${sprint.tasks.total} tasks done`}{" "}
          · {countdownLine(page, startedAt, stamp)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={action} className="grid gap-6" {...alert.formProps}>
          <input type="hidden" name="intent" value={PROGRAMME_EDIT_FIELDS.sprintIntent} />
          <input type="hidden" name="sprintId" value={sprint.id} />
          <input
            type="hidden"
            name={PROGRAMME_EDIT_FIELDS.drawn}
            value={JSON.stringify(sprintFormValues(page, startedAt))}
          />
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="sr-only">{sprint.name}</legend>
            <div className="grid gap-1.5">
              <Label htmlFor={`${prefix}-status`}>Status</Label>
              <NativeSelect id={`${prefix}-status`} name="status" defaultValue={sprint.status}>
                {SPRINT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <PercentField
                id={`${prefix}-progress`}
                name="progress"
                label="Progress (%)"
                value={sprint.progress}
              />
              <CheckboxField
                id={`${prefix}-follow`}
                name={PROGRAMME_EDIT_FIELDS.followTasks}
                label="Follows the tasks"
                checked={!sprint.progressSetByAgency}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${prefix}-start`}>Countdown start (UTC)</Label>
              <Input
                id={`${prefix}-start`}
                name="startedAt"
                type="datetime-local"
                defaultValue={utcFieldValue(startedAt)}
              />
            </div>
            {dated.length > 0 ? (
              <div className="grid gap-1.5 sm:col-span-3">
                <p className="text-sm text-muted-foreground">
                  Moving the start moves these due dates with it:{" "}
                  {dated
                    .map((task) => `${task.title} (${dueIn(task.dueAt ?? 0, zone)})`)
                    .join(", ")}
                  .
                </p>
                <CheckboxField
                  id={`${prefix}-keep-dates`}
                  name={PROGRAMME_EDIT_FIELDS.keepDates}
                  label="Keep the dates: the tasks stay due on these days"
                  checked={false}
                />
              </div>
            ) : null}
          </fieldset>
          {page.objectives.length > 0 ? (
            <fieldset className="grid gap-4 sm:grid-cols-3">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Objectives</legend>
              {page.objectives.map((objective) => (
                <PercentField
                  key={objective.id}
                  id={`${prefix}-objective-${objective.id}`}
                  name={`${PROGRAMME_EDIT_FIELDS.objective}${objective.id}`}
                  label={`${objective.title} (%)${objective.setByAgency ? ", set by the agency" : ""}`}
                  value={objective.progress}
                />
              ))}
            </fieldset>
          ) : null}
          {page.tasks.length > 0 ? (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Tasks</legend>
              {page.tasks.map((task) => (
                <div key={task.id} className="grid gap-1.5">
                  <Label htmlFor={`${prefix}-task-${task.id}`}>{task.title}</Label>
                  <NativeSelect
                    id={`${prefix}-task-${task.id}`}
                    name={`${PROGRAMME_EDIT_FIELDS.task}${task.id}`}
                    defaultValue={task.status}
                  >
                    {TASK_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {TASK_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </NativeSelect>
                  <Link
                    to={staffClientTaskPath(clientId, task.id)}
                    className="justify-self-start text-xs text-indigo-700 hover:underline"
                  >
                    Hand-ins and discussion
                    <span className="sr-only">: {task.title}</span>
                  </Link>
                  {doneWithoutHandIn.includes(task.id) ? (
                    <p className="text-xs text-amber-800">Done without a hand-in</p>
                  ) : null}
                </div>
              ))}
            </fieldset>
          ) : null}
          {sprint.status !== "completed" ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">
                When you set it to Completed
              </legend>
              <CheckboxField
                id={`${prefix}-complete-tasks`}
                name={PROGRAMME_EDIT_FIELDS.completeOpenTasks}
                label="Mark its open tasks done"
                checked
              />
              {next ? (
                <CheckboxField
                  id={`${prefix}-start-next`}
                  name={PROGRAMME_EDIT_FIELDS.startNext}
                  label={`Start ${next} now (its countdown too)`}
                  checked={false}
                />
              ) : null}
            </fieldset>
          ) : null}
          <FormAlert {...alert.alertProps} />
          <div>
            <SubmitButton pending={pending} {...alert.submitProps}>
              Save {sprint.name}
            </SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The countdown as the console tells it: its length, start and deadline, or why there is none. */
function countdownLine(
  page: SprintPageView,
  startedAt: number | null,
  stamp: (ms: number) => string,
): string {
  if (!page.countdown) return "Completed: no countdown";
  const length = `${page.countdown.days}-day countdown`;
  if (startedAt === null) return `${length} starts when the client first opens it`;
  const deadline = page.countdown.timeUp
    ? `time's up since ${stamp(page.countdown.endsAt)}`
    : `deadline ${stamp(page.countdown.endsAt)}`;
  return `${length} from ${stamp(startedAt)}, ${deadline}`;
}

/**
 * What a sprint form shows from the client's record: its key, so a save that changes them starts
 * that form afresh, while a save elsewhere leaves what was typed into it alone.
 */
function storedValues(page: SprintPageView, startedAt: number | null): string {
  const { id, status, progress, progressSetByAgency } = page.sprint;
  const items = [...page.objectives.map((o) => o.progress), ...page.tasks.map((t) => t.status)];
  // The sprint's id first: two sprints storing the same values must not share a key.
  return JSON.stringify([id, status, progress, progressSetByAgency, startedAt, items]);
}

export function ProgrammeEditsPage({
  client,
  programme,
  sprints,
  audit,
  news,
  doneWithoutHandIn,
}: ProgrammeEditsData) {
  const result = useActionData<FormAnswer>();
  useActionToast(result?.toast);
  const action = staffClientPath(client.userId);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={programme.current} />
      {news ? (
        <SinceLastVisitCard
          news={news}
          otherSide="The client"
          messagesPath={staffClientMessagesPath(client.userId)}
        />
      ) : null}
      <ProfileForm
        key={`${client.name}:${client.company}`}
        action={action}
        name={client.name}
        company={client.company}
      />
      {/* Keyed by what they show: after a save, each form starts again from what was stored. */}
      <OverallForm
        key={`${programme.overallProgress}:${programme.overallSetByAgency}`}
        action={action}
        progress={programme.overallProgress}
        setByAgency={programme.overallSetByAgency}
      />
      {sprints.map(({ page, startedAt }, index) => {
        const following = sprints[index + 1]?.page.sprint;
        return (
          <SprintForm
            key={storedValues(page, startedAt)}
            action={action}
            page={page}
            startedAt={startedAt}
            clientId={client.userId}
            next={following?.status === "not-started" ? following.name : null}
            doneWithoutHandIn={doneWithoutHandIn}
          />
        );
      })}
      <AuditTrail entries={audit.entries} older={audit.older} clientId={client.userId} />
    </div>
  );
}
