// Select primitive: the browser's own <select>, styled like Input, so it works without JavaScript.
import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 md:text-sm",
        className,
      )}
      ref={ref}
      {...props}
    />
  ),
);
NativeSelect.displayName = "NativeSelect";
