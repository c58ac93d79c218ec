// Countdown arithmetic and the once-per-sprint start time (5 days for sprint 1,
// 21 for sprint 2), kept from the first visit.
import { describe, expect, it } from "vitest";
import { countdownEnd, countdownParts, loadStartTime, padCountdown } from "~/programme/countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

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

describe("loadStartTime", () => {
  it("saves the first visit's time once and keeps it on later visits", () => {
    const store = memoryStore();
    expect(loadStartTime(store, "sprint-1-start", 1_000)).toBe(1_000);
    expect(store.values.get("sprint-1-start")).toBe("1000");
    expect(loadStartTime(store, "sprint-1-start", 9_000)).toBe(1_000);
  });

  it("keeps one key per sprint", () => {
    const store = memoryStore({ "sprint-1-start": "1000" });
    expect(loadStartTime(store, "sprint-2-start", 5_000)).toBe(5_000);
    expect(loadStartTime(store, "sprint-1-start", 5_000)).toBe(1_000);
  });

  it("replaces a corrupt saved value with now", () => {
    for (const bad of ["", "soon", "-5", "1.5", "Infinity"]) {
      const store = memoryStore({ key: bad });
      expect(loadStartTime(store, "key", 7_000)).toBe(7_000);
      expect(store.values.get("key")).toBe("7000");
    }
  });

  it("still counts from now when storage is missing or throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(loadStartTime(undefined, "key", 3_000)).toBe(3_000);
    expect(loadStartTime(throwing, "key", 3_000)).toBe(3_000);
  });
});
