// Time zones and the reminder windows: names checked and written as Intl writes them, and in each
// zone the reminders due from 09:00 until 18:00 on its own calendar (the day before, the day, the
// day after, then weekly), summer time included.
import { describe, expect, it } from "vitest";
import { reminderWindows } from "~/mail/task-reminders.server";
import { canonicalTimeZone, timeZoneChoices, zoneClock } from "~/lib/time-zones";

const DAY = 86_400_000;
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY;

describe("time zone names", () => {
  it("are written as Intl writes them, and anything else is none", () => {
    expect(canonicalTimeZone("GMT")).toBe("UTC");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    for (const junk of ["", "Mars/Olympus", "+05:30", "Europe/Berlin ", "a".repeat(65)]) {
      expect(canonicalTimeZone(junk)).toBeNull();
    }
  });

  it("offer UTC first, and a stored zone Intl does not list", () => {
    expect(timeZoneChoices("UTC")[0]).toBe("UTC");
    expect(timeZoneChoices("Etc/GMT+5").slice(0, 2)).toEqual(["Etc/GMT+5", "UTC"]);
  });

  it("tell a zone's own day and minute", () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    expect(zoneClock("Europe/Berlin", Date.UTC(2026, 11, 31, 23, 30))).toEqual({
      day: dayOf(2027, 1, 1),
      minute: 30,
    });
  });
});

describe("reminder windows", () => {
  const windowsAt = (zone: string, at: number) => reminderWindows([zone], at);

  it("open at 09:00 and close at 18:00 in the zone, summer time included", () => {
    // Berlin in July is UTC+2.
    expect(windowsAt("Europe/Berlin", Date.UTC(2026, 6, 10, 6, 45))).toEqual([]);
    const open = windowsAt("Europe/Berlin", Date.UTC(2026, 6, 10, 7));
    expect(open.slice(0, 4)).toEqual([
      { zone: "Europe/Berlin", kind: "day-before", dueDay: dayOf(2026, 7, 11) },
      { zone: "Europe/Berlin", kind: "due-day", dueDay: dayOf(2026, 7, 10) },
      { zone: "Europe/Berlin", kind: "day-after", dueDay: dayOf(2026, 7, 9) },
      { zone: "Europe/Berlin", kind: "week-1", dueDay: dayOf(2026, 7, 2) },
    ]);
    // Then one a week, for twelve weeks after the day after.
    expect(open.at(-1)).toEqual({
      zone: "Europe/Berlin",
      kind: "week-12",
      dueDay: dayOf(2026, 4, 16),
    });
    expect(windowsAt("Europe/Berlin", Date.UTC(2026, 6, 10, 15, 45))).toHaveLength(15);
    expect(windowsAt("Europe/Berlin", Date.UTC(2026, 6, 10, 16))).toEqual([]);
  });

  it("name the days of the zone's calendar, not UTC's", () => {
    // 19:00 UTC on 24 November is 09:00 on the 25th at UTC+14.
    expect(windowsAt("Pacific/Kiritimati", Date.UTC(2026, 10, 24, 19)).slice(0, 3)).toEqual([
      { zone: "Pacific/Kiritimati", kind: "day-before", dueDay: dayOf(2026, 11, 26) },
      { zone: "Pacific/Kiritimati", kind: "due-day", dueDay: dayOf(2026, 11, 25) },
      { zone: "Pacific/Kiritimati", kind: "day-after", dueDay: dayOf(2026, 11, 24) },
    ]);
  });

  it("leave out a stored zone Intl no longer knows", () => {
    expect(windowsAt("Mars/Olympus", Date.UTC(2026, 10, 24, 9))).toEqual([]);
  });
});
