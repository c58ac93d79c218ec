// The agency's brand as pages and mails show it: what staff set in Settings, the defaults a new
// portal starts with, and the contrast a brand colour keeps with the white text drawn on it.

/** One figure of the landing page's hero ("99%", "client satisfaction"). */
export interface LandingFigure {
  value: string;
  label: string;
}

/** The landing page's own words. */
export interface LandingWords {
  badge: string;
  tagline: string;
  introduction: string;
  figures: LandingFigure[];
}

/** What staff set in Settings; null where nothing is set (the default stands). */
export interface BrandSettings {
  name: string;
  /** "#4338ca": buttons and links; null: the portal's own. */
  colour: string | null;
  /** The name mails come from; null: the agency's name. */
  senderName: string | null;
  /** Where replies to the portal's mails go; null: its sender address. */
  replyTo: string | null;
  supportEmail: string | null;
  bookingUrl: string | null;
  landing: LandingWords;
  /** The logo's hash (its drawings' name); null: none, the portal's mark. */
  logo: string | null;
}

/** The brand with the version of the settings it was read from (0: none saved yet). */
export interface AgencyBrand extends BrandSettings {
  version: number;
}

/** What every page's frame reads: the name, and the colour as a CSS value. */
export interface PageBrand {
  name: string;
  /** The colour as `--primary` takes it ("243 75% 59%"); absent: the portal's own. */
  primary?: string;
  /** The logo's hash; absent: the portal's mark. */
  logo?: string;
  /** The settings' version, once staff saved any: what the offline page's worker is keyed by. */
  version?: number;
}

export const DEFAULT_LANDING: LandingWords = {
  badge: "Client Portal",
  tagline: "Precision. Innovation. Excellence.",
  introduction:
    "Your programme with our media and consulting team, in one place: four focused sprints, progress you can see and a direct line to your strategist.",
  figures: [
    { value: "99%", label: "client satisfaction" },
    { value: "50+", label: "projects completed" },
    { value: "24/7", label: "support" },
  ],
};

/** How a mail shows the agency: its name, its logo's header drawing (an absolute URL), its colour. */
export interface MailBrand {
  name: string;
  logoUrl: string | null;
  colour: string | null;
  /** Where readers write with questions; null: the mails name none. */
  supportEmail: string | null;
}

/** The largest logo file taken. */
export const LOGO_MAX_BYTES = 1_000_000;

/** Each drawing of the logo: the header's (at most 320 by 64), and square icons of each size. */
export const LOGO_FILES = ["header", "icon-32", "icon-180", "icon-192", "icon-512"] as const;
export type LogoFile = (typeof LOGO_FILES)[number];

/** The contrast a brand colour keeps with white text on it (WCAG AA for body text). */
export const MIN_CONTRAST = 4.5;

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** `value` as a colour Settings keeps ("#4338ca", lower case), or null for none. */
export function hexColour(value: string): string | null {
  const colour = value.trim().toLowerCase();
  return HEX_COLOUR.test(colour) ? colour : null;
}

const channels = (hex: string) =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];

/** The contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  const [r, g, b] = channels(hex).map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

/** `hex` as the "H S% L%" the stylesheet's colour variables hold. */
export function hslOf(hex: string): string {
  const [r, g, b] = channels(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return `0 0% ${Math.round(light * 100)}%`;
  const saturation = delta / (1 - Math.abs(2 * light - 1));
  const hue =
    max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  const degrees = Math.round((hue * 60 + 360) % 360);
  return `${degrees} ${Math.round(saturation * 100)}% ${Math.round(light * 100)}%`;
}

/** What the frame of every page needs of `brand` (nothing more: it is in every page's data). */
export const pageBrandOf = (brand: AgencyBrand): PageBrand => ({
  name: brand.name,
  ...(brand.colour === null ? {} : { primary: hslOf(brand.colour) }),
  ...(brand.logo === null ? {} : { logo: brand.logo }),
  ...(brand.version === 0 ? {} : { version: brand.version }),
});
