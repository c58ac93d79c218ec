// The sprint countdown island: days, hours, minutes and seconds to the sprint's end, from a start
// time saved on the first visit. The server renders "--" in the same boxes; the client fills them.
import { useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  COUNTDOWN_TICK_MS,
  countdownEnd,
  countdownParts,
  loadStartTime,
  padCountdown,
  type CountdownParts,
} from "~/programme/countdown";

const UNITS: { key: keyof CountdownParts; label: string }[] = [
  { key: "days", label: "Days" },
  { key: "hours", label: "Hours" },
  { key: "minutes", label: "Minutes" },
  { key: "seconds", label: "Seconds" },
];

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked: the countdown still runs for this visit
  }
}

export function SprintCountdown({ days, storageKey }: { days: number; storageKey: string }) {
  const [parts, setParts] = useState<CountdownParts | null>(null);

  useEffect(() => {
    const end = countdownEnd(loadStartTime(browserStorage(), storageKey, Date.now()), days);
    const tick = () => {
      setParts(countdownParts(end, Date.now()));
      if (Date.now() >= end) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, COUNTDOWN_TICK_MS);
    tick();
    return () => window.clearInterval(timer);
  }, [days, storageKey]);

  return (
    <section aria-labelledby="countdown-title">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="countdown-title">Sprint Countdown</h2>
          </CardTitle>
          <CardDescription>
            Time left in this {days}-day sprint, counted from your first visit on this device.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div
            role="timer"
            aria-labelledby="countdown-title"
            className="grid grid-cols-4 gap-2 sm:gap-4"
          >
            {UNITS.map((unit) => (
              <div
                key={unit.key}
                data-unit={unit.key}
                className="rounded-lg bg-slate-900 px-1 py-3 text-center text-white"
              >
                {/* A 2ch box, text from its left edge: "--" and "04" start at the same point. */}
                <span className="mx-auto block w-[2ch] text-left text-2xl font-bold tabular-nums sm:text-4xl">
                  {parts ? padCountdown(parts[unit.key]) : "--"}
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
