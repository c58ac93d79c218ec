// Carries `Retry-After` from a loader's or action's answer (a 429, the auth-outage 503) on to the
// HTTP response, where Remix keeps only Set-Cookie: the `headers` of each route with an action, of
// the root (errors in a document request) and of the dashboard layout (its own, in a data request).
import type { HeadersFunction } from "@remix-run/node";

export const forwardRetryAfter: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
