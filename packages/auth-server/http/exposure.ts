// The browser-facing guards: which Host names this server answers to, and which origin may read it.
import { isLoopbackHost } from "../config/loopback";
import { ApiError } from "./errors";

/** Paths no web page may ever read through CORS: the mail outbox and the admin API (with /invite). */
const PRIVATE_PREFIXES = ["/outbox", "/auth/v1/admin", "/auth/v1/invite"];

/** The origin allowed to read answers for `path`: the site's own, or none for private paths. */
export function allowedOriginFor(siteUrl: string, path: string): string | undefined {
  if (PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return undefined;
  }
  try {
    return new URL(siteUrl).origin;
  } catch {
    return undefined;
  }
}

function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Refuses a Host header that is neither a loopback name nor the host of API_EXTERNAL_URL: a page on
 * a rebound DNS name (or any name pointed at this port) never gets an answer.
 */
export function assertAllowedHost(host: string | undefined, apiUrl: string): void {
  const name = host === undefined ? undefined : hostnameOf(host);
  const external = hostnameOf(new URL(apiUrl).host);
  if (name !== undefined && (isLoopbackHost(name) || name === external)) return;
  throw new ApiError(
    421,
    "misdirected_request",
    "Host is not this server's: use a loopback address or the host of API_EXTERNAL_URL",
  );
}
