// Card primitive: a bordered surface with header, title, description, content and footer slots.
import { Slot } from "./slot";
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card", className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card-header", className)} {...props} />;
}

const TITLE_SIZE = { default: "card-title", sm: "card-title-sm" } as const;

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
  return <Component className={cn(TITLE_SIZE[size], className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("card-description", className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("card-footer", className)} {...props} />;
}
