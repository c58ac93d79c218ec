// A task's page for the client: back to its sprint, what to do (instructions, tool link), what to
// hand in with the form (unless a version waits for review or the work is approved), every version
// handed in with its review, and the task's discussion with the agency.
import { Link } from "~/components/ui/router";
import { MessageForm, MessageList } from "~/components/messages/message-thread";
import { TaskAssignmentForm, type TaskAssignmentData } from "~/components/sprint/task-assignment";
import { TaskPlanBadges } from "~/components/sprint/task-plan";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { RichText } from "~/components/ui/rich-text";
import type { HandIn, ThreadMessage } from "~/data/shapes";
import { useResetKey } from "~/hooks/use-reset-key";
import type { TaskView } from "~/programme/client-programme";
import { QuestionnaireForm } from "~/components/questionnaires/questionnaire-form";
import type { QuestionnaireView } from "~/questionnaires/questionnaire-view";
import { HandInForm, type HandInFormProps } from "./hand-in-form";
import { HandInHistory } from "./hand-in-history";
import { taskStatusLabel } from "./task-status";

export interface TaskPageData {
  sprint: { id: number; name: string; title: string; path: string };
  task: TaskView;
  handIns: HandIn[];
  discussion: ThreadMessage[];
  /** Who does it (the agency's own tasks have none). */
  assignment: TaskAssignmentData | null;
  now: number;
  paths: { page: string; upload: string; answers: string };
  limits: HandInFormProps["limits"];
  /** The task's form, when it is one. */
  questionnaire: QuestionnaireView | null;
}

const ASKS = { files: "Your files", link: "A link", form: "Your answers to the questions below" };

/** What the task asks the client to hand in, and how it is marked done. */
function asks(task: TaskPageData["task"]): string {
  if (task.handIn === "nothing") {
    return task.owner === "agency"
      ? "Nothing: your team marks it done"
      : "Nothing: tick it on the sprint page";
  }
  return task.handInRequired
    ? `${ASKS[task.handIn]}: the task is done once the agency approves it`
    : ASKS[task.handIn];
}

function HandInSection({ task, handIns, paths, limits, questionnaire }: TaskPageData) {
  const resetKey = useResetKey(paths.page);
  if (task.handIn === "nothing") return null;
  const latest = handIns[0];
  const waiting = latest?.status === "in-review";
  // A task ticked done still takes its hand-in; one done by an approval needs no other.
  const approved = task.status === "completed" && latest?.status === "approved";
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Hand in your work</h2>
        </CardTitle>
        <CardDescription>
          {waiting
            ? `Version ${latest.version} is with the agency for review: you hear back here.`
            : approved
              ? "Approved: this task is done."
              : task.status === "completed"
                ? "Marked done. You can still hand in your work for the agency to review."
                : latest?.status === "changes-requested"
                  ? `Hand in version ${latest.version + 1} with the changes asked for below.`
                  : "Send what this task asks for; the agency reviews it and answers here."}
        </CardDescription>
      </CardHeader>
      {waiting || approved ? null : (
        <CardContent>
          {task.handIn === "form" ? (
            questionnaire ? (
              <QuestionnaireForm
                key={resetKey}
                action={paths.page}
                saveAction={paths.answers}
                questionnaire={questionnaire}
              />
            ) : null
          ) : (
            <HandInForm
              key={resetKey}
              action={paths.page}
              uploadAction={paths.upload}
              asks={task.handIn}
              limits={limits}
            />
          )}
        </CardContent>
      )}
    </Card>
  );
}

export function TaskPage(data: TaskPageData) {
  const { sprint, task, handIns, discussion, assignment, now, paths } = data;
  const resetKey = useResetKey(paths.page);
  const status = taskStatusLabel(task, handIns[0]);
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3 justify-self-start">
        <Link to={sprint.path}>
          <Icon name="arrow-left" />
          {sprint.name}: {sprint.title}
        </Link>
      </Button>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {task.title}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
          <TaskPlanBadges
            task={task}
            done={task.status === "completed"}
            assignee={assignment?.label}
          />
        </div>
        {assignment ? <TaskAssignmentForm action={paths.page} assignment={assignment} /> : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>What to do</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {task.instructions.length > 0 ? (
            <RichText value={task.instructions} className="text-slate-700" />
          ) : (
            <p className="text-sm text-muted-foreground">Your strategist walks you through it.</p>
          )}
          {task.link ? (
            <a
              href={task.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
            >
              Open the tool
              <Icon name="external-link" className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          <p className="text-sm">
            <span className="font-medium text-slate-900">What to hand in:</span> {asks(task)}
          </p>
        </CardContent>
      </Card>
      <HandInSection {...data} />
      {handIns.length > 0 ? (
        <section aria-labelledby="versions-title" className="grid gap-3">
          <h2 id="versions-title" className="section-title">
            Versions
          </h2>
          <HandInHistory handIns={handIns} reviewer="client" />
        </section>
      ) : null}
      <section aria-labelledby="discussion-title">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 id="discussion-title">Discussion</h2>
            </CardTitle>
            <CardDescription>Questions and answers about this task.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <MessageList messages={discussion} now={now} />
            <MessageForm key={resetKey} action={paths.page} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
