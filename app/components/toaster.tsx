// The app's one toast region (bottom-right, one toast at a time, 4000 ms). Server-rendered so it
// shows without JavaScript (a CSS animation fades it out); with JavaScript a timer removes it.
// Toasts come from the flash cookie (after a redirect) or from a form's answer (`useActionToast`).
import { X } from "~/components/ui/icons";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { ShownToast } from "~/forms/toast.server";
import { cn } from "~/lib/utils";

export const TOAST_DURATION_MS = 4000;

interface ToastChannel {
  /** An answer's toast seen while the page first renders (server HTML and hydration). */
  firstRender: { toast: ShownToast | null };
  show: (toast: ShownToast) => void;
}

const ToastContext = createContext<ToastChannel | null>(null);

/**
 * Shows the toast a form's answer carries. A page renders before the toast region (which follows
 * it in the document), so on the first render, as on the server for a post without JavaScript,
 * the region already has it; later answers arrive through `show`.
 */
export function useActionToast(toast: ShownToast | undefined) {
  const channel = useContext(ToastContext);
  if (!channel) throw new Error("useActionToast must be used inside <ToastProvider>");
  if (toast && !channel.firstRender.toast) channel.firstRender.toast = toast;
  const { show } = channel;
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}

export function ToastProvider({
  flashToast,
  children,
}: {
  flashToast: ShownToast | null;
  children: ReactNode;
}) {
  const firstRender = useRef<ToastChannel["firstRender"]>({ toast: null }).current;
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const show = useCallback((toast: ShownToast) => {
    setCurrent((shown) => (shown?.id === toast.id ? shown : toast));
  }, []);
  const channel = useMemo(() => ({ firstRender, show }), [firstRender, show]);
  useEffect(() => {
    if (flashToast) show(flashToast);
  }, [flashToast, show]);
  return (
    <ToastContext.Provider value={channel}>
      {children}
      {/* Reads the first-render toast itself: it renders after the page, which may set it. */}
      <ToastRegion current={current} fallback={flashToast} firstRender={firstRender} />
    </ToastContext.Provider>
  );
}

function ToastRegion({
  current,
  fallback,
  firstRender,
}: {
  current: ShownToast | null;
  fallback: ShownToast | null;
  firstRender: ToastChannel["firstRender"];
}) {
  const toast = current ?? firstRender.toast ?? fallback;
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const visible = toast && toast.id !== dismissedId ? toast : null;
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
          <button
            type="button"
            onClick={() => setDismissedId(visible.id)}
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
