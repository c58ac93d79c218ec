// The next time a reader's clock shows an hour: digests and the staff summary go out at 08:00 there.
import { describe, expect, it } from "vitest";
import { nextLocalHour } from "~/people/time-zones";

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

describe("a stored zone this Intl no longer knows", () => {
  it("keeps to UTC's clock", () => {
    expect(nextLocalHour("Mars/Olympus", 8, at("2026-11-29T07:30:00Z"))).toBe(
      at("2026-11-29T08:00:00Z"),
    );
  });
});
