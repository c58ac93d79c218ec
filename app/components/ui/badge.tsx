// Badge primitive: a small pill for statuses and labels, in the portal's tones (all AA contrast).
import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

// The base, each tone and each size are component classes (`.badge`, `.badge-info`, `.badge-md`…,
// app/tailwind.css),
// written once in the stylesheet rather than into every badge.
export const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "badge-default",
      secondary: "badge-secondary",
      outline: "badge-outline",
      info: "badge-info",
      success: "badge-success",
      warning: "badge-warning",
      danger: "badge-danger",
    },
    size: {
      default: "badge-md",
      lg: "badge-lg",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

export interface BadgeProps
  extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
