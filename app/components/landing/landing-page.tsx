// The landing page `/` on the waves background, for visitors: signed-in users are sent to
// /dashboard before it renders.
import { PendingIndicator } from "~/components/pending-indicator";
import { SkipLink } from "~/components/skip-link";
import { WaveBackground } from "~/components/wave-background";
import type { LandingWords } from "~/brand/brand";
import { LandingNav } from "./landing-nav";
import { SignInNotice } from "./sign-in-notice";
import { About, Benefits, Hero, Join, type RoadmapSprint } from "./landing-sections";

export function LandingPage({
  roadmap,
  signUpsOpen,
  words,
  support,
}: {
  roadmap: RoadmapSprint[];
  signUpsOpen: boolean;
  /** The agency's words for the hero. */
  words: LandingWords;
  /** Where visitors write with questions; null: none named. */
  support: string | null;
}) {
  return (
    <div className="relative min-h-svh">
      <WaveBackground />
      <SkipLink />
      <LandingNav />
      <main id="main" className="pb-24">
        <SignInNotice />
        <Hero words={words} />
        <About roadmap={roadmap} />
        <Benefits />
        <Join signUpsOpen={signUpsOpen} support={support} />
      </main>
      <PendingIndicator />
    </div>
  );
}
