// Card primitive: a bordered surface with header, title, description, content and footer slots.
import { Slot } from "./slot";
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card", className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

const TITLE_SIZE = { default: "text-lg leading-tight", sm: "text-base" } as const;

/**
 * Pass `asChild` with the heading level that fits the page, e.g. `<CardTitle asChild><h3>`;
 * `size="sm"` for cards in a dense grid.
 */
export function CardTitle({
  className,
  asChild = false,
  size = "default",
  ...props
}: HTMLAttributes<HTMLDivElement> & { asChild?: boolean; size?: keyof typeof TITLE_SIZE }) {
  const Component = asChild ? Slot : "div";
  return (
    <Component
      className={cn("font-semibold tracking-tight", TITLE_SIZE[size], className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}
