// A document's Content-Security-Policy. Scripts come from this origin only, and inline scripts run
// when they carry this response's nonce (a page rendered for one request) or when their text has
// one of the listed hashes (a page rendered once for every visitor, whose scripts never change).
import { createHash } from "node:crypto";

export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

export function contentSecurityPolicy(inline: InlineScripts): string {
  const allowed =
    "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed].join(" "),
    // React writes style attributes (progress widths); scripts stay nonce- or hash-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** An inline `<script>` (no `src`): its attributes and its text, as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP source (`sha256-…`) of every inline script of a page, in order, without repeats; with
 * `nonce`, only of the scripts that carry it (those the render wrote, none a text smuggled in).
 */
export function inlineScriptHashes(html: string, nonce?: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (nonce !== undefined && !attributes.includes(`nonce="${nonce}"`)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
