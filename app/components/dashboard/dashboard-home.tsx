// The dashboard home (/dashboard): greeting, the next step, what the agency did since the last
// visit, the two summary cards, Sprint Overview and Quick Actions with 'Schedule Meeting'.
import { Link } from "~/components/ui/router";
import { SinceLastVisitCard } from "~/components/since-last-visit";
import { Icon, type IconName } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { SinceLastVisit } from "~/data/shapes";
import { ACCOUNT_PATH, MESSAGES_PATH } from "~/lib/paths";
import type { NextStep, ProgrammeView } from "~/programme/client-programme";
import { SprintCard } from "./sprint-card";

export function DashboardHome({
  name,
  bookingUrl,
  programme,
  news,
  next,
  inUtc,
}: {
  name: string;
  /** The agency's booking page; null when none is set (the button opens the messages). */
  bookingUrl: string | null;
  programme: ProgrammeView;
  /** What the agency did since the client's last visit; null on a first visit. */
  news: SinceLastVisit | null;
  /** The client's next step; null when nothing of theirs is open. */
  next: NextStep | null;
  /** The reader gave no time zone (signed in without JavaScript): times are in UTC, said once. */
  inUtc: boolean;
}) {
  const summary: { label: string; value: string; note: string; icon: IconName }[] = [
    {
      label: "Active Sprints",
      value: String(programme.activeSprints),
      note: programme.activeNote,
      icon: "zap",
    },
    {
      label: "Time Remaining",
      value: programme.timeRemaining,
      note: programme.timeNote,
      icon: "clock",
    },
  ];
  return (
    <div className="space-y-10">
      <div>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Welcome back, {name}!
        </h1>
        <p className="mt-2 text-muted-foreground">
          Here is where your programme stands today.
          {inUtc ? (
            <>
              {" "}
              Times are shown in UTC:{" "}
              <Link to={ACCOUNT_PATH} className="task-link">
                set your time zone
              </Link>
              .
            </>
          ) : null}
        </p>
      </div>

      {next ? (
        <p className="card flex flex-col p-6">
          <span className="eyebrow">Next step</span>
          <Link to={next.path} className="task-link font-semibold">
            {next.text}
          </Link>
        </p>
      ) : null}

      {news ? (
        <SinceLastVisitCard news={news} otherSide="The agency" messagesPath={MESSAGES_PATH} />
      ) : null}

      <ul className="grid gap-4 sm:grid-cols-2">
        {summary.map((item) => (
          <li key={item.label}>
            <Card>
              <div className="flex items-center gap-4 p-6">
                <span className="icon-tile size-12">
                  <Icon name={item.icon} className="size-6" />
                </span>
                <p className="flex flex-col">
                  <span className="eyebrow">{item.label}</span>{" "}
                  <span className="text-2xl font-bold text-slate-900">{item.value}</span>{" "}
                  <span className="text-xs text-muted-foreground">{item.note}</span>
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="section-title">
          Sprint Overview
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          {programme.sprints.map((sprint) => (
            <li key={sprint.id} className="flex">
              <SprintCard sprint={sprint} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="actions-title">
        <h2 id="actions-title" className="section-title">
          Quick Actions
        </h2>
        <Card className="mt-4">
          <CardHeader className="sm:flex-row sm:items-center sm:justify-between sm:gap-6">
            <div className="space-y-1.5">
              <CardTitle asChild>
                <h3>Talk to your strategist</h3>
              </CardTitle>
              <CardDescription>
                Book a call to review progress, unblock a task or plan the next sprint.
              </CardDescription>
            </div>
            <Button asChild className="shrink-0">
              {bookingUrl ? (
                <a href={bookingUrl} target="_blank" rel="noopener noreferrer">
                  <Icon name="calendar-days" />
                  Schedule Meeting
                  <Icon name="external-link" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <Link to={MESSAGES_PATH}>
                  <Icon name="calendar-days" />
                  Schedule Meeting
                  <span className="sr-only">(ask the agency in your messages)</span>
                </Link>
              )}
            </Button>
          </CardHeader>
        </Card>
      </section>
    </div>
  );
}
