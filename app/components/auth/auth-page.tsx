// A small centred page for the mailed-link steps (confirm, set a new password): the waves
// background, a heading, a line of explanation and the step's form or links.
import type { ReactNode } from "react";
import { WaveBackground } from "~/components/wave-background";

export function AuthPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="relative min-h-svh">
      <WaveBackground />
      <main
        id="main"
        className="relative mx-auto flex min-h-svh max-w-md flex-col justify-center gap-6 px-4 py-12"
      >
        <div className="grid gap-6 rounded-xl border bg-background p-6 shadow-lg">
          <div className="grid gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
