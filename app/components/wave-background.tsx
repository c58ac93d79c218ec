// The full-height waves background behind every page: three wave layers drifting every 8, 20 and
// 25 seconds and six floating dots; transform-only (no layout shift), still under reduced motion.
// Each wave is one element whose shape is a mask in the stylesheet (`.wave`, app/tailwind.css).
import { cn } from "~/lib/utils";

const WAVES = [
  { animation: "animate-wave-25", className: "h-48 text-indigo-100/80" },
  { animation: "animate-wave-20", className: "h-36 text-sky-100/80" },
  { animation: "animate-wave-8", className: "h-24 text-indigo-200/40" },
];

const DOTS = [
  { top: "14%", left: "8%", size: "size-2", delay: "0s" },
  { top: "24%", left: "82%", size: "size-3", delay: "-3s" },
  { top: "46%", left: "16%", size: "size-1.5", delay: "-6s" },
  { top: "58%", left: "68%", size: "size-2.5", delay: "-9s" },
  { top: "72%", left: "38%", size: "size-2", delay: "-4.5s" },
  { top: "34%", left: "52%", size: "size-1.5", delay: "-11s" },
];

export function WaveBackground() {
  return (
    <div aria-hidden data-testid="wave-background" className="waves">
      {WAVES.map((wave) => (
        <div
          key={wave.animation}
          className={cn("wave motion-reduce:animate-none", wave.animation, wave.className)}
        />
      ))}
      {DOTS.map((dot) => (
        <span
          key={`${dot.top}-${dot.left}`}
          className={cn("wave-dot", dot.size)}
          style={{ top: dot.top, left: dot.left, animationDelay: dot.delay }}
        />
      ))}
    </div>
  );
}
