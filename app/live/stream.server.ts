// A signed-in tab's one live stream (server-sent events): "changed" when data its pages show changes
// (a client's own; for staff, any client's), a heartbeat for proxies, and an end when the tab goes,
// the server stops, the session ends or staff lose the role. Ids only (decision 049).
import type { AppLoadContext } from "@remix-run/node";
import { staffAddressNow } from "~/identity/staff-now.server";
import { subscribe, type LiveChange } from "./bus.server";
import { STAFF_ROLE } from "~/lib/roles";
import { activeAccountOf } from "~/data/client-accounts.server";
import { database } from "~/data/connection.server";
import type { Member } from "~/session/guards.server";
import { sessionStands } from "~/session/state.server";

/** A comment line at least this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** A session revoked or expired (or a role lost) while its stream is open ends it within this. */
const SESSION_CHECK_MS = 30_000;
/** Streams one person may hold open on one instance (tabs, devices); the next is refused. */
export const STREAMS_PER_PERSON = 20;
/** How long a browser waits before it reconnects a dropped stream. */
const RECONNECT_MS = 3_000;

/** Each open stream's close: shutdown ends them all, so nothing holds the server open. */
const openStreams = new Set<() => void>();
/** How many streams each person holds open. */
const streamsOf = new Map<string, number>();

export function openStreamCount(): number {
  return openStreams.size;
}

export function closeAllStreams(): void {
  for (const close of [...openStreams]) close();
}

const encoder = new TextEncoder();

/**
 * Whether `member`'s pages show `change`: staff every client's, a client's people their account's
 * (never a note).
 */
export function seesChange({ user, accountId }: Member, change: LiveChange): boolean {
  return user.role === STAFF_ROLE || (change.clientId === accountId && !change.staffOnly);
}

/**
 * Whether the stream may stay open: its session stands, staff are staff still, and a client's
 * person is still of the account it shows (not removed, not moved, the account not deactivated).
 */
async function streamStands({ user, accountId }: Member): Promise<boolean> {
  if (!(await sessionStands(user))) return false;
  if (user.role === STAFF_ROLE) return (await staffAddressNow(user.id)) !== null;
  return (await activeAccountOf(await database(), user.id)) === accountId;
}

export function liveStream(request: Request, context: AppLoadContext, member: Member): Response {
  const { user } = member;
  const held = streamsOf.get(user.id) ?? 0;
  if (held >= STREAMS_PER_PERSON) {
    return new Response("Too many open tabs: close some to get live updates here.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  streamsOf.set(user.id, held + 1);
  // Remix's request.signal misses many closed connections; the HTTP server's own close does not.
  const gone = context.disconnect ?? request.signal;
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const unsubscribe = subscribe((change) => {
        if (seesChange(member, change)) {
          send(`event: changed\ndata: ${JSON.stringify({ clientId: change.clientId })}\n\n`);
        }
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const sessionCheck = setInterval(() => {
        streamStands(member).then(
          (stands) => stands || close(),
          () => undefined,
        );
      }, SESSION_CHECK_MS);
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
        openStreams.delete(close);
        const left = (streamsOf.get(user.id) ?? 1) - 1;
        if (left > 0) streamsOf.set(user.id, left);
        else streamsOf.delete(user.id);
        gone.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the other side.
        }
      };
      openStreams.add(close);
      gone.addEventListener("abort", close, { once: true });
      send(`retry: ${RECONNECT_MS}\n\n`);
      if (gone.aborted) close();
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: no proxy (or this server's compression) may buffer it.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
