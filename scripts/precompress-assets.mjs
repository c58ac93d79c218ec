// Build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every
// JS and CSS file under build/client/assets, so the server sends fingerprinted assets compressed
// once, at the highest levels, instead of compressing them on each request. A copy that would not
// be smaller than the file is not written. Usage: node scripts/precompress-assets.mjs [assets dir]
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
  { suffix: ".gz", compress: (bytes) => gzipSync(bytes, { level: 9 }) },
];

let written = 0;
let skipped = 0;
for (const name of readdirSync(assetsDir)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const file = join(assetsDir, name);
  const bytes = readFileSync(file);
  for (const { suffix, compress } of ENCODINGS) {
    const compressed = compress(bytes);
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
