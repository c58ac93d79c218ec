// Countdown arithmetic: when a sprint that started at a moment ends, and what is left of it in days,
// hours, minutes and seconds.

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const COUNTDOWN_TICK_MS = SECOND_MS;

/** The countdown's units, largest first, as its markup names them (`data-unit`). */
export const COUNTDOWN_UNITS = ["days", "hours", "minutes", "seconds"] as const;

/**
 * The countdown's moment attribute as the server draws it: no clock is read while a page is drawn,
 * and each answer fills in its own moment and the digits from it as it goes out.
 */
export const UNFILLED_MOMENT = 'data-drawn-at="0"';

/** When a sprint that started at `startMs` and lasts `days` days ends. */
export function countdownEnd(startMs: number, days: number): number {
  return startMs + days * DAY_MS;
}

/** Whole days, hours, minutes and seconds left until `endMs`; all zeros once it has passed. */
export function countdownParts(endMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, endMs - nowMs);
  return {
    days: Math.floor(left / DAY_MS),
    hours: Math.floor((left % DAY_MS) / HOUR_MS),
    minutes: Math.floor((left % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((left % MINUTE_MS) / SECOND_MS),
  };
}

/** Two digits at least ("05"), so the display never changes width. */
export function padCountdown(value: number): string {
  return String(value).padStart(2, "0");
}
