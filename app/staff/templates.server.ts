// The console's programme templates: each one's clients kept on an earlier version (a file that
// changed rewrites no one), what the current version would change for each, and applying it to
// the clients staff choose, each with its line in the client's trail.
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { assignTemplate, readClientsBehind } from "~/data/client-plans.server";
import { readClientProfiles } from "~/data/client-profiles.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { formError, readForm } from "~/forms/answer.server";
import { CHOSEN_CLIENT } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { templateAnswersCsvPath, TEMPLATES_PATH } from "~/lib/paths";
import { applyPlan } from "~/programme/client-plan";
import { programmeOf, programmesOf } from "~/data/client-programmes.server";
import { templateChanges } from "~/programme/template-changes";
import { DEFAULT_TEMPLATE_ID, programmeTemplates } from "~/programme/templates.server";
import type { SessionUser } from "~/session/state.server";
import type { TemplatesData } from "./views";

/** Clients listed per template; the rest are counted (and applied to as they come up). */
export const BEHIND_SHOWN = 100;

export async function loadTemplates(): Promise<TemplatesData> {
  const db = await database();
  const templates = await Promise.all(
    [...programmeTemplates().values()].map(async (template) => {
      const { clients, total } = await readClientsBehind(
        db,
        {
          id: template.id,
          isDefault: template.id === DEFAULT_TEMPLATE_ID,
          current: template.version,
        },
        BEHIND_SHOWN,
      );
      const ids = clients.map((client) => client.userId);
      const [programmes, profiles] = await Promise.all([
        programmesOf(db, ids),
        readClientProfiles(db, ids),
      ]);
      return {
        id: template.id,
        name: template.name,
        version: template.version,
        total,
        forms: template.content.sprints.flatMap((sprint) =>
          sprint.tasks
            .filter((task) => task.handIn === "form")
            .map((task) => ({
              title: task.title,
              csv: templateAnswersCsvPath(template.id, task.id),
            })),
        ),
        behind: clients.map((client) => {
          const { content, plan } = programmes.get(client.userId)!;
          const name = profiles.get(client.userId)?.name;
          return {
            id: client.userId,
            who: name ? `${name} (${client.email})` : client.email,
            changes: templateChanges(content, applyPlan(template.content, plan)),
          };
        }),
      };
    }),
  );
  return { templates };
}

/** 'Apply to the chosen clients': each moves to the template's current version, if still behind. */
export async function applyTemplateAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
) {
  const fields = (await readForm(request)) ?? {};
  const template = programmeTemplates().get(fields.templateId ?? "");
  if (!template) return formError(context, toasts.editInvalid);
  const chosen = Object.keys(fields)
    .filter((name) => name.startsWith(CHOSEN_CLIENT) && fields[name] === "on")
    .map((name) => name.slice(CHOSEN_CLIENT.length))
    .slice(0, BEHIND_SHOWN)
    // One order for every transaction that rewrites several clients' facts: none waits on another.
    .sort();
  const applied = await inTransaction(async (trx) => {
    let count = 0;
    const at = Date.now();
    for (const clientId of chosen) {
      const programme = await programmeOf(trx, clientId);
      if (programme.template.id !== template.id || programme.version === template.version) continue;
      await assignTemplate(trx, clientId, { templateId: template.id, version: null }, at);
      await recordEvent(trx, {
        clientId,
        actor: { id: staff.id, email: staff.email, role: "staff" },
        audience: "staff",
        clientPages: true,
        changes: [
          {
            field: "Programme template",
            before: `${template.name}, an earlier version`,
            after: `${template.name}, its current version`,
          },
        ],
        at,
      });
      count += 1;
    }
    return count;
  });
  return redirectWithToast(
    TEMPLATES_PATH,
    applied > 0 ? toasts.templateApplied : toasts.nothingChanged,
  );
}
