// Compresses a rendered page once, whole, in one synchronous call, for the encoding the request
// accepts (brotli 4 or gzip); pages under 1 KB go as they are. A page served many times as it is (a
// shared page) is compressed once at the highest settings, off the event loop (decisions 026, 027).
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from "node:zlib";
import { chooseEncoding, type Encoding } from "./accept-encoding";

/**
 * Brotli quality 4 with a 128 KB window: pages are 20–50 KB, so a larger window (the default is
 * 4 MB) only costs set-up time without shrinking them.
 */
const PAGE_BROTLI = { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 17 };
const PAGE_GZIP_LEVEL = 6;

/** Below this many bytes a page is sent uncompressed (as compression()'s default threshold). */
export const MIN_COMPRESSED_BYTES = 1024;

export const PAGE_ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];

export interface CompressedPage {
  body: Buffer;
  encoding: Encoding;
}

export function compressPage(html: Buffer, acceptEncoding: string | null): CompressedPage {
  if (html.length < MIN_COMPRESSED_BYTES) return { body: html, encoding: "identity" };
  const encoding = chooseEncoding(acceptEncoding, PAGE_ENCODINGS);
  switch (encoding) {
    case "br":
      return { body: brotliCompressSync(html, { params: PAGE_BROTLI }), encoding };
    case "gzip":
      return { body: gzipSync(html, { level: PAGE_GZIP_LEVEL }), encoding };
    default:
      return { body: html, encoding: "identity" };
  }
}

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/**
 * A page compressed once for every later answer: at the best settings (brotli 11 and gzip 9, about
 * 20 ms, once), or at a page's own (`page`) for one that few answers may share.
 */
export async function compressOnce(
  html: Buffer,
  settings: "best" | "page" = "best",
): Promise<{ br: Buffer; gzip: Buffer }> {
  const best = settings === "best";
  const [br, gzipped] = await Promise.all([
    brotliOnce(html, {
      params: best
        ? {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
          }
        : PAGE_BROTLI,
    }),
    gzipOnce(html, { level: best ? zlib.Z_BEST_COMPRESSION : PAGE_GZIP_LEVEL }),
  ]);
  return { br, gzip: gzipped };
}
