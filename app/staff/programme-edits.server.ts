// One client's page in the staff console: the same programme the client sees, every part of it
// editable through form posts (checked against the programme's rules, recorded in the audit
// trail), and the trail itself, newest first. Staff records and unknown ids are the 404 page.
import type { AppLoadContext } from "@remix-run/node";
import { editRefused, toasts } from "~/content/toasts";
import { accountBook } from "~/data/client-accounts.server";
import { applyProgrammeChanges, readClientState } from "~/data/client-programme.server";
import { latestHandInStatuses } from "~/data/hand-ins.server";
import { database, inTransaction } from "~/data/connection.server";
import { readAuditTrail, recordEvent, type TrailCursor } from "~/data/events.server";
import {
  formError,
  parseFields,
  readForm,
  refusal,
  type FormErrorAnswer,
  type PostedFields,
} from "~/forms/answer.server";
import {
  overallEditSchema,
  percentSchema,
  sprintEditSchema,
  taskStatusEditSchema,
} from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { staffClientPath, TRAIL_PAGE_PARAM } from "~/lib/paths";
import { accountDay, dueDayOf, programmeView, sprintPageView } from "~/programme/client-programme";
import { programmeOf, type ClientProgramme } from "~/data/client-programmes.server";
import { savePlanItems } from "~/data/client-plans.server";
import type { PlanItem } from "~/programme/client-plan";
import { planEdit } from "~/programme/client-plan-edits";
import type {
  AuditLine,
  ClientState,
  ProgrammeChange,
  ProgrammeContent,
  TaskStatus,
} from "~/programme/model";
import {
  editedFields,
  overallEditChanges,
  withChanges,
  type EditOutcome,
  PROGRAMME_EDIT_FIELDS,
  sprintEditChanges,
  sprintFormValues,
} from "~/programme/programme-edits";
import { clientPerson, shownTrail } from "~/people/names";
import { drawnLine, trailNames } from "~/programme/trail-facts";
import type { SessionUser } from "~/session/state.server";
import { sinceLastVisit } from "~/visits/since-last-visit.server";
import { clientOf } from "./client-of.server";
import { clientProfileEdit } from "./client-profile.server";

/** `?older=<at>.<id>`: the trail's page after that entry; anything else is the newest page. */
function trailCursor(request: Request): TrailCursor | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(
    new URL(request.url).searchParams.get(TRAIL_PAGE_PARAM) ?? "",
  );
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

export async function loadProgrammeEdits(
  request: Request,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [programme, state, trail, news, book, handIns] = await Promise.all([
    programmeOf(db, client.userId),
    readClientState(db, client.userId),
    readAuditTrail(db, client.userId, { after: trailCursor(request) }),
    sinceLastVisit(client.userId, { id: staff.id, role: "staff" }),
    accountBook(db, client.userId),
    latestHandInStatuses(db, client.userId),
  ]);
  const reader = { email: staff.email, role: "staff" as const, book };
  const { content } = programme;
  // Each line names its task, objective or person as they are named now.
  const names = trailNames({ content, person: (email) => clientPerson(email, reader) });
  const lines = trail.entries.map((entry) => drawnLine(entry, names));
  const audit = { entries: shownTrail(lines, reader), older: trail.older };
  const now = Date.now();
  const doneWithoutHandIn = content.sprints
    .flatMap((sprint) => sprint.tasks)
    .filter((task) => task.handIn !== "nothing" && state.tasks.get(task.id) === "completed")
    .filter((task) => handIns.get(task.id) !== "approved")
    .map((task) => task.id);
  return {
    client,
    doneWithoutHandIn,
    programme: programmeView(content, state, now),
    sprints: content.sprints.map((sprint) => ({
      page: sprintPageView(sprint, content, state, now),
      startedAt: state.sprints.get(sprint.id)?.startedAt ?? null,
    })),
    audit,
    news,
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

type EditDecision = { changes: ProgrammeChange[] } | { refused: FormErrorAnswer };

/** The values a form says it was drawn with, or null when it says none (or nonsense). */
function drawnValues(fields: PostedFields): Record<string, string> | null {
  try {
    const drawn: unknown = JSON.parse(fields[PROGRAMME_EDIT_FIELDS.drawn] ?? "");
    if (typeof drawn !== "object" || drawn === null || Array.isArray(drawn)) return null;
    return Object.fromEntries(
      Object.entries(drawn).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  } catch {
    return null;
  }
}

/**
 * The changes a posted form asks for against the client's `state` now, or the form's refusal. A
 * field still at the value its form was drawn with is left as it is now (decision 050).
 */
function decideEdit(
  context: AppLoadContext,
  posted: PostedFields,
  content: ProgrammeContent,
  state: ClientState,
): EditDecision {
  const drawn = drawnValues(posted);
  const now = Date.now();
  if (posted.intent === PROGRAMME_EDIT_FIELDS.overallIntent) {
    const follow = PROGRAMME_EDIT_FIELDS.followSprints;
    const current = {
      overallProgress: String(programmeView(content, state, now).overallProgress),
      [follow]: state.overallProgress === null ? "on" : "",
    };
    const { fields, edited } = editedFields(checkbox(posted, follow), drawn, current);
    const parsed = parseFields(overallEditSchema, fields);
    if (!parsed.ok) return { refused: refusal(context, parsed) };
    const progress = followedAgain(fields, follow, edited)
      ? null
      : edited("overallProgress")
        ? parsed.value.overallProgress
        : state.overallProgress;
    return { changes: overallEditChanges(content, state, progress, now) };
  }
  if (posted.intent !== PROGRAMME_EDIT_FIELDS.sprintIntent) {
    return { refused: formError(context, toasts.editInvalid) };
  }
  // Its answers name the sprint, so the page shows the error by that sprint's form.
  const values = { sprintId: posted.sprintId ?? "" };
  const sprint = content.sprints.find((candidate) => String(candidate.id) === posted.sprintId);
  const storedStart = (sprint && state.sprints.get(sprint.id)?.startedAt) ?? null;
  const current = sprint
    ? sprintFormValues(sprintPageView(sprint, content, state, now), storedStart)
    : {};
  const follow = PROGRAMME_EDIT_FIELDS.followTasks;
  const { fields, edited } = editedFields(checkbox(posted, follow), drawn, current);
  const parsed = parseFields(sprintEditSchema, fields);
  if (!parsed.ok) return { refused: refusal(context, parsed, values) };
  const items =
    sprint &&
    itemFields(
      fields,
      sprint.objectives.map((objective) => objective.id),
      sprint.tasks.map((task) => task.id),
    );
  if (!items) return { refused: formError(context, toasts.editInvalid, { values }) };
  // A start left as drawn keeps the moment stored, to the millisecond (the field shows minutes).
  const startedAt = edited("startedAt") ? parsed.value.startedAt : storedStart;
  const storedProgress = (sprint && state.sprints.get(sprint.id)?.progress) ?? null;
  const progress = followedAgain(fields, follow, edited)
    ? null
    : edited("progress")
      ? parsed.value.progress
      : storedProgress;
  const edit = { ...parsed.value, progress, startedAt, ...items };
  const completing =
    sprint !== undefined &&
    edit.status === "completed" &&
    sprintPageView(sprint, content, state, now).sprint.status !== "completed";
  if (completing && posted[PROGRAMME_EDIT_FIELDS.completeOpenTasks] === "on") {
    // Every task the post leaves as its form showed it is done; one staff set otherwise stays so.
    for (const task of sprint.tasks) {
      const field = `${PROGRAMME_EDIT_FIELDS.task}${task.id}`;
      if (!edit.tasks.has(task.id) || !edited(field)) edit.tasks.set(task.id, "completed");
    }
  }
  const outcome = sprintEditChanges(content, state, edit, now);
  const next = completing ? nextSprint(content, state, sprint.id, now) : undefined;
  if ("refusal" in outcome || !next || posted[PROGRAMME_EDIT_FIELDS.startNext] !== "on") {
    return answerOf(context, outcome, values);
  }
  // The next sprint starts now (its countdown too, unless it already runs), checked against the
  // client's programme with this sprint completed.
  const after = withChanges(state, outcome.changes);
  const started = sprintEditChanges(
    content,
    after,
    {
      sprintId: next.id,
      status: "in-progress",
      progress: after.sprints.get(next.id)?.progress ?? null,
      startedAt: after.sprints.get(next.id)?.startedAt ?? now,
      objectives: new Map(),
      tasks: new Map(),
    },
    now,
  );
  if ("refusal" in started) return answerOf(context, started, values);
  return { changes: [...outcome.changes, ...started.changes] };
}

function answerOf(
  context: AppLoadContext,
  outcome: EditOutcome,
  values: Record<string, string>,
): EditDecision {
  if (!("refusal" in outcome)) return outcome;
  return { refused: formError(context, editRefused(outcome.refusal), { status: 409, values }) };
}

/** The sprint after `sprintId` in the programme, unless it is already under way or done. */
function nextSprint(content: ProgrammeContent, state: ClientState, sprintId: number, now: number) {
  const next = content.sprints.find((candidate) => candidate.id === sprintId + 1);
  const status = next && sprintPageView(next, content, state, now).sprint.status;
  return status === "not-started" ? next : undefined;
}

/**
 * For a sprint's start moved by `changes`: its tasks re-dated so each stays due on the day it was
 * (one that would fall before the new start moves with it), as plan items with their lines.
 */
function keptDates(
  { base, plan, content }: Pick<ClientProgramme, "base" | "plan" | "content">,
  state: ClientState,
  changes: ProgrammeChange[],
): { items: PlanItem[]; lines: AuditLine[] } {
  const moved = changes.find((change) => change.kind === "sprint-start");
  const before = moved && state.sprints.get(moved.sprintId)?.startedAt;
  if (!moved || moved.kind !== "sprint-start" || !before || moved.startedAt === null) {
    return { items: [], lines: [] };
  }
  const sprint = content.sprints.find((candidate) => candidate.id === moved.sprintId);
  const items: PlanItem[] = [];
  const lines: AuditLine[] = [];
  const [was, now] = [accountDay(state, before), accountDay(state, moved.startedAt)];
  for (const task of sprint?.tasks ?? []) {
    const due = dueDayOf(task, was);
    if (due === null) continue;
    const request = {
      intent: "redate" as const,
      kind: "task" as const,
      sprintId: moved.sprintId,
      itemId: task.id,
      dueOn: due,
    };
    const edit = planEdit(base, [...plan, ...items], request, now);
    if ("refused" in edit) continue;
    items.push(...edit.items);
    lines.push(...edit.lines);
  }
  return { items, lines };
}

/** A checkbox's field as a value: "on" when ticked, "" when not (a form leaves it out). */
function checkbox(posted: PostedFields, name: string): PostedFields {
  return { ...posted, [name]: posted[name] === "on" ? "on" : "" };
}

/** Whether the post ticks `name` ("follows …") where its form had it unticked. */
function followedAgain(
  fields: PostedFields,
  name: string,
  edited: (name: string) => boolean,
): boolean {
  return edited(name) && fields[name] === "on";
}

/**
 * A change of the overall figure, or of one sprint (status, progress, start, objectives, tasks),
 * decided against the client's state as it stands in the same transaction that stores it; or of
 * the client's name and company.
 */
export async function programmeEditAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const fields = (await readForm(request)) ?? {};
  if (fields.intent === PROGRAMME_EDIT_FIELDS.profileIntent) {
    return clientProfileEdit(context, staff, client.userId, fields);
  }
  const decision = await inTransaction(async (trx) => {
    const programme = await programmeOf(trx, client.userId);
    const state = await readClientState(trx, client.userId);
    const decided = decideEdit(context, fields, programme.content, state);
    if ("refused" in decided || decided.changes.length === 0) return decided;
    const at = Date.now();
    await applyProgrammeChanges(trx, client.userId, decided.changes, at);
    const kept =
      fields[PROGRAMME_EDIT_FIELDS.keepDates] === "on"
        ? keptDates(programme, state, decided.changes)
        : { items: [], lines: [] };
    await savePlanItems(trx, client.userId, kept.items, at);
    await recordEvent(trx, {
      clientId: client.userId,
      actor: { id: staff.id, email: staff.email, role: "staff" },
      audience: "client",
      changes: [...decided.changes, ...kept.lines],
      at,
    });
    return decided;
  });
  if ("refused" in decision) return decision.refused;
  const path = staffClientPath(client.userId);
  return redirectWithToast(
    path,
    decision.changes.length === 0 ? toasts.nothingChanged : toasts.changesSaved,
  );
}
