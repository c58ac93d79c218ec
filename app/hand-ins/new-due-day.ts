// The due day a task sent back with changes requested gets unless staff choose another: two days
// from the day of the decision (UTC days, as every due day).
import { DAY_MS } from "~/programme/countdown";

const DAYS_TO_CHANGE = 2;

/** The first moment (ms) of the UTC day of `at`. */
export const startOfDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

/** The default new due day for a decision at `at` (UTC midnight, ms). */
export const newDueDay = (at: number) => startOfDay(at) + DAYS_TO_CHANGE * DAY_MS;

/** A day (ms) as a date field writes it: "2026-12-01". */
export const dateFieldValue = (day: number) => new Date(day).toISOString().slice(0, 10);
