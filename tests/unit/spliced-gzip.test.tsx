// A page with a countdown answered as gzip from pieces compressed once and each answer's digits
// spliced in: every answer inflates (length and CRC checked) to the page filled in at its moment.
import { renderToString } from "react-dom/server";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SprintCountdown } from "~/components/sprint/countdown";
import { CountdownPage } from "~/delivery/countdown-fill.server";
import { SharedPage } from "~/delivery/shared-pages.server";
import { SplicedGzip } from "~/delivery/spliced-gzip.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENDS_AT = Date.UTC(2026, 11, 10, 12);
const BROWSER = "gzip, deflate, br, zstd";

/** A sprint page's shape: markup that repeats before and after the countdown, and a script. */
function page(days = 5): Buffer {
  const tasks = Array.from({ length: 40 }, (_, i) => (
    <li key={i} className="flex items-center justify-between rounded-lg border p-4">
      Task {i} · Mark Done
    </li>
  ));
  return Buffer.from(
    "<!DOCTYPE html>" +
      renderToString(
        <html lang="en">
          <body>
            <ul>{tasks}</ul>
            <SprintCountdown days={days} endsAt={ENDS_AT} timeUp={false} />
            <ul>{tasks}</ul>
            <script>{`window.__data = ${JSON.stringify({ tasks: tasks.length })}`}</script>
          </body>
        </html>,
      ),
  );
}

async function spliced(html: Buffer, now: number) {
  const countdown = CountdownPage.of(html)!;
  return { countdown, gzip: (await SplicedGzip.of(countdown.pieces, countdown.gapsAt(now)))! };
}

describe("a countdown page gzipped once, its digits spliced in per answer", () => {
  it("inflates to the page as filled in at each answer's moment", async () => {
    const html = page();
    const { countdown, gzip } = await spliced(html, ENDS_AT - 4 * DAY);
    for (const now of [ENDS_AT - 4 * DAY - 1234, ENDS_AT - 3 * HOUR - 7, ENDS_AT, ENDS_AT + DAY]) {
      const body = gzip.answer(countdown.gapsAt(now))!;
      expect(gunzipSync(body).toString()).toBe(countdown.at(now).toString());
      expect(countdown.at(now).toString()).toContain(`data-drawn-at="${now}"`);
    }
  });

  it("costs a few bytes a gap beside the filled page gzipped whole", async () => {
    const html = page();
    const now = ENDS_AT - 2 * DAY;
    const { countdown, gzip } = await spliced(html, now);
    const whole = gzipSync(countdown.at(now), { level: 9 }).length;
    // Five gaps (the moment, four units): a stored block's header and a flush each, a few tables.
    expect(gzip.answer(countdown.gapsAt(now))!.length).toBeLessThan(whole + 200);
  });

  it("gives way when a gap's width changes (100 days left, then 99)", async () => {
    const html = page(120);
    const earlier = ENDS_AT - 100 * DAY;
    const { countdown, gzip } = await spliced(html, earlier);
    expect(gzip.answer(countdown.gapsAt(earlier))).not.toBeNull();
    expect(gzip.answer(countdown.gapsAt(ENDS_AT - 99 * DAY))).toBeNull();
  });

  it("is not made for a page that holds the placeholder byte", async () => {
    const html = Buffer.concat([page(), Buffer.from([0])]);
    const countdown = CountdownPage.of(html)!;
    expect(await SplicedGzip.of(countdown.pieces, countdown.gapsAt(ENDS_AT))).toBeNull();
  });

  it("is what a kept page answers for gzip; brotli-only and identity get the page filled whole", async () => {
    const kept = await SharedPage.from(page());
    const viaGzip = kept.bodyFor(BROWSER);
    expect(viaGzip.encoding).toBe("gzip");
    expect(gunzipSync(viaGzip.body).toString()).toMatch(/data-drawn-at="\d{13}"/);
    expect(kept.bodyFor("br").encoding).toBe("br");
    const plain = kept.bodyFor(null);
    expect(plain.encoding).toBe("identity");
    expect(plain.body.toString()).toMatch(/data-drawn-at="\d{13}"/);
  });
});
