// Code only some visits need (the phone sidebar sheet), split out of the page's first download and
// fetched when about to show. The server renders it in full, so it works without JavaScript, and a
// chunk that cannot be fetched leaves the server's HTML or reloads the page (decision 012).
import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { LoadingOverlay } from "./loading-overlay";

const never = new Promise<never>(() => {});

export function lazyIsland<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  serverUrl: () => string,
) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

  /** Stands in when the chunk could not be fetched. */
  function Unavailable() {
    const hydrated = useHydrated();
    useEffect(() => {
      if (hydrated) window.location.assign(serverUrl());
    }, [hydrated]);
    // Hydrating the server's HTML (React does that after the rest of the page): keep it as it is.
    if (!hydrated) throw never;
    return <LoadingOverlay />;
  }

  // Cast: lazy()'s ref-aware props type does not resolve for a generic Props; it renders Props.
  const Lazy = lazy<ComponentType<Props>>(async () => {
    try {
      return { default: await fetchOnce() };
    } catch {
      return { default: Unavailable };
    }
  }) as unknown as ComponentType<Props>;

  function Island(props: Props) {
    return (
      <Suspense
        fallback={
          <div role="status">
            <LoadingOverlay />
          </div>
        }
      >
        <Lazy {...props} />
      </Suspense>
    );
  }

  function preload() {
    fetchOnce().catch(() => {
      // Nothing to do: rendering the island fetches it again and handles a failure.
    });
  }

  return { Island, preload };
}
