// A page's sprint countdown is drawn without a clock; each answer fills in its own moment and the
// digits left from it, so a page drawn once per data still tells every visitor the time as served.
// The page is read once into its fixed markup and the gaps each answer fills.
import {
  COUNTDOWN_UNITS,
  UNFILLED_MOMENT,
  countdownParts,
  padCountdown,
  type CountdownParts,
} from "~/programme/countdown";

/** An unfilled countdown's opening tag, its end (ISO) captured; React writes these attributes. */
const UNFILLED_TIMER = /<div\b[^>]*\bdata-ends-at="([^"]+)" data-drawn-at="0"[^>]*>/g;

/** What one gap of a page holds at a moment: the countdown's moment, or one unit's digits. */
type Gap = { endsAt: number; unit: keyof CountdownParts | "moment" };

/** Whether `html` holds a countdown still to be filled in. */
export function hasUnfilledCountdown(html: Buffer): boolean {
  return html.includes(UNFILLED_MOMENT);
}

/** A page with countdowns: the markup around them, fixed, and the gaps between its pieces. */
export class CountdownPage {
  private constructor(
    /** The fixed markup: one piece more than there are gaps. */
    readonly pieces: readonly Buffer[],
    private readonly gaps: readonly Gap[],
  ) {}

  /** `html` read into its pieces and gaps; null when it holds no countdown to fill. */
  static of(html: Buffer): CountdownPage | null {
    if (!hasUnfilledCountdown(html)) return null;
    const text = html.toString("utf8");
    const pieces: string[] = [];
    const gaps: Gap[] = [];
    let from = 0;
    const gapAt = (start: number, end: number, gap: Gap) => {
      pieces.push(text.slice(from, start));
      gaps.push(gap);
      from = end;
    };
    for (const timer of text.matchAll(UNFILLED_TIMER)) {
      const endsAt = Date.parse(timer[1]!);
      const moment = timer.index + timer[0].indexOf(UNFILLED_MOMENT);
      gapAt(moment, moment + UNFILLED_MOMENT.length, { endsAt, unit: "moment" });
      for (const unit of COUNTDOWN_UNITS) {
        // The unit's first span holds its digits: `data-unit="days" …><span …>00</span>`.
        const digits = new RegExp(`data-unit="${unit}"[^>]*><span[^>]*>(\\d+)</span>`, "y");
        const at = text.indexOf(`data-unit="${unit}"`, from);
        if (at < 0) break;
        digits.lastIndex = at;
        const found = digits.exec(text);
        if (!found) break;
        const end = at + found[0].length - "</span>".length;
        gapAt(end - found[1]!.length, end, { endsAt, unit });
      }
    }
    pieces.push(text.slice(from));
    return new CountdownPage(
      pieces.map((piece) => Buffer.from(piece, "utf8")),
      gaps,
    );
  }

  /** Each gap's text at `now`, in order. */
  gapsAt(now: number): Buffer[] {
    return this.gaps.map(({ endsAt, unit }) =>
      Buffer.from(
        unit === "moment"
          ? `data-drawn-at="${now}"`
          : padCountdown(countdownParts(endsAt, now)[unit]),
      ),
    );
  }

  /** The whole page as at `now`. */
  at(now: number): Buffer {
    const gaps = this.gapsAt(now);
    return Buffer.concat(
      this.pieces.flatMap((piece, i) => (i < gaps.length ? [piece, gaps[i]!] : [piece])),
    );
  }
}

/** `html` with every countdown filled in as at `now`: its moment, and each unit's digits. */
export function fillCountdowns(html: Buffer, now: number): Buffer {
  return CountdownPage.of(html)?.at(now) ?? html;
}
