// The next time a reader's clock shows an hour (digests and the staff summary go out at 08:00
// there), and the midnight that ends a day on a zone's calendar (a due day's end).
import { describe, expect, it } from "vitest";
import { nextLocalHour, zoneClock, zoneMoment } from "~/lib/time-zones";

const at = (iso: string) => Date.parse(iso);

describe("the next 08:00 on a reader's clock", () => {
  it.each([
    ["UTC, before eight", "UTC", "2026-11-29T07:30:00Z", "2026-11-29T08:00:00Z"],
    ["UTC, at eight", "UTC", "2026-11-29T08:00:00Z", "2026-11-29T08:00:00Z"],
    ["UTC, after eight", "UTC", "2026-11-29T08:00:01Z", "2026-11-30T08:00:00Z"],
    ["New York, its evening", "America/New_York", "2026-11-29T23:30:00Z", "2026-11-30T13:00:00Z"],
    [
      "New York, its early morning",
      "America/New_York",
      "2026-11-29T10:00:00Z",
      "2026-11-29T13:00:00Z",
    ],
    ["Tokyo, already past", "Asia/Tokyo", "2026-11-29T00:00:00Z", "2026-11-29T23:00:00Z"],
    ["Paris on the spring change", "Europe/Paris", "2027-03-27T12:00:00Z", "2027-03-28T06:00:00Z"],
  ])("%s", (_, zone, now, next) => {
    expect(new Date(nextLocalHour(zone, 8, at(now))).toISOString()).toBe(
      new Date(at(next)).toISOString(),
    );
  });
});

describe("midnight starting a day on a zone's calendar", () => {
  const day = (iso: string) => at(`${iso}T00:00:00Z`) / 86_400_000;
  it.each([
    ["UTC", "2026-12-04", "2026-12-04T00:00:00Z"],
    ["America/New_York", "2026-12-04", "2026-12-04T05:00:00Z"],
    ["America/New_York, summer time", "2026-07-04", "2026-07-04T04:00:00Z"],
    ["Asia/Kolkata", "2026-12-04", "2026-12-03T18:30:00Z"],
    ["Europe/Paris, after the spring change", "2027-03-29", "2027-03-28T22:00:00Z"],
  ])("%s", (label, date, moment) => {
    const zone = label.split(",")[0]!;
    expect(new Date(zoneMoment(zone, day(date), 0)).toISOString()).toBe(
      new Date(at(moment)).toISOString(),
    );
    expect(zoneClock(zone, at(moment))).toEqual({ day: day(date), minute: 0 });
  });
});

describe("a stored zone this Intl no longer knows", () => {
  it("keeps to UTC's clock", () => {
    expect(nextLocalHour("Mars/Olympus", 8, at("2026-11-29T07:30:00Z"))).toBe(
      at("2026-11-29T08:00:00Z"),
    );
    expect(zoneClock("Mars/Olympus", at("2026-11-29T07:30:00Z")).minute).toBe(450);
  });
});
