// Alert primitive: an error message in the page's flow (shadcn's destructive Alert, in the portal's
// AA tones), a title over a description. It is an ARIA alert: screen readers read it out when it
// is added to the page.
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export function Alert({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      role="alert"
      className={cn(
        "grid gap-0.5 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800",
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("font-semibold", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={className} {...props} />;
}
