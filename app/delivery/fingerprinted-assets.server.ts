// Serves the build's fingerprinted JS, CSS and icon sprite from the brotli and gzip copies made at
// build time: the encoding negotiated from Accept-Encoding, an ETag per encoding, a year's caching.
// Other files, Range requests and methods but GET and HEAD go to the next handler (decision 022).
import type { NextFunction, Request, Response } from "express";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { chooseEncoding, type Encoding } from "./accept-encoding";

const SUFFIX: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };
const CONTENT_TYPE: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
};
export const IMMUTABLE = "public, max-age=31536000, immutable";

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  contentType: string;
  variants: Partial<Record<Encoding, Variant>>;
  encodings: Encoding[];
}

/** Every JS/CSS/SVG file with its precompressed copies (none when too small to shrink), read once. */
function loadAssets(dir: string): Map<string, Asset> {
  const names = new Set(readdirSync(dir));
  const assets = new Map<string, Asset>();
  for (const name of names) {
    const contentType = CONTENT_TYPE[extname(name)];
    if (!contentType) continue;
    const identity = readFileSync(join(dir, name));
    const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
    const variants: Asset["variants"] = { identity: { body: identity, etag: `"${tag}"` } };
    for (const encoding of ["br", "gzip"] as const) {
      if (!names.has(name + SUFFIX[encoding])) continue;
      const body = readFileSync(join(dir, name + SUFFIX[encoding]));
      variants[encoding] = { body, etag: `"${tag}-${encoding}"` };
    }
    assets.set(`/${name}`, {
      contentType,
      variants,
      encodings: Object.keys(variants) as Encoding[],
    });
  }
  return assets;
}

/** Whether an If-None-Match list names this ETag (weak comparison, as for GET and HEAD). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** Express middleware for the assets folder, to be mounted before any on-the-fly compression. */
export function fingerprintedAssets(dir: string) {
  const assets = loadAssets(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path);
    // A byte range refers to the identity bytes: the static handler answers those.
    if (!asset || req.headers.range !== undefined) return next();
    const encoding = chooseEncoding(req.headers["accept-encoding"], asset.encodings);
    const variant = asset.variants[encoding] as Variant;
    res.setHeader("Vary", "Accept-Encoding");
    // Scripts and stylesheets are only run as their declared type.
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("ETag", variant.etag);
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, variant.etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Type", asset.contentType);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", variant.body.length);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  };
}
