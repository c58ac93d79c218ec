// The brand every page and mail reads: the settings row merged over the defaults (the agency's name
// and booking page from the environment until staff save their own), kept for a second, so another
// instance's change shows within one without a restart.
import { database, type Executor } from "~/data/connection.server";
import { readAgencySettings } from "~/data/agency-settings.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { logoPath } from "~/lib/page-meta";
import {
  DEFAULT_LANDING,
  hexColour,
  pageBrandOf,
  type AgencyBrand,
  type PageBrand,
  type BrandSettings,
  type LandingWords,
  type MailBrand,
} from "./brand";

/** A logo's name as stored: its bytes' hash. */
const LOGO_HASH = /^[0-9a-f]{16}$/;

/** How long a brand read is kept by this process. */
const KEPT_MS = 1_000;

let kept: { at: number; brand: Promise<AgencyBrand> } | undefined;
/** The brand this process read last. */
let known: AgencyBrand | undefined;

/** The brand before staff saved any: the environment's name and booking page, the defaults. */
export function seededBrand(): BrandSettings {
  const env = getEnv();
  return {
    name: env.AGENCY_NAME,
    colour: null,
    senderName: null,
    replyTo: null,
    supportEmail: null,
    bookingUrl: env.BOOKING_URL ?? null,
    landing: DEFAULT_LANDING,
    logo: null,
  };
}

/** The seeded brand as version 0: what shows before any read. */
const seededVersion = (): AgencyBrand => ({ ...seededBrand(), version: 0 });

const stringOr = <T>(value: unknown, otherwise: T): string | T =>
  typeof value === "string" && value !== "" ? value : otherwise;

function landingOf(stored: unknown): LandingWords {
  const words = (stored ?? {}) as Partial<Record<keyof LandingWords, unknown>>;
  const figures = Array.isArray(words.figures)
    ? words.figures.flatMap((figure: unknown) => {
        const { value, label } = (figure ?? {}) as { value?: unknown; label?: unknown };
        return typeof value === "string" && typeof label === "string" ? [{ value, label }] : [];
      })
    : DEFAULT_LANDING.figures;
  return {
    badge: stringOr(words.badge, DEFAULT_LANDING.badge),
    tagline: stringOr(words.tagline, DEFAULT_LANDING.tagline),
    introduction: stringOr(words.introduction, DEFAULT_LANDING.introduction),
    figures,
  };
}

/** Stored settings over the seeded ones; a field that cannot be read keeps its seed. */
export function brandFrom(stored: string | null, version: number): AgencyBrand {
  const seeded = seededBrand();
  if (stored === null) return { ...seeded, version };
  let raw: Partial<Record<keyof BrandSettings, unknown>>;
  try {
    raw = JSON.parse(stored) as typeof raw;
  } catch {
    log("error", "agency_settings_unreadable", { version });
    return { ...seeded, version };
  }
  return {
    name: stringOr(raw.name, seeded.name),
    colour: typeof raw.colour === "string" ? hexColour(raw.colour) : null,
    senderName: stringOr(raw.senderName, null),
    replyTo: stringOr(raw.replyTo, null),
    supportEmail: stringOr(raw.supportEmail, null),
    bookingUrl: raw.bookingUrl === undefined ? seeded.bookingUrl : stringOr(raw.bookingUrl, null),
    landing: landingOf(raw.landing),
    logo: typeof raw.logo === "string" && LOGO_HASH.test(raw.logo) ? raw.logo : null,
    version,
  };
}

/** The brand as `db` holds it now (Settings reads it so, within its transaction). */
export async function readBrand(db: Executor): Promise<AgencyBrand> {
  const { settings, version } = await readAgencySettings(db);
  return brandFrom(settings, version);
}

/** The brand as pages and mails show it: read at most once a second by this process. */
export function currentBrand(now = Date.now()): Promise<AgencyBrand> {
  if (!kept || now - kept.at >= KEPT_MS || now < kept.at) {
    const reading = { at: now, brand: database().then(readBrand) };
    kept = reading;
    reading.brand.then(
      (brand) => {
        known = brand;
      },
      () => {
        if (kept === reading) kept = undefined;
      },
    );
  }
  return kept.brand;
}

/**
 * What every page's frame shows: the current brand's, or the seeded one while the database does
 * not answer (the page's own loader then answers for it).
 */
export async function pageBrand(): Promise<PageBrand> {
  try {
    return pageBrandOf(await currentBrand());
  } catch (error) {
    log("warn", "brand_unread", { detail: (error as Error).message });
    return pageBrandOf(seededVersion());
  }
}

/**
 * The brand this process read last (the seeded one before any read), at once, for what cannot
 * wait for a read; a fresh read starts when the last is over a second old.
 */
export function knownBrand(): AgencyBrand {
  currentBrand().catch(() => undefined);
  return known ?? seededVersion();
}

/** How mails show `brand`: its name, its logo at its public address, its colour. */
export function mailBrandOf(brand: AgencyBrand): MailBrand {
  const logoUrl =
    brand.logo === null ? null : `${getEnv().SITE_URL}${logoPath(brand.logo, "header")}`;
  return { name: brand.name, logoUrl, colour: brand.colour, supportEmail: brand.supportEmail };
}

/** How the portal's mails show the agency now. */
export const mailBrand = async (): Promise<MailBrand> => mailBrandOf(await currentBrand());

/** After this process saved the settings: its next read is fresh. */
export function forgetBrand(): void {
  kept = undefined;
  known = undefined;
}
