// Every date and time a reader sees, in their own zone and named: "Fri 4 Dec", "Fri 4 Dec, 18:59
// GMT-5", "2026-11-29 09:00 CET". One formatter per zone and shape, made once.
import { createContext, useContext } from "react";

/** The zone of a person who has given none: times are shown, and reminders kept, in UTC. */
export const DEFAULT_TIME_ZONE = "UTC";

type Shape = "day" | "clock" | "moment" | "stamp";

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  day: { weekday: "short", day: "numeric", month: "short" },
  clock: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  moment: {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  },
  stamp: {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(shape: Shape, zone: string): Intl.DateTimeFormat {
  const key = `${shape} ${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-GB", { ...SHAPES[shape], timeZone: zone });
    } catch {
      // A stored zone this Node's Intl no longer knows: the page is still drawn, in UTC, named so.
      formatter = formatterOf(shape, DEFAULT_TIME_ZONE);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "Fri 4 Dec": the day `ms` falls on in `zone`. */
export const dayIn = (ms: number, zone: string) => formatterOf("day", zone).format(ms);

/** "Fri 4 Dec, 18:59 GMT-5": the moment `ms` as `zone`'s clock shows it, the zone named. */
export const momentIn = (ms: number, zone: string) => formatterOf("moment", zone).format(ms);

/**
 * A due day's last moment `ms` as `zone` reads it: "Fri 4 Dec" where the day ends at midnight there
 * too, else the moment, "Fri 4 Dec, 18:59 GMT-5".
 */
export const dueIn = (ms: number, zone: string) =>
  formatterOf("clock", zone).format(ms) === "23:59" ? dayIn(ms, zone) : momentIn(ms, zone);

/** "2026-11-29 09:00 CET": the console's date and time of `ms` in `zone`. */
export function stampIn(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    formatterOf("stamp", zone)
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** The zone of whoever reads the page: set by the signed-in layouts, UTC elsewhere. */
export const ReaderZone = createContext<string>(DEFAULT_TIME_ZONE);

export const useReaderZone = () => useContext(ReaderZone);

/** The console's stamp of a moment in the reader's zone ("2026-11-29 09:00 CET"). */
export function useStamp(): (ms: number) => string {
  const zone = useReaderZone();
  return (ms) => stampIn(ms, zone);
}
