// Build step: writes a brotli (quality 11) and a gzip (Zopfli) copy next to every JS, CSS and SVG
// file under build/client/assets; a copy not smaller than its file is not written (decision 022).
// Usage: node scripts/precompress-assets.mjs [assets dir]
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const assetsDir = resolve(root, process.argv[2] ?? "build/client/assets");

const ENCODINGS = [
  {
    suffix: ".br",
    compress: (bytes) =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  // Zopfli writes ordinary gzip that every client decodes, about 3% smaller than zlib's level 9,
  // for about 3 seconds per build; gzip-only clients are the ones this copy is for.
  { suffix: ".gz", compress: (bytes) => zopfliGzip(bytes, { numiterations: 15 }) },
];

let written = 0;
let skipped = 0;
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = join(assetsDir, name);
  const bytes = readFileSync(file);
  for (const { suffix, compress } of ENCODINGS) {
    const compressed = await compress(bytes);
    if (compressed.length < bytes.length) {
      writeFileSync(file + suffix, compressed);
      written += 1;
    } else {
      // A copy left by an earlier build of the same file would now be wrong to keep.
      rmSync(file + suffix, { force: true });
      skipped += 1;
    }
  }
}
console.log(`precompressed assets: ${written} written, ${skipped} not smaller (skipped)`);
