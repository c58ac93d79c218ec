// A client's name and company, as staff give them on the client's page: what changed is stored
// with its audit lines (seen by staff only); a name or company too long is the form again.
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { readClientProfiles, saveClientProfile } from "~/data/client-profiles.server";
import { inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { parseFields, refusal, type PostedFields } from "~/forms/answer.server";
import { clientProfileSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { staffClientPath } from "~/lib/paths";
import type { SessionUser } from "~/session/state.server";

/** What the trail shows for an empty name or company. */
const NOT_GIVEN = "not given";

export async function clientProfileEdit(
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string,
  fields: PostedFields,
) {
  const parsed = parseFields(clientProfileSchema, fields);
  // Its answers say they are this form's, so the page shows the error by it.
  const values = { profile: "1", name: fields.name ?? "", company: fields.company ?? "" };
  if (!parsed.ok) return refusal(context, parsed, values);
  const wanted = parsed.value;
  const changed = await inTransaction(async (trx) => {
    const before = (await readClientProfiles(trx, [clientId])).get(clientId);
    const changes = (["name", "company"] as const)
      .filter((key) => (before?.[key] ?? "") !== wanted[key])
      .map((key) => ({
        field: key === "name" ? "Name" : "Company",
        before: before?.[key] || NOT_GIVEN,
        after: wanted[key] || NOT_GIVEN,
      }));
    if (changes.length === 0) return false;
    const at = Date.now();
    await saveClientProfile(trx, clientId, wanted, at);
    await recordEvent(trx, {
      clientId,
      actor: { id: staff.id, email: staff.email, role: "staff" },
      // "Who they are" is the agency's own note: never the client's to read.
      audience: "staff",
      changes,
      at,
    });
    return true;
  });
  return redirectWithToast(
    staffClientPath(clientId),
    changed ? toasts.changesSaved : toasts.nothingChanged,
  );
}
