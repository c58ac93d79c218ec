// The landing page's sections: hero with the badge, tagline and claims; About (#about),
// Features (#benefits) and Join (#join).
import { Icon, type IconName } from "~/components/ui/icon";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { AuthLink, MAIN_AUTH_LINK_ID } from "~/components/auth/auth-link";
import { Button } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { BENEFITS } from "~/content/landing";
import type { LandingWords } from "~/brand/brand";

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{intro}</p>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function Hero({ words }: { words: LandingWords }) {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-12 pt-10 text-center sm:px-6 sm:pt-20">
      <Badge variant="info" size="lg">
        <Icon name="sparkles" />
        {words.badge}
      </Badge>
      <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
        {words.tagline}
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{words.introduction}</p>
      <div className="mt-8 flex justify-center">
        <Button asChild size="lg">
          {/* Reached by its id when the dialog closes without JavaScript: the scroll stops short
              of it, so the heading above stays in view. */}
          <AuthLink mode="sign-in" id={MAIN_AUTH_LINK_ID} className="scroll-mt-48">
            Get Started
            <Icon name="arrow-right" />
          </AuthLink>
        </Button>
      </div>
      {words.figures.length > 0 ? (
        <ul className="mx-auto mt-12 grid max-w-2xl grid-cols-3 gap-4">
          {words.figures.map((figure, index) => (
            <li key={index} className="rounded-xl border bg-white/80 px-2 py-4 shadow-sm">
              <span className="block text-2xl font-bold text-slate-900 sm:text-3xl">
                {figure.value}
              </span>{" "}
              <span className="block text-sm text-slate-600 first-letter:uppercase">
                {figure.label}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One sprint as the landing page presents the programme. */
export interface RoadmapSprint {
  id: number;
  name: string;
  length: string;
  title: string;
  description: string;
  icon: IconName;
}

export function About({ roadmap }: { roadmap: RoadmapSprint[] }) {
  return (
    <Section
      id="about"
      title="About the portal"
      intro="We are a media and consulting agency. We help experts and service businesses turn what they know into a clear offer, a steady flow of booked calls and a launch they are proud of. The portal is where that work lives."
    >
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {roadmap.map((sprint) => (
          <li key={sprint.id} className="rounded-xl border bg-white/90 p-5 shadow-sm">
            <Icon name={sprint.icon} className="size-6 text-indigo-700" />
            <p className="mt-3 text-sm font-medium text-slate-600">
              {sprint.name} · {sprint.length}
            </p>
            <h3 className="mt-1 font-semibold text-slate-900">{sprint.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{sprint.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Benefits() {
  return (
    <Section
      id="benefits"
      title="Everything your programme needs"
      intro="One place for the plan, the work and the people behind it, built for phones as much as for desks."
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title}>
            <Card className="h-full">
              <CardHeader>
                <Icon name={benefit.icon} className="size-6 text-indigo-700" />
                <CardTitle asChild>
                  <h3>{benefit.title}</h3>
                </CardTitle>
                <p className="text-base text-muted-foreground">{benefit.description}</p>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** While sign-ups are closed (the portal is by invitation), new clients are told how to get in. */
export function Join({ signUpsOpen, support }: { signUpsOpen: boolean; support: string | null }) {
  const questions = support ? (
    <p className="mt-4 text-sm text-muted-foreground">
      Questions? Write to{" "}
      <a
        className="font-medium text-primary underline-offset-4 hover:underline"
        href={`mailto:${support}`}
      >
        {support}
      </a>
      .
    </p>
  ) : null;
  return signUpsOpen ? (
    <Section
      id="join"
      title="Join the programme"
      intro="Already working with us? Sign in with the e-mail address you gave your account manager. New client? Create your account in a minute; your first sprint is ready when you are."
    >
      <Button asChild size="lg" variant="outline">
        <AuthLink mode="sign-up">Create your account</AuthLink>
      </Button>
      {questions}
    </Section>
  ) : (
    <Section
      id="join"
      title="Join the programme"
      intro="Already working with us? Sign in with the e-mail address your invitation went to. New client? The portal is by invitation: your account manager sends you one, and its link lets you choose your password."
    >
      <Button asChild size="lg" variant="outline">
        <AuthLink mode="sign-in">Sign In</AuthLink>
      </Button>
      {questions}
    </Section>
  );
}
