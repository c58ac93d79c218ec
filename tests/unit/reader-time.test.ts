// Times as a reader sees them: in their zone, the zone named, the same moment on every clock.
import { describe, expect, it } from "vitest";
import { dayIn, dueIn, momentIn, stampIn } from "~/lib/reader-time";

/** Friday 4 December 2026, 23:59 UTC: Saturday already in Paris, still the afternoon in New York. */
const AT = Date.UTC(2026, 11, 4, 23, 59);

describe("a moment in the reader's zone", () => {
  it.each([
    ["UTC", "Fri 4 Dec", "Fri 4 Dec, 23:59 UTC", "2026-12-04 23:59 UTC"],
    ["Europe/Paris", "Sat 5 Dec", "Sat 5 Dec, 00:59 CET", "2026-12-05 00:59 CET"],
    ["America/New_York", "Fri 4 Dec", "Fri 4 Dec, 18:59 GMT-5", "2026-12-04 18:59 GMT-5"],
  ])("in %s", (zone, day, moment, stamp) => {
    expect(dayIn(AT, zone)).toBe(day);
    expect(momentIn(AT, zone)).toBe(moment);
    expect(stampIn(AT, zone)).toBe(stamp);
  });

  it("names a due day by its day where it ends at the reader's midnight, else by its moment", () => {
    // The last moment of Friday in UTC (23:59:59.999).
    const utcFriday = Date.UTC(2026, 11, 5) - 1;
    expect(dueIn(utcFriday, "UTC")).toBe("Fri 4 Dec");
    expect(dueIn(utcFriday, "America/New_York")).toBe("Fri 4 Dec, 18:59 GMT-5");
    // The last moment of Friday in New York, as New York and Paris read it.
    const newYorkFriday = Date.UTC(2026, 11, 5, 5) - 1;
    expect(dueIn(newYorkFriday, "America/New_York")).toBe("Fri 4 Dec");
    expect(dueIn(newYorkFriday, "Europe/Paris")).toBe("Sat 5 Dec, 05:59 CET");
  });
});

describe("a stored zone this Intl no longer knows", () => {
  it("draws times in UTC, named so, rather than failing the page", () => {
    expect(momentIn(AT, "Mars/Olympus")).toBe("Fri 4 Dec, 23:59 UTC");
    expect(stampIn(AT, "Mars/Olympus")).toBe("2026-12-04 23:59 UTC");
  });
});
