// The app's one toast region (bottom-right, one at a time, 4000 ms), server-rendered: CSS fades a
// toast out, pausing while it is hovered or focused; JavaScript adds its dismiss button; a page may
// add a button (e.g. "Undo"). A toast a form shows is not announced twice (decisions 005, 039).
import { Icon } from "~/components/ui/icon";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { useMatches } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import type { ShownToast, ToastAction } from "~/content/toasts";
import { cn } from "~/lib/utils";
import { useHydrated } from "~/hooks/use-hydrated";

interface Toasts {
  show: (toast: ShownToast) => void;
  /** The toast with this id is announced by the form that shows its message. */
  shownInForm: (id: string) => void;
}

const ToastsContext = createContext<Toasts | null>(null);

function useToasts(): Toasts {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error("toasts are shown inside <ToastProvider>");
  return toasts;
}

/** Shows the toast a form's answer carries, once the page has it. */
export function useActionToast(toast: ShownToast | undefined) {
  const { show } = useToasts();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast, show]);
}

/** Tells the region that a form shows (and announces) the message of the toast with this id. */
export function useToastShownInForm(id: string | undefined) {
  const { shownInForm } = useToasts();
  useEffect(() => {
    if (id) shownInForm(id);
  }, [id, shownInForm]);
}

export function ToastProvider({
  pageToast,
  children,
}: {
  pageToast: ShownToast | null;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [inFormId, setInFormId] = useState<string | null>(null);
  const show = useCallback((toast: ShownToast) => {
    setCurrent((shown) => (shown?.id === toast.id ? shown : toast));
  }, []);
  const toasts = useMemo(() => ({ show, shownInForm: setInFormId }), [show]);
  useEffect(() => {
    if (pageToast) show(pageToast);
  }, [pageToast, show]);
  const toast = current ?? pageToast;
  const pageAction = usePageToastAction();
  // The page's button goes with its toast, which outlives the data it came in (a revalidation).
  const [kept, setKept] = useState<{ id: string; action: ToastAction } | null>(null);
  useEffect(() => {
    if (pageToast && pageAction) setKept({ id: pageToast.id, action: pageAction });
  }, [pageToast, pageAction]);
  const action =
    toast === null
      ? null
      : toast.id === pageToast?.id
        ? pageAction
        : kept?.id === toast.id
          ? kept.action
          : null;
  return (
    <ToastsContext.Provider value={toasts}>
      {children}
      <ToastRegion toast={toast} action={action} announced={toast?.id !== inFormId} />
    </ToastsContext.Provider>
  );
}

/** The button the page puts in its toast (its route data's `toastAction`), if any. */
function usePageToastAction(): ToastAction | null {
  const actions = useMatches().map(
    (match) => (match.data as { toastAction?: ToastAction | null } | undefined)?.toastAction,
  );
  return actions.reverse().find((action) => action !== undefined && action !== null) ?? null;
}

function ToastRegion({
  toast,
  action,
  announced,
}: {
  toast: ShownToast | null;
  action: ToastAction | null;
  announced: boolean;
}) {
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const visible = toast && toast.id !== dismissedId ? toast : null;
  const hydrated = useHydrated();
  const shown = visible ? (
    <div
      key={visible.id}
      role="status"
      aria-live={announced ? undefined : "off"}
      data-variant={visible.variant}
      onAnimationEnd={() => setDismissedId(visible.id)}
      className={cn(
        "toast-lifetime pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg focus-within:[animation-play-state:paused] hover:[animation-play-state:paused]",
        visible.variant === "error"
          ? "border-destructive bg-destructive text-destructive-foreground"
          : "border-border bg-background text-foreground",
      )}
    >
      <p className="text-sm font-semibold">{visible.title}</p>
      <p className="mt-1 text-sm opacity-90">{visible.description}</p>
      {action ? (
        <Form method="post" action={action.action} className="mt-2">
          {Object.entries(action.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className="rounded-md border border-current px-3 py-1 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {action.label}
          </button>
        </Form>
      ) : null}
      {hydrated ? (
        <button
          type="button"
          onClick={() => setDismissedId(visible.id)}
          aria-label="Dismiss notification"
          className="absolute right-2 top-2 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon name="x" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  ) : null;
  // A live region only announces what is added to it once it is there: it stays in the page, and a
  // toast a form already announces is put next to it instead.
  return (
    <section aria-label="Notifications" className="toast-region">
      <div aria-live="polite">{announced ? shown : null}</div>
      {announced ? null : shown}
    </section>
  );
}
