// The console's Settings: the agency's name, colour, sender, support address, booking page and
// landing words, saved as one version with a trail line per field changed (shown on the page).
import type { AppLoadContext } from "@remix-run/node";
import type { BrandSettings, LandingFigure } from "~/brand/brand";
import { forgetBrand, readBrand } from "~/brand/brand.server";
import { toasts } from "~/content/toasts";
import { agencyTrail, recordAgencyLines, saveAgencySettings } from "~/data/agency-settings.server";
import { database, inTransaction } from "~/data/connection.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { brandSettingsSchema, SETTINGS_FIELDS, type SettingsField } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { STAFF_SETTINGS_PATH } from "~/lib/paths";
import type { SessionUser } from "~/session/state.server";

/** Lines of the agency's trail the page shows. */
const TRAIL_SHOWN = 50;

export async function loadSettings() {
  const db = await database();
  const [brand, trail] = await Promise.all([readBrand(db), agencyTrail(db, TRAIL_SHOWN)]);
  return { brand, trail };
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
  ];
  return pairs
    .filter(([, was, now]) => was !== now)
    .map(([field, was, now]) => ({ field, before: shown(was), after: shown(now) }));
}

export async function settingsAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
) {
  const fields = (await readForm(request)) ?? {};
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
  const after: BrandSettings = {
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
  const outcome = await inTransaction(async (trx) => {
    const before = await readBrand(trx);
    const lines = changedLines(before, after);
    if (lines.length === 0) return "unchanged";
    const at = Date.now();
    // Saved over the version read here only: another save meanwhile is not overwritten.
    if (!(await saveAgencySettings(trx, JSON.stringify(after), before.version, at))) {
      return "conflict";
    }
    await recordAgencyLines(trx, { id: staff.id, email: staff.email }, lines, at);
    return "saved";
  });
  if (outcome === "conflict") {
    return formError<SettingsField>(context, toasts.settingsChangedMeanwhile, {
      values,
      status: 409,
    });
  }
  if (outcome === "saved") forgetBrand();
  const toast = outcome === "saved" ? toasts.settingsSaved : toasts.nothingChanged;
  return redirectWithToast(STAFF_SETTINGS_PATH, toast);
}
