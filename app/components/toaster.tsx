// The app's one toast region (bottom-right, one toast at a time, 4000 ms). Server-rendered so it
// shows without JavaScript (a CSS animation fades it out); with JavaScript a timer removes it, and
// its dismiss button, which only JavaScript can work, appears.
// The page's toast (a flash toast, or the answer of a post rendered in the same request) comes from
// the root; toasts of later answers arrive through `useActionToast`.
import { X } from "~/components/ui/icons";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import type { ShownToast } from "~/content/messages";
import { cn } from "~/lib/utils";
import { useHydrated } from "~/hooks/use-hydrated";

export const TOAST_DURATION_MS = 4000;

const ShowToast = createContext<((toast: ShownToast) => void) | null>(null);

/** Shows the toast a form's answer carries, once the page has it. */
export function useActionToast(toast: ShownToast | undefined) {
  const show = useContext(ShowToast);
  if (!show) throw new Error("useActionToast must be used inside <ToastProvider>");
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}

export function ToastProvider({
  pageToast,
  children,
}: {
  pageToast: ShownToast | null;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const show = useCallback((toast: ShownToast) => {
    setCurrent((shown) => (shown?.id === toast.id ? shown : toast));
  }, []);
  useEffect(() => {
    if (pageToast) show(pageToast);
  }, [pageToast, show]);
  return (
    <ShowToast.Provider value={show}>
      {children}
      <ToastRegion toast={current ?? pageToast} />
    </ShowToast.Provider>
  );
}

function ToastRegion({ toast }: { toast: ShownToast | null }) {
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const visible = toast && toast.id !== dismissedId ? toast : null;
  const hydrated = useHydrated();
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setDismissedId(visible.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col"
    >
      {visible ? (
        <div
          key={visible.id}
          role="status"
          data-variant={visible.variant}
          className={cn(
            "toast-lifetime pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg",
            visible.variant === "error"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-background text-foreground",
          )}
        >
          <p className="text-sm font-semibold">{visible.title}</p>
          <p className="mt-1 text-sm opacity-90">{visible.description}</p>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setDismissedId(visible.id)}
              aria-label="Dismiss notification"
              className="absolute right-2 top-2 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
