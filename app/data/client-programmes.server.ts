// Which programme each client follows: their template, at the version they were given, with what
// the agency changed for them alone laid over it; read in two queries however many clients.
import { applyPlan, type PlanItem } from "~/programme/client-plan";
import type { ProgrammeContent } from "~/programme/model";
import { parseProgramme } from "~/programme/programme-file.server";
import {
  DEFAULT_TEMPLATE_ID,
  programmeTemplates,
  templateOf,
  type ProgrammeTemplate,
} from "~/programme/templates.server";
import {
  readAssignments,
  readPlans,
  readTemplateSource,
  recordServedTemplate,
} from "./client-plans.server";
import { inTransaction, type Executor } from "./connection.server";

export interface ClientProgramme {
  template: ProgrammeTemplate;
  /** The version the client follows; the template's current one unless they were kept on another. */
  version: string;
  /** The template's content at `version`. */
  base: ProgrammeContent;
  /** What the agency changed for this client. */
  plan: PlanItem[];
  /** The template's content at `version` with `plan` laid over it: what every page draws. */
  content: ProgrammeContent;
}

/** Earlier versions' contents, parsed once each. */
const earlier = new Map<string, ProgrammeContent>();

async function contentAt(
  db: Executor,
  template: ProgrammeTemplate,
  version: string,
): Promise<ProgrammeContent> {
  if (version === template.version) return template.content;
  const key = `${template.id}:${version}`;
  const known = earlier.get(key);
  if (known) return known;
  const source = await readTemplateSource(db, template.id, version);
  // A version never recorded cannot be shown: the client follows the current one.
  if (source === undefined) return template.content;
  const content = parseProgramme(source, `${template.id} (version ${version})`);
  earlier.set(key, content);
  return content;
}

/** The programmes of `userIds` (a client with no record: the default template as it is now). */
export async function programmesOf(
  db: Executor,
  userIds: string[],
): Promise<Map<string, ClientProgramme>> {
  const [assignments, plans] = await Promise.all([
    readAssignments(db, userIds),
    readPlans(db, userIds),
  ]);
  const programmes = new Map<string, ClientProgramme>();
  for (const userId of userIds) {
    const { templateId, version } = assignments.get(userId) ?? { templateId: null, version: null };
    const template = templateOf(templateId);
    // A client whose template is no longer served follows the default one's current version.
    const kept = template.id === (templateId ?? DEFAULT_TEMPLATE_ID) ? version : null;
    const plan = plans.get(userId) ?? [];
    const base = await contentAt(db, template, kept ?? template.version);
    programmes.set(userId, {
      template,
      version: kept ?? template.version,
      base,
      plan,
      content: applyPlan(base, plan),
    });
  }
  return programmes;
}

export async function programmeOf(db: Executor, userId: string): Promise<ClientProgramme> {
  return (await programmesOf(db, [userId])).get(userId)!;
}

/** Records each template's current version as served (at start-up, before any page). */
export async function recordServedTemplates(): Promise<void> {
  const at = Date.now();
  await inTransaction(async (trx) => {
    for (const template of programmeTemplates().values()) {
      await recordServedTemplate(
        trx,
        { ...template, isDefault: template.id === DEFAULT_TEMPLATE_ID },
        at,
      );
    }
  });
}
