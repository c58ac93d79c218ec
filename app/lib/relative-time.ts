// How long ago a moment was ("5 min ago"), and past a week the day it fell on in the reader's zone.
import { dayIn, useReaderZone } from "./reader-time";

/** "just now", "5 min ago", "3 h ago", "2 d ago", then the day in `zone` ("Fri 4 Dec"). */
export function relativeIn(at: number, now: number, zone: string): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  if (minutes < 7 * 24 * 60) return `${Math.floor(minutes / 60 / 24)} d ago`;
  return dayIn(at, zone);
}

/** How long ago a moment was, as the reader's zone dates it past a week. */
export function useRelativeTime(): (at: number, now: number) => string {
  const zone = useReaderZone();
  return (at, now) => relativeIn(at, now, zone);
}
