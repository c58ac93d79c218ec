// The sprint countdown: days, hours, minutes and seconds to the sprint's end, counted from when the
// client first opened it (kept on the server, so every device agrees). The server renders the time
// left when the page was made; with JavaScript it ticks every second from there.
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { MESSAGES_PATH } from "~/lib/paths";
import { shortDate } from "~/programme/client-programme";
import {
  COUNTDOWN_TICK_MS,
  countdownParts,
  padCountdown,
  type CountdownParts,
} from "~/programme/countdown";

const UNITS: { key: keyof CountdownParts; label: string }[] = [
  { key: "days", label: "Days" },
  { key: "hours", label: "Hours" },
  { key: "minutes", label: "Minutes" },
  { key: "seconds", label: "Seconds" },
];

export function SprintCountdown({
  days,
  endsAt,
  renderedAt,
  timeUp,
}: {
  days: number;
  endsAt: number;
  renderedAt: number;
  /** The countdown had run out when the page was made (the browser also notices it run out). */
  timeUp: boolean;
}) {
  // The first render (server and hydration alike) counts from the moment the page was made.
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    const tick = () => {
      setNow(Date.now());
      if (Date.now() >= endsAt) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    tick();
    return () => window.clearInterval(timer);
  }, [endsAt]);
  const parts = countdownParts(endsAt, now);
  // As the page was made, then as the seconds run out in the browser.
  const over = timeUp || now >= endsAt;

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
              The {days}-day countdown to this sprint&apos;s deadline, {shortDate(endsAt)}, counted
              from when you first opened it.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          <div
            role="timer"
            aria-labelledby="countdown-title"
            data-ends-at={new Date(endsAt).toISOString()}
            className="grid grid-cols-4 gap-2 sm:gap-4"
          >
            {UNITS.map((unit) => (
              <div
                key={unit.key}
                data-unit={unit.key}
                className="rounded-lg bg-slate-900 px-1 py-3 text-center text-white"
              >
                <span className="mx-auto block w-[2ch] text-left text-2xl font-bold tabular-nums sm:text-4xl">
                  {padCountdown(parts[unit.key])}
                </span>
                <span className="text-xs font-medium uppercase tracking-wide text-slate-200">
                  {unit.label}
                </span>
              </div>
            ))}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
