// The console's Settings: the agency's name, colour, sender, support address, booking page,
// landing words and logo, saved as one version with a trail line per field changed.
import type { AppLoadContext } from "@remix-run/node";
import type { AgencyBrand, BrandSettings, LandingFigure } from "~/brand/brand";
import { LOGO_MAX_BYTES } from "~/brand/brand";
import { storeLogo } from "~/brand/logo.server";
import { FileStoreUnavailable } from "~/files/file-store";
import { fileStore } from "~/files/store.server";
import { forgetBrand, readBrand } from "~/brand/brand.server";
import { toasts } from "~/content/toasts";
import { agencyTrail, recordAgencyLines, saveAgencySettings } from "~/data/agency-settings.server";
import { namesByAddress } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import { drawnLine, trailNames } from "~/programme/trail-facts";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import {
  brandSettingsSchema,
  REMOVE_LOGO_INTENT,
  SETTINGS_FIELDS,
  type SettingsField,
} from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { STAFF_SETTINGS_PATH } from "~/lib/paths";
import type { SessionUser } from "~/session/state.server";

/** A logo post's whole body: the file, and room for the form's own parts. */
const LOGO_POST_MAX_BYTES = LOGO_MAX_BYTES + 16 * 1024;

/** Lines of the agency's trail the page shows. */
const TRAIL_SHOWN = 50;

export async function loadSettings() {
  const db = await database();
  const [brand, lines] = await Promise.all([readBrand(db), agencyTrail(db, TRAIL_SHOWN)]);
  // A line naming one of a client's people says the name they go by now, else their address.
  const named = lines.flatMap((line) =>
    line.fact && "person" in line.fact ? [line.fact.person] : [],
  );
  const names = await namesByAddress(db, [...new Set(named)]);
  const person = (email: string) => {
    const name = names.get(email);
    return name ? `${name} (${email})` : undefined;
  };
  const drawn = trailNames({ person });
  return { brand, trail: lines.map((line) => drawnLine(line, drawn)) };
}

/** How a trail line writes a value ("—": none, the default). */
const shown = (value: string | null) => (value === null || value === "" ? "—" : value);

const figuresText = (figures: LandingFigure[]) =>
  figures.map((figure) => `${figure.value} ${figure.label}`).join(", ");

/** What changed from `before` to `after`, as trail lines. */
function changedLines(before: BrandSettings, after: BrandSettings) {
  const pairs: [string, string, string][] = [
    ["Agency name", before.name, after.name],
    ["Brand colour", shown(before.colour), shown(after.colour)],
    ["Mail sender name", shown(before.senderName), shown(after.senderName)],
    ["Reply-to address", shown(before.replyTo), shown(after.replyTo)],
    ["Support address", shown(before.supportEmail), shown(after.supportEmail)],
    ["Booking page", shown(before.bookingUrl), shown(after.bookingUrl)],
    ["Landing badge", before.landing.badge, after.landing.badge],
    ["Landing tagline", before.landing.tagline, after.landing.tagline],
    ["Landing introduction", before.landing.introduction, after.landing.introduction],
    ["Landing figures", figuresText(before.landing.figures), figuresText(after.landing.figures)],
    ["Logo", shown(before.logo), shown(after.logo)],
  ];
  return pairs
    .filter(([, was, now]) => was !== now)
    .map(([field, was, now]) => ({ field, before: shown(was), after: shown(now) }));
}

type Change = (before: AgencyBrand) => BrandSettings;

/**
 * Saves what `change` makes of the settings as they stand, with a trail line per field changed,
 * over the version it read: "conflict" when another save came meanwhile (nothing saved).
 */
async function saveChange(staff: SessionUser, change: Change) {
  const outcome = await inTransaction(async (trx) => {
    const before = await readBrand(trx);
    const after = change(before);
    const lines = changedLines(before, after);
    if (lines.length === 0) return "unchanged";
    const at = Date.now();
    if (!(await saveAgencySettings(trx, JSON.stringify(after), before.version, at))) {
      return "conflict";
    }
    await recordAgencyLines(trx, { id: staff.id, email: staff.email }, lines, at);
    return "saved";
  });
  if (outcome === "saved") forgetBrand();
  return outcome;
}

/** The page again after `outcome`, or the form with why not. */
function answerOf(
  context: AppLoadContext,
  outcome: "saved" | "unchanged" | "conflict",
  values: Partial<Record<SettingsField, string>> = {},
) {
  if (outcome === "conflict") {
    return formError<SettingsField>(context, toasts.settingsChangedMeanwhile, {
      values,
      status: 409,
    });
  }
  const toast = outcome === "saved" ? toasts.settingsSaved : toasts.nothingChanged;
  return redirectWithToast(STAFF_SETTINGS_PATH, toast);
}

/** The logo form's post (multipart): its one file, read whole up to the logo's limit. */
async function postedLogo(request: Request): Promise<Buffer | "too-large" | null> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > LOGO_POST_MAX_BYTES) return "too-large";
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    const reader = request.body?.getReader();
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
      const chunk = next.value;
      bytes += chunk.byteLength;
      if (bytes > LOGO_POST_MAX_BYTES) {
        await reader?.cancel();
        return "too-large";
      }
      chunks.push(chunk);
    }
    const body = new Response(Buffer.concat(chunks), {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    });
    const file = (await body.formData()).get("logo");
    return file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** 'Upload Logo': the file checked and drawn, then named in the settings. */
async function uploadLogo(request: Request, context: AppLoadContext, staff: SessionUser) {
  const posted = await postedLogo(request);
  if (posted === null) return formError(context, toasts.logoMissing);
  if (posted === "too-large") return formError(context, toasts.logoTooLarge, { status: 413 });
  let stored;
  try {
    stored = await storeLogo(fileStore(), posted);
  } catch (error) {
    if (error instanceof FileStoreUnavailable) return formError(context, toasts.connectionError);
    throw error;
  }
  if ("refused" in stored) return formError(context, toasts[stored.refused]);
  return answerOf(context, await saveChange(staff, (before) => ({ ...before, logo: stored.hash })));
}

export async function settingsAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
) {
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return uploadLogo(request, context, staff);
  }
  const fields = (await readForm(request)) ?? {};
  if (fields.intent === REMOVE_LOGO_INTENT) {
    return answerOf(context, await saveChange(staff, (before) => ({ ...before, logo: null })));
  }
  const values = Object.fromEntries(SETTINGS_FIELDS.map((name) => [name, fields[name] ?? ""]));
  const parsed = parseFields(brandSettingsSchema, fields);
  if (!parsed.ok) return refusal<SettingsField>(context, parsed, values);
  const wanted = parsed.value;
  const figures: LandingFigure[] = [];
  for (const index of [0, 1, 2] as const) {
    const value = wanted[`figureValue${index}`];
    const label = wanted[`figureLabel${index}`];
    if (value === "" && label === "") continue;
    if (value === "" || label === "") {
      const hint = toasts.brandFigureInvalid.description;
      const field = value === "" ? `figureValue${index}` : `figureLabel${index}`;
      return formError<SettingsField>(context, toasts.brandFigureInvalid, {
        values,
        errors: { [field]: hint },
      });
    }
    figures.push({ value, label });
  }
  const words = {
    name: wanted.name,
    colour: wanted.colour,
    senderName: wanted.senderName,
    replyTo: wanted.replyTo,
    supportEmail: wanted.supportEmail,
    bookingUrl: wanted.bookingUrl,
    landing: {
      badge: wanted.badge,
      tagline: wanted.tagline,
      introduction: wanted.introduction,
      figures,
    },
  };
  return answerOf(
    context,
    await saveChange(staff, (before) => ({ ...words, logo: before.logo })),
    values,
  );
}
