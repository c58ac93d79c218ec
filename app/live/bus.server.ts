// "This client's data changed" pings, for every change the data layer announces: to every open
// page of this process that shows it, and to the other instances through PostgreSQL's LISTEN/NOTIFY
// when they share one (ids only: each page reads what changed itself). Decision 049.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { onClientChange, type ClientChange } from "~/data/changes.server";
import { log } from "~/lib/log.server";

export type LiveChange = ClientChange;

type Listener = (change: LiveChange) => void;

const CHANNEL = "portal_live";
/** This process, so that it skips its own notifications (it delivered them already). */
const INSTANCE = randomUUID();
const RECONNECT_MS = 1_000;

const listeners = new Set<Listener>();
let fanOut: { notify(change: LiveChange): void; stop(): Promise<void> } | undefined;

/** Calls `listener` with every change until the returned function is called. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How many listeners are subscribed (each open stream is one). */
export function subscriberCount(): number {
  return listeners.size;
}

function deliver(change: LiveChange) {
  for (const listener of listeners) listener(change);
}

/** Pings every page that shows `change.clientId`, here and on the other instances. */
function publishChange(change: LiveChange): void {
  deliver(change);
  fanOut?.notify(change);
}

onClientChange(publishChange);

function isChange(value: unknown): value is LiveChange & { from: string } {
  const candidate = value as { clientId?: unknown; from?: unknown } | null;
  return typeof candidate?.clientId === "string" && typeof candidate.from === "string";
}

/**
 * Listens on PostgreSQL for the other instances' changes and sends this one's there; a dropped
 * connection is opened again (a change missed meanwhile shows at the page's next load).
 */
export function startFanOut(connectionString: string): void {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let lost = false;
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on("notification", ({ payload }) => {
      try {
        const change: unknown = JSON.parse(payload ?? "null");
        if (isChange(change) && change.from !== INSTANCE) {
          deliver({ clientId: change.clientId, staffOnly: change.staffOnly === true });
        }
      } catch {
        // Not one of ours.
      }
    });
    next.on("error", () => undefined);
    next.on("end", () => {
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      if (lost) log("info", "live_fan_out_ready", {});
      lost = false;
    } catch (error) {
      // One line per outage, not one a retry.
      if (!lost) log("warn", "live_fan_out_unavailable", { detail: (error as Error).message });
      lost = true;
      await next.end().catch(() => undefined);
    }
  };
  void connect();
  fanOut = {
    notify(change) {
      const payload = JSON.stringify({
        clientId: change.clientId,
        staffOnly: change.staffOnly === true,
        from: INSTANCE,
      });
      client?.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).catch(() => undefined);
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export async function stopFanOut(): Promise<void> {
  await fanOut?.stop();
  fanOut = undefined;
}
