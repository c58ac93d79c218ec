// The countdown as the server draws it (no clock) and as each answer fills it in: its moment and
// each unit's digits, for that moment alone; text that merely looks like its markup stays as typed.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SprintCountdown } from "~/components/sprint/countdown";
import { fillCountdowns, hasUnfilledCountdown } from "~/delivery/countdown-fill.server";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ENDS_AT = Date.UTC(2026, 11, 10, 12);
const LOOKALIKE = `data-ends-at="2000-01-01T00:00:00.000Z" data-drawn-at="0" data-unit="days"><span>77</span>`;

function drawn(): Buffer {
  return Buffer.from(
    renderToString(
      <main>
        <p>{LOOKALIKE}</p>
        <SprintCountdown days={5} endsAt={ENDS_AT} timeUp={false} />
      </main>,
    ),
  );
}

/** Each unit's digits as the markup shows them, in order. */
function digits(html: string): string[] {
  return [...html.matchAll(/data-unit="\w+"[^>]*><span[^>]*>(\d+)<\/span>/g)].map((m) => m[1]!);
}

describe("the countdown filled in per answer", () => {
  it("is drawn without a clock: zeros, and no moment", () => {
    const html = drawn();
    expect(hasUnfilledCountdown(html)).toBe(true);
    expect(digits(html.toString())).toEqual(["00", "00", "00", "00"]);
  });

  it("gets the time left at each answer's own moment, from one drawing", () => {
    const page = drawn();
    const first = fillCountdowns(page, ENDS_AT - (4 * DAY + 3 * HOUR + 2 * MINUTE + 1 * SECOND));
    const later = fillCountdowns(page, ENDS_AT - (9 * MINUTE + 30 * SECOND));
    expect(digits(first.toString())).toEqual(["04", "03", "02", "01"]);
    expect(digits(later.toString())).toEqual(["00", "00", "09", "30"]);
    expect(later.toString()).toContain(`data-drawn-at="${ENDS_AT - 9 * MINUTE - 30 * SECOND}"`);
    expect(hasUnfilledCountdown(first)).toBe(false);
    // The drawing itself is untouched, ready for the next answer.
    expect(digits(page.toString())).toEqual(["00", "00", "00", "00"]);
  });

  it("leaves text that looks like its markup as it was typed", () => {
    const filled = fillCountdowns(drawn(), ENDS_AT - DAY).toString();
    expect(filled).toContain(
      "data-ends-at=&quot;2000-01-01T00:00:00.000Z&quot; data-drawn-at=&quot;0&quot;",
    );
    expect(filled).toContain("&lt;span&gt;77&lt;/span&gt;");
    expect(digits(filled)).toEqual(["01", "00", "00", "00"]);
  });

  it("returns a page without a countdown as it is", () => {
    const page = Buffer.from("<main><p>Sprint 4 is locked</p></main>");
    expect(fillCountdowns(page, ENDS_AT)).toBe(page);
  });
});
