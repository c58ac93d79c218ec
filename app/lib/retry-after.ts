// Carries `Retry-After` from a loader's or action's answer (a 429, the auth-outage 503) on to the
// HTTP response: Remix keeps only Set-Cookie from those unless a route's `headers` export passes
// the rest on. Used by each route with an action (for its own answers), the root (errors that
// bubble to it in a document request) and the dashboard layout (its own error, in a data request).
import type { HeadersFunction } from "@remix-run/node";

export const forwardRetryAfter: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
