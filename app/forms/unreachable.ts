// A request that never got an answer (offline, a dropped connection, a proxy's 5xx): a form post
// becomes a 'Connection Error' answer that keeps the page and what was typed, with no loader run
// again; a navigation gets the error screen's offer to try again (decision 042).
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { isRouteErrorResponse } from "@remix-run/react";
import { toasts } from "~/content/toasts";
import type { FormAnswer } from "./answer";

/** A form answer with no field errors: the form stays as typed, the toast says why. */
export interface Unreachable extends FormAnswer {
  unreachable: true;
}

function isUnreachable(value: unknown): value is Unreachable {
  return typeof value === "object" && value !== null && "unreachable" in value;
}

/** Whether what a server call threw means no answer came (rather than an answer of the app's). */
function isNoAnswer(error: unknown): boolean {
  if (error instanceof Response) return false;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return error instanceof Error;
}

/**
 * Whether an error a page shows came from the network, in the browser: a fetch that failed
 * (offline, refused, aborted) or an answer that was not the app's (a proxy's error page).
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof document === "undefined") return false;
  if (isRouteErrorResponse(error)) return error.status === 502 || error.status === 504;
  return error instanceof TypeError || (error instanceof Error && !navigator.onLine);
}

/** The pages of the work (the client's and the console's), whose forms are no auth service's. */
const WORK_PAGES = /^\/(dashboard|staff|resources)(\/|$)/;

/**
 * The body of a route's clientAction: the server's answer (a redirect, a refusal), or, when the
 * server could not be reached, 'Connection Error' (on the work's pages, naming the lost connection).
 */
export async function postOrConnectionError<T>(serverAction: () => Promise<T>, path = "") {
  try {
    return await serverAction();
  } catch (error) {
    if (!isNoAnswer(error)) throw error;
    const answer: Unreachable = {
      unreachable: true,
      values: {},
      errors: {},
      toast: {
        ...(WORK_PAGES.test(path) ? toasts.connectionLost : toasts.connectionError),
        id: `unreachable-${Date.now()}`,
      },
    };
    return answer;
  }
}

/** The clientAction of every route with a form. */
export function keepFormWhenUnreachable({ serverAction, request }: ClientActionFunctionArgs) {
  return postOrConnectionError(serverAction, new URL(request.url).pathname);
}

/** For every route with a loader: nothing to reload after a post that reached no server. */
export const keepPageAfterUnreachable: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (isUnreachable(actionResult) ? false : defaultShouldRevalidate);
