// The app's one toast region (bottom-right, one toast at a time, 4000 ms). Server-rendered so it
// shows without JavaScript (a CSS animation fades it out); with JavaScript a timer removes it.
import { useFetcher } from "@remix-run/react";
import { X } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import type { AuthActionData } from "~/lib/auth-actions.server";
import { AUTH_FETCHER_KEY } from "~/lib/auth-mode";
import type { ShownToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

export const TOAST_DURATION_MS = 4000;

export function Toaster({ toast: loaderToast }: { toast: ShownToast | null }) {
  const fetcherToast = useFetcher<AuthActionData>({ key: AUTH_FETCHER_KEY }).data?.toast ?? null;
  const [current, setCurrent] = useState<ShownToast | null>(loaderToast);

  useEffect(() => {
    if (loaderToast) setCurrent(loaderToast);
  }, [loaderToast]);
  useEffect(() => {
    if (fetcherToast) setCurrent(fetcherToast);
  }, [fetcherToast]);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col"
    >
      {current ? (
        <div
          key={current.id}
          role="status"
          data-variant={current.variant}
          className={cn(
            "toast-lifetime pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg",
            current.variant === "error"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-background text-foreground",
          )}
        >
          <p className="text-sm font-semibold">{current.title}</p>
          <p className="mt-1 text-sm opacity-90">{current.description}</p>
          <button
            type="button"
            onClick={() => setCurrent(null)}
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}
    </section>
  );
}
