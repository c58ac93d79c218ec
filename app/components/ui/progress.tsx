// Progress bar primitive: role="progressbar" with aria-valuenow/min/max; the maximum defaults to 100.
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

type ProgressName = { "aria-label": string } | { "aria-labelledby": string };

export type ProgressProps = Omit<HTMLAttributes<HTMLDivElement>, "aria-label" | "aria-labelledby"> &
  ProgressName & {
    value: number;
    max?: number;
    indicatorClassName?: string;
  };

export function Progress({
  value,
  max = 100,
  className,
  indicatorClassName,
  ...props
}: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <div
      role="progressbar"
      aria-valuenow={clamped}
      aria-valuemin={0}
      aria-valuemax={max}
      className={cn("progress", className)}
      {...props}
    >
      <div
        className={cn("progress-bar", indicatorClassName)}
        style={{ transform: `scaleX(${max > 0 ? clamped / max : 0})` }}
      />
    </div>
  );
}
