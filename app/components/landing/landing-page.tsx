// The landing page (spec: / ) on the waves background; `user` switches it to the signed-in variant.
import { PendingIndicator } from "~/components/pending-indicator";
import { SkipLink } from "~/components/skip-link";
import { WaveBackground } from "~/components/wave-background";
import { LandingNav, type LandingUser } from "./landing-nav";
import { About, Benefits, Hero, Join } from "./landing-sections";

export function LandingPage({ user }: { user: LandingUser | null }) {
  return (
    <div className="relative min-h-svh">
      <WaveBackground />
      <SkipLink />
      <LandingNav user={user} />
      <main id="main" className="pb-24">
        <Hero user={user} />
        <About />
        <Benefits />
        <Join user={user} />
      </main>
      <PendingIndicator />
    </div>
  );
}
