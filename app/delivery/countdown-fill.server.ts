// A page's sprint countdown is drawn without a clock; each answer fills in its own moment and the
// digits left from it, so a page drawn once per data still tells every visitor the time as served.
import {
  COUNTDOWN_UNITS,
  UNFILLED_MOMENT,
  countdownParts,
  padCountdown,
} from "~/programme/countdown";

/** An unfilled countdown's opening tag, its end (ISO) captured; React writes these attributes. */
const UNFILLED_TIMER = /<div\b[^>]*\bdata-ends-at="([^"]+)" data-drawn-at="0"[^>]*>/g;

/** Whether `html` holds a countdown still to be filled in. */
export function hasUnfilledCountdown(html: Buffer): boolean {
  return html.includes(UNFILLED_MOMENT);
}

/** `html` with every countdown filled in as at `now`: its moment, and each unit's digits. */
export function fillCountdowns(html: Buffer, now: number): Buffer {
  if (!hasUnfilledCountdown(html)) return html;
  const text = html.toString("utf8");
  let filled = "";
  let from = 0;
  for (const timer of text.matchAll(UNFILLED_TIMER)) {
    const parts = countdownParts(Date.parse(timer[1]!), now);
    const start = timer.index;
    filled += text.slice(from, start);
    filled += timer[0].replace(UNFILLED_MOMENT, `data-drawn-at="${now}"`);
    from = start + timer[0].length;
    for (const unit of COUNTDOWN_UNITS) {
      // The unit's first span holds its digits: `data-unit="days" …><span …>00</span>`.
      const digits = new RegExp(`data-unit="${unit}"[^>]*><span[^>]*>(\\d+)</span>`, "y");
      const at = text.indexOf(`data-unit="${unit}"`, from);
      if (at < 0) break;
      digits.lastIndex = at;
      const found = digits.exec(text);
      if (!found) break;
      const end = at + found[0].length;
      const digitsAt = end - "</span>".length - found[1]!.length;
      filled += text.slice(from, digitsAt) + padCountdown(parts[unit]);
      from = end - "</span>".length;
    }
  }
  return Buffer.from(filled + text.slice(from), "utf8");
}
