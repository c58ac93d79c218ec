// A client's data changed: announced once the change is committed, to whoever listens in this
// process (the live bus, which pings the pages that show it). Ids only, never content.
export interface ClientChange {
  /** Whose programme or conversation changed. */
  clientId: string;
  /** A change only staff may hear of (an internal note): the client's own pages are not pinged. */
  staffOnly?: boolean;
}

type Listener = (change: ClientChange) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with every committed change from now on. */
export function onClientChange(listener: Listener): void {
  listeners.add(listener);
}

/** Announces `change` (call it once its transaction committed). */
export function announceChange(change: ClientChange): void {
  for (const listener of listeners) listener(change);
}
