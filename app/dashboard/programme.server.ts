// The signed-in client's programme: what their pages show, read once per view for the account the
// session's person belongs to, and what they change there (ticking a task). Nothing from a form ever
// chooses whose record is read or written.
import { replace, type AppLoadContext } from "@remix-run/node";
import { taskUndone, toasts, type Toast, type ToastAction } from "~/content/toasts";
import {
  applyProgrammeChanges,
  readClientState,
  recordSprintStart,
} from "~/data/client-programme.server";
import { database, inTransaction, type Executor } from "~/data/connection.server";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import { recordEvent } from "~/data/events.server";
import { latestHandInStatuses } from "~/data/hand-ins.server";
import { assigneesOf } from "~/data/task-assignees.server";
import { assigneeLabel } from "~/accounts/task-assignment.server";
import type { HandIn } from "~/data/shapes";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { taskStatusSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { UNDONE_TASK_PARAM } from "~/lib/paths";
import { notFound } from "~/lib/not-found.server";
import {
  blockingSprint,
  findSprint,
  nextStep,
  programmeView,
  sprintPageView,
  type ClientTick,
  type ListedTask,
  type NextStep,
  type ProgrammeView,
  type SprintPageView,
} from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import type { ClientState, ProgrammeChange, ProgrammeContent } from "~/programme/model";
import { defaultProgramme } from "~/programme/templates.server";
import { sprintStartChange, taskChange } from "~/programme/programme-edits";
import type { Member } from "~/session/guards.server";

/** The programme's sprints as the landing page presents them (the same for every visitor). */
export function landingRoadmap() {
  return programmeView(defaultProgramme(), EMPTY_STATE, 0).sprints.map(
    ({ id, name, length, title, description, icon }) => ({
      id,
      name,
      length,
      title,
      description,
      icon,
    }),
  );
}

const EMPTY_STATE: ClientState = {
  overallProgress: null,
  sprints: new Map(),
  tasks: new Map(),
  objectives: new Map(),
  inReview: new Set(),
  changesRequested: new Set(),
  dueZone: DEFAULT_TIME_ZONE,
};

interface ClientRecord {
  content: ProgrammeContent;
  state: ClientState;
}

/** The client's programme and stored state, read once per request however many loaders need it. */
const recordByRequest = new WeakMap<AppLoadContext, Promise<ClientRecord>>();

function clientRecord(context: AppLoadContext, accountId: string): Promise<ClientRecord> {
  let record = recordByRequest.get(context);
  if (!record) {
    record = database().then(async (db) => {
      const [{ content }, state] = await Promise.all([
        programmeOf(db, accountId),
        readClientState(db, accountId),
      ]);
      return { content, state };
    });
    recordByRequest.set(context, record);
  }
  return record;
}

/** The client's whole programme (dashboard, sidebar), its dates in the reader's zone. */
export async function loadProgramme(
  context: AppLoadContext,
  { accountId, timeZone }: Member,
): Promise<ProgrammeView> {
  const { content, state } = await clientRecord(context, accountId);
  return programmeView(content, state, Date.now(), timeZone);
}

/** The dashboard's "Next step", from the record the page's figures come from. */
export async function loadNextStep(
  context: AppLoadContext,
  accountId: string,
): Promise<NextStep | null> {
  const { content, state } = await clientRecord(context, accountId);
  return nextStep(content, state, Date.now());
}

/** A browser fetching a page ahead of a click (prefetch) has not opened it. */
function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/** The client's own changes, in the trail for them and the agency alike. */
const recordOwnChanges = (
  trx: Executor,
  { user, accountId }: Member,
  changes: ProgrammeChange[],
  at: number,
) =>
  recordEvent(trx, {
    clientId: accountId,
    actor: { id: user.id, email: user.email, role: "client" },
    audience: "client",
    changes,
    at,
  });

/**
 * A sprint's page, or the 404 page for a segment that is no sprint. The first time the client
 * opens an open sprint, its countdown starts (recorded once, with its line in the audit trail; a
 * prefetch records nothing).
 */
export async function loadSprintPage(
  request: Request,
  context: AppLoadContext,
  member: Member,
  segment: string | undefined,
): Promise<
  SprintPageView<ListedTask> & {
    handIns: Record<string, HandIn["status"]>;
    assignees: Record<string, string>;
    toastAction: ToastAction | null;
  }
> {
  const { user, accountId } = member;
  const record = await clientRecord(context, accountId);
  const { content } = record;
  const sprint = findSprint(content, segment);
  if (!sprint) throw notFound(request);
  let { state } = record;
  // A preview (staff seeing the page as the client) starts no countdown.
  const opening =
    member.preview === undefined &&
    blockingSprint(sprint, content, state) === null &&
    !state.sprints.get(sprint.id)?.startedAt &&
    !isPrefetch(request);
  if (opening) {
    await inTransaction(async (trx) => {
      const at = Date.now();
      const startedAt = await recordSprintStart(trx, accountId, sprint.id, at);
      if (startedAt !== at) return;
      await recordOwnChanges(trx, member, [sprintStartChange(sprint.id, null, at)], at);
    });
    state = await readClientState(await database(), accountId);
  }
  const db = await database();
  const [handIns, assignees] = await Promise.all([
    latestHandInStatuses(db, accountId),
    assigneesOf(db, accountId),
  ]);
  const page = sprintPageView(sprint, content, state, Date.now());
  const reader = { id: user.id, email: user.email, role: "client" as const };
  return {
    ...page,
    // The list shows no instructions: they are the task page's (a few KB of data a view less).
    tasks: page.tasks.map(({ description: _text, instructions: _parsed, ...task }) => task),
    handIns: Object.fromEntries(handIns),
    assignees: Object.fromEntries(
      page.tasks.flatMap((task) => {
        const label = assigneeLabel(assignees.get(task.id), reader);
        return label ? [[task.id, label]] : [];
      }),
    ),
    toastAction: undoAction(request, page),
  };
}

/** "Undo" for the toast of a task just marked not done, while it still is not done. */
function undoAction(request: Request, page: SprintPageView): ToastAction | null {
  const taskId = new URL(request.url).searchParams.get(UNDONE_TASK_PARAM);
  const task = page.tasks.find((candidate) => candidate.id === taskId);
  if (!task || task.status !== "pending" || !page.sprint.open) return null;
  return {
    label: "Undo",
    action: page.sprint.path,
    fields: { taskId: task.id, status: "completed" },
  };
}

/** Why the client may not tick a task that has no toggle. */
const TICK_REFUSED: Record<Exclude<ClientTick, "toggle">, Toast> = {
  agency: toasts.agencyMarksIt,
  "hand-in": toasts.handInMarksIt,
  "in-review": toasts.handInWaiting,
};

/**
 * A task ticked or unticked on a sprint page: the status wanted is stored with its line in the
 * audit trail (a repeated post changes nothing), then back to the page (PRG, replacing the history
 * entry), which shows what is stored.
 */
export async function setTaskAction(
  request: Request,
  context: AppLoadContext,
  member: Member,
  segment: string | undefined,
) {
  const { accountId } = member;
  const { content } = await programmeOf(await database(), accountId);
  const sprint = findSprint(content, segment);
  if (!sprint) throw notFound(request);
  const parsed = parseFields(taskStatusSchema, (await readForm(request)) ?? {});
  if (!parsed.ok) return refusal(context, parsed);
  const { taskId, status } = parsed.value;
  return inTransaction(async (trx) => {
    const at = Date.now();
    // A locked sprint refuses every tick before its task list is consulted.
    const page = sprintPageView(sprint, content, await readClientState(trx, accountId), at);
    if (!page.sprint.open) return formError(context, toasts.sprintLocked, { status: 403 });
    const task = page.tasks.find((candidate) => candidate.id === taskId);
    if (!task) return formError(context, toasts.taskNotFound, { status: 404 });
    // Only the client's own tasks with nothing waiting on a review are theirs to tick.
    if (task.tick !== "toggle") {
      return formError(context, TICK_REFUSED[task.tick], { status: 409 });
    }
    if (task.status !== status) {
      const changes = [taskChange(page.sprint.id, task, status)];
      await applyProgrammeChanges(trx, accountId, changes, at);
      await recordOwnChanges(trx, member, changes, at);
    }
    if (status === "pending" && task.status === "completed") {
      // The toast that reports it offers to undo it; the history entry is replaced all the same.
      return redirectWithToast(
        `${page.sprint.path}?${UNDONE_TASK_PARAM}=${encodeURIComponent(taskId)}#task-${taskId}`,
        taskUndone(task.title),
        new Headers({ "X-Remix-Replace": "true" }),
      );
    }
    return replace(`${page.sprint.path}#task-${taskId}`);
  });
}
