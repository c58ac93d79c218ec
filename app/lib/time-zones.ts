// Time zones as Intl knows them: a name checked and written the way Intl writes it ("GMT" is
// "UTC"), the zones a person can choose from, and what a zone's clock shows at a moment.
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";

/** Longer than any zone name (the longest, "America/Argentina/ComodRivadavia", has 32 characters). */
const ZONE_NAME_MAX_LENGTH = 64;

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** One per zone, as Intl writes its name (a name written otherwise is never kept). */
const clocks = new Map<string, Intl.DateTimeFormat>();

/** A formatter of `zone`'s calendar day and time; UTC's for a zone this Intl no longer knows. */
function clockOf(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        hourCycle: "h23",
      });
    } catch {
      clock = clockOf(DEFAULT_TIME_ZONE);
    }
    clocks.set(zone, clock);
  }
  return clock;
}

/** `value` as Intl writes the zone it names ("Asia/Kolkata", "UTC"), or null for no zone at all. */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > ZONE_NAME_MAX_LENGTH || !ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The zones to choose from: UTC, then every zone Intl lists, and `current` if it lists not that. */
export function timeZoneChoices(current: string): string[] {
  const listed = [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone")];
  return listed.includes(current) ? listed : [current, ...listed];
}

/**
 * What a clock in `zone` (a name as canonicalTimeZone writes it) shows at `at`: its day (days since
 * the epoch) and its minute of that day.
 */
export function zoneClock(zone: string, at: number): { day: number; minute: number } {
  if (zone === DEFAULT_TIME_ZONE) {
    return { day: Math.floor(at / DAY_MS), minute: Math.floor((at % DAY_MS) / MINUTE_MS) };
  }
  const parts = Object.fromEntries(
    clockOf(zone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const day = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1) / 86_400_000;
  return { day, minute: (parts.hour ?? 0) * 60 + (parts.minute ?? 0) };
}

/**
 * The first moment at or after `now` when a clock in `zone` shows `hour`:00 (an hour a clock change
 * skips comes an hour late, never a day late).
 */
export function nextLocalHour(stored: string, hour: number, now: number): number {
  // A stored zone Intl no longer knows keeps to UTC, as reminders do.
  const zone = canonicalTimeZone(stored) ?? DEFAULT_TIME_ZONE;
  const today = zoneClock(zone, now).day;
  for (const day of [today, today + 1, today + 2]) {
    const at = zoneMoment(zone, day, hour * 60);
    if (at >= now) return at;
  }
  return now + DAY_MS;
}

/**
 * The moment a clock in `zone` shows `minute` of `day` (days since the epoch); a minute a clock
 * change skips comes as late as the change.
 */
export function zoneMoment(zone: string, day: number, minute: number): number {
  // The moment as if the zone were UTC, then moved by the zone's offset then.
  const asUtc = day * DAY_MS + minute * MINUTE_MS;
  if (zone === DEFAULT_TIME_ZONE) return asUtc;
  const shown = zoneClock(zone, asUtc);
  const offset = shown.day * DAY_MS + shown.minute * MINUTE_MS - asUtc;
  return asUtc - offset;
}
