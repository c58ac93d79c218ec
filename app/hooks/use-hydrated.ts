// True once React has hydrated in the browser: behaviour that only JavaScript can deliver (e.g.
// disabling a submit button until input is valid) waits for it, so no-JS users are never locked out.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
