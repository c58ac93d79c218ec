// The console's Settings: the agency's name, colour, sender, support address, booking page,
// landing words and logo, saved as one version with a trail line per field changed.
import type { AppLoadContext } from "@remix-run/node";
import type { AgencyBrand, BrandSettings, LandingFigure } from "~/brand/brand";
import { LOGO_MAX_BYTES } from "~/brand/brand";
import { removeLogo, storeLogo } from "~/brand/logo.server";
import { log } from "~/lib/log.server";
import { FileStoreUnavailable, removeAll } from "~/files/file-store";
import { fileStore } from "~/files/store.server";
import { uploadRefused } from "~/files/upload-answers.server";
import { readUpload, type UploadLimits } from "~/files/upload.server";
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

/** How a logo refused says why: its size, its kind, bytes that are no image we can read. */
const LOGO_REFUSAL_STATUS = { logoTooLarge: 413, logoKind: 415, logoUnreadable: 422 } as const;

/** A logo post: one file, of a logo's size at most. */
const LOGO_UPLOAD: UploadLimits = { maxFileBytes: LOGO_MAX_BYTES, maxFiles: 1 };

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
  const { outcome, replaced } = await inTransaction(async (trx) => {
    const before = await readBrand(trx);
    const after = change(before);
    const lines = changedLines(before, after);
    if (lines.length === 0) return { outcome: "unchanged" as const };
    const at = Date.now();
    if (!(await saveAgencySettings(trx, JSON.stringify(after), before.version, at))) {
      return { outcome: "conflict" as const };
    }
    await recordAgencyLines(trx, { id: staff.id, email: staff.email }, lines, at);
    return { outcome: "saved" as const, replaced: before.logo !== after.logo ? before.logo : null };
  });
  if (outcome === "saved") forgetBrand();
  // A logo no longer named goes from the store once the save is in (a later upload draws it again).
  if (replaced) {
    await removeLogo(fileStore(), replaced).catch((error: unknown) =>
      log("warn", "logo_not_removed", { logo: replaced, detail: String(error) }),
    );
  }
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

/** 'Upload Logo': the file checked and drawn, then named in the settings. */
async function uploadLogo(request: Request, context: AppLoadContext, staff: SessionUser) {
  const store = fileStore();
  const upload = await readUpload(request, store, LOGO_UPLOAD);
  if (!upload.ok) {
    const { reason } = upload.refusal;
    if (reason === "too-large") return formError(context, toasts.logoTooLarge, { status: 413 });
    if (reason === "not-allowed" || reason === "mismatch" || reason === "empty") {
      return formError(context, toasts.logoKind, { status: 415 });
    }
    return uploadRefused(context, upload.refusal, {}, LOGO_UPLOAD);
  }
  const [file] = upload.files;
  if (!file) return formError(context, toasts.logoMissing);
  let stored;
  try {
    // The upload as sent is only read to be drawn: its drawings are what is kept.
    const sent = await store.read(file.key);
    const bytes = sent ? Buffer.concat(await sent.stream.toArray()) : Buffer.alloc(0);
    stored = await storeLogo(store, bytes);
  } catch (error) {
    if (error instanceof FileStoreUnavailable) return formError(context, toasts.connectionError);
    throw error;
  } finally {
    await removeAll(store, [file.key]);
  }
  if ("refused" in stored) {
    const status = LOGO_REFUSAL_STATUS[stored.refused];
    return formError(context, toasts[stored.refused], { status });
  }
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
  const words = parsed.value;
  return answerOf(
    context,
    await saveChange(staff, (before) => ({ ...words, logo: before.logo })),
    values,
  );
}
