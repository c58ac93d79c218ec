// The sprint countdown: days, hours, minutes and seconds to the sprint's end, counted from when the
// client first opened it (kept on the server). The server draws it without a clock and each answer
// fills in its moment and digits (delivery/countdown-fill); with JavaScript it ticks from there.
import { Link } from "~/components/ui/router";
import { useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/hooks/use-hydrated";
import { MESSAGES_PATH } from "~/lib/paths";
import { momentIn, useReaderZone } from "~/lib/reader-time";
import {
  COUNTDOWN_TICK_MS,
  COUNTDOWN_UNITS,
  countdownParts,
  padCountdown,
} from "~/programme/countdown";

const LABELS: Record<(typeof COUNTDOWN_UNITS)[number], string> = {
  days: "Days",
  hours: "Hours",
  minutes: "Minutes",
  seconds: "Seconds",
};
const TIMER_ID = "countdown-timer";

/** While hydrating, the moment the served page's digits were filled in; null on the server. */
function servedMoment(): number | null {
  if (typeof document === "undefined") return null;
  const filled = Number(document.getElementById(TIMER_ID)?.dataset.drawnAt);
  return filled > 0 ? filled : Date.now();
}

export function SprintCountdown({
  days,
  endsAt,
  timeUp,
}: {
  days: number;
  endsAt: number;
  /** The countdown had run out when the page's data was read (the browser notices it too). */
  timeUp: boolean;
}) {
  const hydrated = useHydrated();
  const zone = useReaderZone();
  const [ticked, setNow] = useState<number | null>(null);
  // Hydration draws what was served; a page drawn in the browser counts from the browser's clock.
  const now = ticked ?? (hydrated ? Date.now() : servedMoment());
  useEffect(() => {
    const tick = () => {
      setNow(Date.now());
      if (Date.now() >= endsAt) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    tick();
    return () => window.clearInterval(timer);
  }, [endsAt]);
  // Unfilled (zeros) on the server; as served, then as the seconds run out in the browser.
  const parts = countdownParts(endsAt, now ?? endsAt);
  const over = timeUp || (now !== null && now >= endsAt);

  return (
    <section aria-labelledby="countdown-title">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="countdown-title">Sprint Countdown</h2>
          </CardTitle>
          {over ? (
            <p role="status" className="font-semibold text-destructive">
              Time&apos;s up: talk to your strategist.{" "}
              <Link to={MESSAGES_PATH} className="underline underline-offset-4">
                Send a message
              </Link>
            </p>
          ) : (
            <CardDescription>
              The {days}-day countdown to this sprint&apos;s deadline, {momentIn(endsAt, zone)},
              counted from when you first opened it.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          <div
            role="timer"
            id={TIMER_ID}
            aria-labelledby="countdown-title"
            data-ends-at={new Date(endsAt).toISOString()}
            data-drawn-at={now ?? 0}
            className="grid grid-cols-4 gap-2 sm:gap-4"
          >
            {COUNTDOWN_UNITS.map((unit) => (
              <div
                key={unit}
                data-unit={unit}
                className="rounded-lg bg-slate-900 px-1 py-3 text-center text-white"
              >
                <span className="mx-auto block w-[2ch] text-left text-2xl font-bold tabular-nums sm:text-4xl">
                  {padCountdown(parts[unit])}
                </span>
                <span className="text-xs font-medium uppercase tracking-wide text-slate-200">
                  {LABELS[unit]}
                </span>
              </div>
            ))}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
