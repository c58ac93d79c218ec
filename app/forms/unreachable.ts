// A form post that never got an answer (offline, a dropped connection, a proxy's 5xx): the route's
// clientAction turns it into a 'Connection Error' toast and keeps the page as it was, and no
// loader runs again after it (each would fail the same way and replace the page with an error).
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { isRouteErrorResponse } from "@remix-run/react";
import { messages, type ShownToast } from "~/content/messages";

export interface Unreachable {
  unreachable: true;
  toast: ShownToast;
}

function isUnreachable(value: unknown): value is Unreachable {
  return typeof value === "object" && value !== null && "unreachable" in value;
}

/**
 * The body of a route's clientAction: the server's answer (a redirect, a refusal), or, when the
 * server could not be reached, 'Connection Error'.
 */
export async function postOrConnectionError<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    const answer: Unreachable = {
      unreachable: true,
      toast: { ...messages.connectionError, id: `unreachable-${Date.now()}` },
    };
    return answer;
  }
}

/** For every route with a loader: nothing to reload after a post that reached no server. */
export const keepPageAfterUnreachable: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (isUnreachable(actionResult) ? false : defaultShouldRevalidate);
