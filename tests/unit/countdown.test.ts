// Countdown arithmetic: a sprint's end from its start, and the time left in days, hours, minutes and
// seconds.
import { describe, expect, it } from "vitest";
import { countdownEnd, countdownParts, padCountdown } from "~/programme/countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("countdownParts", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    const left = 4 * DAY + 23 * HOUR + 59 * MINUTE + 58 * SECOND + 999;
    expect(countdownParts(left, 0)).toEqual({ days: 4, hours: 23, minutes: 59, seconds: 58 });
  });

  it("shows zeros once the end has passed, and exactly at the end", () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(1000, 1000)).toEqual(zero);
    expect(countdownParts(1000, 5 * DAY)).toEqual(zero);
  });

  it("counts a sprint's full length from its start", () => {
    const start = Date.UTC(2026, 0, 1);
    expect(countdownParts(countdownEnd(start, 5), start)).toEqual({
      days: 5,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
    expect(countdownParts(countdownEnd(start, 21), start + SECOND).days).toBe(20);
  });
});

describe("padCountdown", () => {
  it("always gives at least two digits", () => {
    expect([0, 5, 21, 123].map(padCountdown)).toEqual(["00", "05", "21", "123"]);
  });
});
