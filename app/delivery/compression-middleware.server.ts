// On-the-fly compression for what is not compressed already: data responses, resource routes and
// plain-text answers (pages arrive compressed from the server entry), and every page of the
// bench's bare reference: compression() with a smaller brotli window, and one flush per turn of
// the event loop.
import compression from "compression";
import type { NextFunction, Request, Response } from "express";
import { constants as zlib } from "node:zlib";

/**
 * compression()'s brotli quality 4, with a 128 KB window instead of 4 MB. Pages are ~25 KB, so
 * they compress to the same bytes in about half the CPU time: the encoder no longer sets up a 4 MB
 * window for each response.
 */
const PAGE_BROTLI = { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 17 };

/**
 * Merges the flushes of one response that come in the same turn of the event loop into one.
 * Remix's Express adapter flushes after every chunk it writes, and React writes a page in ~2 KB
 * chunks, so compression() ended a compressed block per chunk: the landing page went out in 14
 * pieces, as 9.3 KB of gzip instead of 5.5 KB. A response that really streams still has each
 * chunk flushed within one turn of the event loop.
 */
export function coalesceFlushes(_req: Request, res: Response, next: NextFunction) {
  const flush = res.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    res.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
}

/** The middleware pair, in order: compression(), then the flush coalescing it needs. */
export function compressResponses() {
  return [compression({ brotli: { params: PAGE_BROTLI } }), coalesceFlushes];
}
