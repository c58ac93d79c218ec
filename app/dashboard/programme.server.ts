// The signed-in client's programme: what their pages show, read once per view for the user the
// session verified, and what they change there (ticking a task). Nothing from a form ever chooses
// whose record is read or written.
import { replace, type AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { readClientState, recordSprintStart, setTaskStatus } from "~/data/client-programme.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { taskStatusSchema } from "~/forms/schemas";
import { notFound } from "~/lib/not-found.server";
import {
  blockingSprint,
  findSprint,
  programmeView,
  sprintPageView,
  type ProgrammeView,
  type SprintPageView,
} from "~/programme/client-programme";
import { currentProgramme } from "~/programme/current.server";
import type { ClientState } from "~/programme/model";
import { requireUser } from "~/session/guards.server";

/** The programme's sprints as the landing page presents them (the same for every visitor). */
export function landingRoadmap() {
  return programmeView(currentProgramme(), EMPTY_STATE, 0).sprints.map(
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
};

/** The client's stored state, read once per request however many loaders need it. */
const stateByRequest = new WeakMap<AppLoadContext, Promise<ClientState>>();

function clientState(context: AppLoadContext, userId: string): Promise<ClientState> {
  let state = stateByRequest.get(context);
  if (!state) {
    state = readClientState(userId);
    stateByRequest.set(context, state);
  }
  return state;
}

/** The client's whole programme (dashboard, sidebar). */
export async function loadProgramme(
  context: AppLoadContext,
  userId: string,
): Promise<ProgrammeView> {
  return programmeView(currentProgramme(), await clientState(context, userId), Date.now());
}

/** A browser fetching a page ahead of a click (prefetch) has not opened it. */
function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

/**
 * A sprint's page, or the 404 page for a segment that is no sprint. The first time the client
 * opens an open sprint, its countdown starts (recorded once; a prefetch records nothing).
 */
export async function loadSprintPage(
  request: Request,
  context: AppLoadContext,
  userId: string,
  segment: string | undefined,
): Promise<SprintPageView> {
  const content = currentProgramme();
  const sprint = findSprint(content, segment);
  if (!sprint) throw notFound(request);
  let state = await clientState(context, userId);
  const opening =
    blockingSprint(sprint, content, state) === null &&
    !state.sprints.get(sprint.id)?.startedAt &&
    !isPrefetch(request);
  if (opening) {
    await recordSprintStart(userId, sprint.id);
    state = await readClientState(userId);
  }
  return sprintPageView(sprint, content, state, Date.now());
}

/**
 * A task ticked or unticked on a sprint page: the status wanted is stored (a repeated post changes
 * nothing), then back to the page (PRG, replacing the history entry), which shows what is stored.
 */
export async function setTaskAction(
  request: Request,
  context: AppLoadContext,
  segment: string | undefined,
) {
  const { user } = await requireUser(request, context);
  const content = currentProgramme();
  const sprint = findSprint(content, segment);
  if (!sprint) throw notFound(request);
  const parsed = parseFields(taskStatusSchema, (await readForm(request)) ?? {});
  if (!parsed.ok) return refusal(context, parsed);
  const { taskId, status } = parsed.value;
  // A locked sprint refuses every tick before its task list is consulted.
  const page = sprintPageView(sprint, content, await readClientState(user.id), Date.now());
  if (!page.sprint.open) return formError(context, toasts.sprintLocked, { status: 403 });
  if (!sprint.tasks.some((task) => task.id === taskId)) {
    return formError(context, toasts.taskNotFound, { status: 404 });
  }
  await setTaskStatus(user.id, taskId, status);
  return replace(`${page.sprint.path}#task-${taskId}`);
}
