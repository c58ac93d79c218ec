// With JavaScript, a signed-in page reads its data again when its tab's live stream says it changed;
// never over unsaved input (forms marked `data-keeps-input` draw nothing from it: decision 049) nor
// over a navigation or form answer still loading (restarted, its reads would lose its toast).
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LIVE_PATH } from "~/lib/paths";

/** Pings closer together than this are one reload. */
const SETTLE_MS = 150;
/** While input is unsaved, how often the page looks again whether it can reload. */
const RETRY_MS = 2_000;

/** Whether any form on the page has a field changed from what the page drew. */
function unsavedInput(): boolean {
  for (const form of document.forms) {
    if (form.dataset.keepsInput !== undefined) continue;
    for (const field of form.elements) {
      if (field instanceof HTMLInputElement) {
        const choice = field.type === "checkbox" || field.type === "radio";
        const changed = choice
          ? field.checked !== field.defaultChecked
          : field.value !== field.defaultValue;
        if (changed && field.type !== "hidden") return true;
      } else if (field instanceof HTMLTextAreaElement) {
        if (field.value !== field.defaultValue) return true;
      } else if (field instanceof HTMLSelectElement) {
        if ([...field.options].some((option) => option.selected !== option.defaultSelected)) {
          return true;
        }
      }
    }
  }
  return false;
}

/**
 * A stream holds a connection, and a browser opens only six to one site: a tab that is hidden (or a
 * browser that is offline) lets its stream go, and reads its data once again when it is back.
 */
export function useLiveUpdates() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const loading = useRef(false);
  loading.current =
    navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");

  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(function attempt() {
        if (!navigator.onLine) return;
        // A navigation or form answer loading reads the data anew itself.
        if (loading.current) return;
        if (unsavedInput()) timer = setTimeout(attempt, RETRY_MS);
        else revalidate.current();
      }, SETTLE_MS);
    };
    const connect = () => {
      source = new EventSource(LIVE_PATH);
      let opened = false;
      source.addEventListener("changed", reload);
      // After a drop, pings may have been missed: the page reads its data once again.
      source.addEventListener("open", () => {
        if (opened) reload();
        opened = true;
      });
    };
    const onVisibility = (event?: Event) => {
      if (document.visibilityState === "hidden" || !navigator.onLine) {
        clearTimeout(timer);
        source?.close();
        source = undefined;
      } else if (!source) {
        connect();
        // Back online, a click may already be posting: no reload over it; the next view reads anew.
        if (event?.type === "visibilitychange") reload();
      }
    };
    if (document.visibilityState !== "hidden" && navigator.onLine) connect();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("offline", onVisibility);
    window.addEventListener("online", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("offline", onVisibility);
      window.removeEventListener("online", onVisibility);
      clearTimeout(timer);
      source?.close();
    };
  }, []);
}
