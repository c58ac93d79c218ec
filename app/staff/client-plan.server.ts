// A client's own programme in the console: the template they follow (switched only before they
// start) and their tasks and objectives, which staff add, rename, describe, re-date, reorder and
// hide for this client alone; each change is stored with its lines in the audit trail.
import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { assignTemplate, clearPlan, savePlanItems } from "~/data/client-plans.server";
import { readClientState } from "~/data/client-programme.server";
import { database, inTransaction, type Executor } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import {
  FORM_ISSUES,
  planItemSchema,
  TEMPLATE_INTENT,
  templateChoiceSchema,
} from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { staffClientPlanPath } from "~/lib/paths";
import { ADDED_ID_PREFIX } from "~/programme/client-plan";
import { placed, planEdit, type TaskFields } from "~/programme/client-plan-edits";
import {
  dateValue,
  dueDayOf,
  endOfDueDay,
  programmeView,
  startDayOf,
} from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import type { ClientState } from "~/programme/model";
import { formText, readFormText } from "~/programme/task-form-text.server";
import { programmeTemplates } from "~/programme/templates.server";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";
import type { ClientPlanData } from "./views";

/** Whether the client has started: a sprint opened, or anything of theirs recorded. */
function started(state: ClientState): boolean {
  return (
    state.tasks.size + state.objectives.size > 0 ||
    [...state.sprints.values()].some((sprint) => sprint.startedAt !== null)
  );
}

/** A task's fields as its form shows them (its questions go as text). */
const taskShown = ({ form: _questions, ...shown }: TaskFields) => shown;

export async function loadClientPlan(
  request: Request,
  clientId: string | undefined,
): Promise<ClientPlanData> {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [programme, state] = await Promise.all([
    programmeOf(db, client.userId),
    readClientState(db, client.userId),
  ]);
  const { template, version, base, plan, content } = programme;
  const sprints = base.sprints.map((sprint) => {
    const startDay = startDayOf(state, sprint.id);
    const dueOf = (item: { dueAfterDays?: number }) => {
      const day = dueDayOf(item, startDay);
      return day === null
        ? null
        : { at: endOfDueDay(day, state.dueZone) - 1, date: dateValue(day) };
    };
    const items = (kind: "task" | "objective") =>
      placed(base, plan, kind, sprint.id)!.map((item) => ({
        id: item.id,
        title: item.title,
        description: item.description,
        dueAfterDays: item.dueAfterDays ?? null,
        due: kind === "task" ? dueOf(item) : null,
        task: item.task ? taskShown(item.task) : null,
        questions: formText(item.task?.form ?? undefined),
        hidden: item.planned?.hidden ?? false,
        added: item.planned?.added ?? false,
      }));
    return {
      id: sprint.id,
      title: sprint.title,
      startedAt: state.sprints.get(sprint.id)?.startedAt ?? null,
      tasks: items("task"),
      objectives: items("objective"),
    };
  });
  const templates = [...programmeTemplates().values()].map(({ id, name }) => ({ id, name }));
  return {
    client,
    current: programmeView(content, state, Date.now()).current,
    template: { id: template.id, name: template.name, upToDate: version === template.version },
    templates,
    canSwitch: !started(state),
    sprints,
  };
}

const newId = () => `${ADDED_ID_PREFIX}${randomBytes(4).toString("hex")}`;

async function switchTemplate(
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string,
  templateId: string,
) {
  const chosen = programmeTemplates().get(templateId);
  if (!chosen) return formError(context, toasts.editInvalid);
  const outcome = await inTransaction(async (trx: Executor) => {
    const { template } = await programmeOf(trx, clientId);
    if (started(await readClientState(trx, clientId))) return "refused" as const;
    if (template.id === chosen.id) return "unchanged" as const;
    const at = Date.now();
    await clearPlan(trx, clientId);
    await assignTemplate(trx, clientId, { templateId: chosen.id, version: null }, at);
    await recordEvent(trx, {
      clientId,
      actor: { id: staff.id, email: staff.email, role: "staff" },
      // Templates' names are the agency's; the client sees their programme change all the same.
      audience: "staff",
      clientPages: true,
      changes: [{ field: "Programme template", before: template.name, after: chosen.name }],
      at,
    });
    return "switched" as const;
  });
  if (outcome === "refused") {
    return formError(context, toasts.templateSwitchRefused, { status: 409 });
  }
  return redirectWithToast(
    staffClientPlanPath(clientId),
    outcome === "switched" ? toasts.changesSaved : toasts.nothingChanged,
  );
}

/** A change to the client's template, or to one of their tasks or objectives. */
export async function clientPlanAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const fields = (await readForm(request)) ?? {};
  if (fields.intent === TEMPLATE_INTENT) {
    const parsed = parseFields(templateChoiceSchema, fields);
    if (!parsed.ok) return refusal(context, parsed);
    return switchTemplate(context, staff, client.userId, parsed.value.templateId);
  }
  const values = {
    itemId: fields.itemId ?? "",
    sprintId: fields.sprintId ?? "",
    kind: fields.kind ?? "",
    intent: fields.intent ?? "",
    title: fields.title ?? "",
    description: fields.description ?? "",
    dueAfterDays: fields.dueAfterDays ?? "",
    dueOn: fields.dueOn ?? "",
    owner: fields.owner ?? "",
    handIn: fields.handIn ?? "",
    handInRequired: fields.handInRequired ?? "",
    link: fields.link ?? "",
    questions: fields.questions ?? "",
  };
  const parsed = parseFields(planItemSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { questions, task, ...item } = parsed.value;
  // Questions are read for a form alone; none written: the template's.
  const written =
    task?.handIn === "form" && questions
      ? readFormText(questions, item.itemId ?? "new-task")
      : null;
  if (written && "problems" in written) {
    return formError(context, toasts.planFormInvalid, {
      values,
      errors: { questions: written.problems.join("\n") },
    });
  }
  const wanted = { ...item, ...(task && { task: { ...task, form: written?.form ?? null } }) };
  const outcome = await inTransaction(async (trx) => {
    const { base, plan } = await programmeOf(trx, client.userId);
    const state = await readClientState(trx, client.userId);
    const edit = planEdit(base, plan, wanted, startDayOf(state, wanted.sprintId), newId);
    if ("refused" in edit || edit.lines.length === 0) return edit;
    const at = Date.now();
    await savePlanItems(trx, client.userId, edit.items, at);
    await recordEvent(trx, {
      clientId: client.userId,
      actor: { id: staff.id, email: staff.email, role: "staff" },
      audience: "client",
      changes: edit.lines,
      at,
    });
    return edit;
  });
  if ("refused" in outcome) {
    const issue = FORM_ISSUES[outcome.refused];
    const field =
      { planDueInvalid: "dueOn", planHandInInvalid: "handIn", planFormMissing: "questions" }[
        outcome.refused as string
      ] ?? "title";
    const hint = "hint" in issue ? issue.hint : undefined;
    return formError(context, issue.toast, {
      values,
      errors: hint ? { [field]: hint } : {},
      status: outcome.refused === "planItemMissing" ? 404 : 400,
    });
  }
  return redirectWithToast(
    staffClientPlanPath(client.userId),
    outcome.lines.length === 0 ? toasts.nothingChanged : toasts.changesSaved,
  );
}
