// The one spelling of each page's path. The router matches paths case-insensitively and decodes
// escapes, so each spelling would be one more page kept for everyone: requests spelt otherwise are
// sent to the canonical spelling (or refused) before any route sees them (decision 037).

/** Characters that mean the same escaped or not (RFC 3986 "unreserved"). */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;
/** What a redirect target may hold: a path, never a scheme-relative `//host` or a backslash. */
const SAFE_TARGET = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

function canonicalPart(part: string): string {
  if (part.length !== 3 || !part.startsWith("%")) return part.toLowerCase();
  const character = String.fromCharCode(Number.parseInt(part.slice(1), 16));
  return UNRESERVED.test(character) ? character.toLowerCase() : part.toUpperCase();
}

/** Resolves `.` and `..` segments and drops empty ones, as a URL parser would. */
function withoutDotSegments(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/**
 * The canonical spelling of a path: lower case, unreserved characters unescaped (other escapes in
 * upper case), no dot or empty segments, no trailing slash.
 */
export function canonicalPath(path: string): string {
  const spelt = path.replace(/%[0-9A-Fa-f]{2}|[^%]+|%/g, canonicalPart);
  return withoutDotSegments(spelt);
}

/**
 * Where a request for `path` should go instead: its canonical spelling, or null when `path` is
 * already canonical. "refuse" when the canonical spelling is not a safe redirect target.
 */
export function canonicalRedirect(path: string): string | "refuse" | null {
  const canonical = canonicalPath(path);
  if (canonical === path) return null;
  return SAFE_TARGET.test(canonical) ? canonical : "refuse";
}
