// The time zone a person keeps to: the browser's, sent by the sign-in form's script (anything that
// is not a zone is left out quietly; without JavaScript the stored one stays), unless they chose
// one on the account page, where it can be changed (decision 062).
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { readTimeZone, saveTimeZone } from "~/data/client-profiles.server";
import { database, inTransaction } from "~/data/connection.server";
import { refreshFactsOnZoneOf } from "~/data/task-facts.server";
import { parseFields, refusal, type PostedFields } from "~/forms/answer.server";
import { timeZoneSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { log } from "~/lib/log.server";
import { ACCOUNT_PATH } from "~/lib/paths";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import type { SessionUser } from "~/session/state.server";

/** The account page's time zone: the one stored (UTC when none); the page lists the zones itself. */
export async function loadTimeZone(user: SessionUser) {
  return { timeZone: (await readTimeZone(await database(), user.id)) ?? DEFAULT_TIME_ZONE };
}

/**
 * Keeps the zone a sign-in post's script sent for `userId`. Never stands in the sign-in's way: a
 * value that is no zone is ignored, and a database that cannot take it now is only logged.
 */
export async function takeBrowserTimeZone(userId: string, fields: PostedFields): Promise<void> {
  const parsed = timeZoneSchema.safeParse(fields);
  if (!parsed.success) return;
  try {
    await inTransaction(async (trx) => {
      const at = Date.now();
      if (await saveTimeZone(trx, userId, parsed.data.timeZone, { at, chosen: false })) {
        await refreshFactsOnZoneOf(trx, userId);
      }
    });
  } catch (error) {
    log("warn", "time_zone_not_saved", { detail: (error as Error).message });
  }
}

/** The account page's time zone form: a zone from the list, kept until the next choice. */
export async function chooseTimeZone(
  context: AppLoadContext,
  user: SessionUser,
  fields: PostedFields,
) {
  const parsed = parseFields(timeZoneSchema, fields);
  // The answer names the form's field (what a page without JavaScript tells its forms apart by).
  if (!parsed.ok) return refusal<"timeZone">(context, parsed, { timeZone: "" });
  await inTransaction(async (trx) => {
    const at = Date.now();
    if (await saveTimeZone(trx, user.id, parsed.value.timeZone, { at, chosen: true })) {
      await refreshFactsOnZoneOf(trx, user.id);
    }
  });
  return redirectWithToast(ACCOUNT_PATH, toasts.timeZoneSaved);
}
