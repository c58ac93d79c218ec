// One client's task in the console: what it asks, every version handed in with "Approve" and
// "Request changes" under the one in review (a comment is required to request changes), and the
// task's discussion, where staff may also leave an internal note.
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { taskStatusLabel } from "~/components/hand-ins/task-status";
import { HandInHistory } from "~/components/hand-ins/hand-in-history";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { MessageForm, MessageList } from "~/components/messages/message-thread";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { HandIn, ThreadMessage } from "~/data/shapes";
import type { FormAnswer } from "~/forms/answer";
import { COMMENT_INTENT, MESSAGE_MAX } from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import type { TaskView } from "~/programme/client-programme";
import { TaskAssignmentForm, type TaskAssignmentData } from "~/components/sprint/task-assignment";
import { ClientHeader } from "./client-header";

export interface ClientTaskData {
  client: { userId: string; email: string; lastSignInAt: number | null };
  current: string;
  sprint: { name: string; title: string };
  task: TaskView;
  handIns: HandIn[];
  discussion: ThreadMessage[];
  /** Who does it (the agency's own tasks have none). */
  assignment: TaskAssignmentData | null;
  path: string;
  now: number;
  /** The new due day "Request changes" offers (the account's day after tomorrow), as a date field's value. */
  newDueOn: string;
  /** Where every version of the task's form downloads as CSV; null when none was handed in. */
  answersCsv: string | null;
}

const claimsReview = (answer: FormAnswer) => "comment" in answer.values;

function ReviewForm({ handIn, action, dueOn }: { handIn: HandIn; action: string; dueOn: string }) {
  const result = useActionData<FormAnswer<"comment" | "dueOn">>();
  const pending = useSubmitting(action);
  const alert = useFormAlert(claimsReview);
  const commentId = `review-comment-${handIn.id}`;
  const dueId = `review-due-${handIn.id}`;
  return (
    <Form method="post" action={action} className="grid gap-3 border-t pt-3" {...alert.formProps}>
      <input type="hidden" name="handInId" value={handIn.id} />
      <div className="grid gap-1.5">
        <Label htmlFor={commentId}>Comment</Label>
        <Textarea
          id={commentId}
          name="comment"
          rows={3}
          maxLength={MESSAGE_MAX}
          defaultValue={result?.values.comment ?? ""}
          aria-invalid={result?.errors.comment ? true : undefined}
          aria-describedby={`${commentId}-hint`}
        />
        <p id={`${commentId}-hint`} className="text-xs text-muted-foreground">
          The client reads it with your decision. Required to request changes.
        </p>
      </div>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={dueId}>New due day, if you request changes</Label>
        <Input
          id={dueId}
          name="dueOn"
          type="date"
          defaultValue={result?.values.dueOn ?? dueOn}
          aria-invalid={result?.errors.dueOn ? true : undefined}
        />
        {result?.errors.dueOn ? (
          <p className="text-sm text-destructive">{result.errors.dueOn}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          name="decision"
          value="approved"
          disabled={pending}
          {...alert.submitProps}
        >
          Approve
        </Button>
        <Button
          type="submit"
          name="decision"
          value="changes-requested"
          variant="outline"
          disabled={pending}
          {...alert.submitProps}
        >
          Request changes
        </Button>
      </div>
      <FormAlert {...alert.alertProps} />
    </Form>
  );
}

export function ClientTaskPage(data: ClientTaskData) {
  const { client, current, sprint, task, handIns, discussion, assignment, path, now } = data;
  const { newDueOn, answersCsv } = data;
  useActionToast(useActionData<FormAnswer>()?.toast);
  const resetKey = useResetKey(path);
  const status = taskStatusLabel(task, handIns[0]);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={current} />
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          {sprint.name}: {sprint.title}
        </p>
        <h2 className="text-xl font-semibold text-slate-900">{task.title}</h2>
        <div className="flex flex-wrap gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
          {assignment?.label ? <Badge variant="secondary">{assignment.label}</Badge> : null}
        </div>
        {assignment ? <TaskAssignmentForm action={path} assignment={assignment} /> : null}
      </div>
      <section aria-labelledby="versions-title" className="grid gap-3">
        <h2 id="versions-title" className="section-title">
          Versions
        </h2>
        {answersCsv ? (
          <a
            href={answersCsv}
            download
            className="justify-self-start text-sm text-primary underline"
          >
            Download the answers (CSV)
          </a>
        ) : null}
        <HandInHistory
          key={resetKey}
          handIns={handIns}
          reviewer="staff"
          reviewForm={(handIn) => <ReviewForm handIn={handIn} action={path} dueOn={newDueOn} />}
        />
      </section>
      <section aria-labelledby="discussion-title">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 id="discussion-title">Discussion</h2>
            </CardTitle>
            <CardDescription>The client reads everything here but internal notes.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <MessageList messages={discussion} now={now} />
            <MessageForm key={resetKey} action={path} allowInternal intent={COMMENT_INTENT} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
