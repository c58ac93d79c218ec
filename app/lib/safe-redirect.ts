// The one place a user-supplied `next` / `redirectTo` becomes a redirect target: only same-origin
// paths pass; anything else falls back to a default. Never throws, and what it returns is plain
// ASCII (non-ASCII characters percent-encoded), so it is always a valid Location header.
import { HOME_PATH } from "./paths";

const DEFAULT_REDIRECT = HOME_PATH;
const PLACEHOLDER_ORIGIN = "http://site.invalid";

/**
 * Returns a safe same-origin path for `to`. Accepts a path ("/dashboard?x=1") or an absolute URL on
 * `siteOrigin`; rejects protocol-relative ("//evil"), backslash tricks ("/\\evil"), "..", control
 * characters and other origins.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_REDIRECT,
  siteOrigin?: string,
): string {
  if (typeof to !== "string") return fallback;
  let candidate = to.trim();
  if (!candidate || candidate.length > 2048) return fallback;
  if (siteOrigin && /^https?:\/\//i.test(candidate)) {
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return fallback;
    }
    if (url.origin !== new URL(siteOrigin).origin) return fallback;
    candidate = `${url.pathname}${url.search}${url.hash}`;
  }
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (candidate.includes("..") || /[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  // Resolved as a browser would: it must stay on the site, and comes back percent-encoded.
  let resolved: URL;
  try {
    resolved = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return path.startsWith("//") ? fallback : path;
}
