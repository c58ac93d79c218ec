// One client's page in the staff console: the same programme the client sees, every part of it
// editable through form posts (checked against the programme's rules, recorded in the audit
// trail), and the trail itself, newest first. Staff records and unknown ids are the 404 page.
import type { AppLoadContext } from "@remix-run/node";
import { editRefused, toasts } from "~/content/toasts";
import { directoryEntry } from "~/data/client-directory.server";
import { readClientState } from "~/data/client-programme.server";
import { applyProgrammeChanges, readAuditTrail } from "~/data/programme-edits.server";
import {
  formError,
  parseFields,
  readForm,
  refusal,
  type PostedFields,
} from "~/forms/answer.server";
import {
  overallEditSchema,
  percentSchema,
  sprintEditSchema,
  taskStatusEditSchema,
} from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { notFound } from "~/lib/not-found.server";
import { staffClientPath } from "~/lib/paths";
import { programmeView, sprintPageView } from "~/programme/client-programme";
import { currentProgramme } from "~/programme/current.server";
import type { ProgrammeChange, TaskStatus } from "~/programme/model";
import { overallEditChanges, sprintEditChanges } from "~/programme/programme-edits";
import { authUnavailable } from "~/session/guards.server";
import { currentUser, isStaffUser } from "./auth-admin.server";
import { requireStaff } from "./guards.server";
import { PROGRAMME_EDIT_FIELDS } from "./views";

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client behind `clientId`, as the auth service knows them; the 404 page for anyone else. */
async function clientOf(request: Request, clientId: string | undefined) {
  if (!clientId || !USER_ID.test(clientId)) throw notFound(request);
  let user;
  try {
    user = await currentUser(clientId);
  } catch {
    throw authUnavailable(new Headers());
  }
  if (!user || isStaffUser(user)) throw notFound(request);
  return directoryEntry(user);
}

export async function loadProgrammeEdits(
  request: Request,
  context: AppLoadContext,
  clientId: string | undefined,
) {
  await requireStaff(request, context);
  const client = await clientOf(request, clientId);
  const content = currentProgramme();
  const [state, audit] = await Promise.all([
    readClientState(client.userId),
    readAuditTrail(client.userId),
  ]);
  const now = Date.now();
  return {
    client,
    programme: programmeView(content, state, now),
    sprints: content.sprints.map((sprint) => ({
      page: sprintPageView(sprint, content, state, now),
      startedAt: state.sprints.get(sprint.id)?.startedAt ?? null,
    })),
    audit,
  };
}

/** The objectives' and tasks' fields of a sprint form; null when one is not of that sprint. */
function itemFields(fields: PostedFields, objectiveIds: string[], taskIds: string[]) {
  const objectives = new Map<string, number>();
  const tasks = new Map<string, TaskStatus>();
  for (const [name, value] of Object.entries(fields)) {
    if (name.startsWith(PROGRAMME_EDIT_FIELDS.objective)) {
      const id = name.slice(PROGRAMME_EDIT_FIELDS.objective.length);
      const progress = percentSchema.safeParse(value);
      if (!objectiveIds.includes(id) || !progress.success) return null;
      objectives.set(id, progress.data);
    } else if (name.startsWith(PROGRAMME_EDIT_FIELDS.task)) {
      const id = name.slice(PROGRAMME_EDIT_FIELDS.task.length);
      const status = taskStatusEditSchema.safeParse(value);
      if (!taskIds.includes(id) || !status.success) return null;
      tasks.set(id, status.data);
    }
  }
  return { objectives, tasks };
}

/** A change of the overall figure, or of one sprint (status, progress, start, objectives, tasks). */
export async function programmeEditAction(
  request: Request,
  context: AppLoadContext,
  clientId: string | undefined,
) {
  const { user } = await requireStaff(request, context);
  const client = await clientOf(request, clientId);
  const fields = (await readForm(request)) ?? {};
  const content = currentProgramme();
  const state = await readClientState(client.userId);
  let changes: ProgrammeChange[];
  if (fields.intent === PROGRAMME_EDIT_FIELDS.overallIntent) {
    const parsed = parseFields(overallEditSchema, fields);
    if (!parsed.ok) return refusal(context, parsed);
    changes = overallEditChanges(content, state, parsed.value.overallProgress);
  } else if (fields.intent === PROGRAMME_EDIT_FIELDS.sprintIntent) {
    // Its answers name the sprint, so the page shows the error by that sprint's form.
    const values = { sprintId: fields.sprintId ?? "" };
    const parsed = parseFields(sprintEditSchema, fields);
    if (!parsed.ok) return refusal(context, parsed, values);
    const sprint = content.sprints.find((candidate) => candidate.id === parsed.value.sprintId);
    const items =
      sprint &&
      itemFields(
        fields,
        sprint.objectives.map((objective) => objective.id),
        sprint.tasks.map((task) => task.id),
      );
    if (!items) return formError(context, toasts.editInvalid, { values });
    const outcome = sprintEditChanges(content, state, { ...parsed.value, ...items }, Date.now());
    if ("refusal" in outcome)
      return formError(context, editRefused(outcome.refusal), { status: 409, values });
    changes = outcome.changes;
  } else {
    return formError(context, toasts.editInvalid);
  }
  const path = staffClientPath(client.userId);
  if (changes.length === 0) return redirectWithToast(path, toasts.nothingChanged);
  await applyProgrammeChanges(client.userId, { id: user.id, email: user.email }, changes);
  return redirectWithToast(path, toasts.changesSaved);
}
