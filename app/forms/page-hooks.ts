// The exports every page route shares: Retry-After carried from a 429 or 503 answer onto the
// response, no reload after a post that reached no server, and for a route with a form, 'Connection
// Error' with the form kept as typed when its post gets no answer (decision 042).
export { forwardRetryAfter as headers } from "~/lib/retry-after";
export {
  keepFormWhenUnreachable as clientAction,
  keepPageAfterUnreachable as shouldRevalidate,
} from "./unreachable";
