// Renders a Remix document whole into one buffer (React writes it in chunks; nothing here streams,
// see renderPage).
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/hooks/use-nonce";

/** How long a render may wait for suspended data before Remix aborts it. */
export const STREAM_TIMEOUT_MS = 5_000;

/** A page React has written out in full, and the status it ended with (500 after a render error). */
export interface RenderedPage {
  html: Buffer;
  statusCode: number;
}

/**
 * Renders the page whole, with `nonce` on every script it emits (none on a shared page). Sent once
 * complete, for every visitor: what renders lazily (the auth dialog) must be in the HTML itself
 * for browsers without JavaScript, and no loader here defers data. A whole page compresses in one
 * call, where compressing the stream as it is written costs a compressor flush for every chunk
 * React writes.
 */
export function renderPage(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
  nonce: string | undefined,
): Promise<RenderedPage> {
  return new Promise<RenderedPage>((resolve, reject) => {
    // Stops a render still pending after the deadline; cleared as soon as the render ends, so a
    // finished request is not kept in memory until it fires.
    const deadline = setTimeout(() => abort(), STREAM_TIMEOUT_MS + 1000);
    const finished = () => clearTimeout(deadline);
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={STREAM_TIMEOUT_MS}
          nonce={nonce}
        />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          finished();
          void collectRendered(pipe).then((html) => resolve({ html, statusCode }));
        },
        onShellError(error: unknown) {
          finished();
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell is ready reach Remix through onShellError, which logs them.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * `html` without its NUL bytes, the pieces between them found natively: a filter byte by byte took
 * 4 ms of a 100 KB page, on whichever page had a character at a buffer's end.
 */
function withoutNul(html: Buffer): Buffer {
  let at = html.indexOf(0);
  if (at < 0) return html;
  const pieces: Buffer[] = [];
  let from = 0;
  for (; at >= 0; at = html.indexOf(0, from)) {
    pieces.push(html.subarray(from, at));
    from = at + 1;
  }
  pieces.push(html.subarray(from));
  return Buffer.concat(pieces);
}

/**
 * What a finished render writes, whole. React 18 sends a full 2,048-byte buffer when a character
 * of several bytes does not fit its end, zero bytes included: those NUL bytes (never in HTML React
 * writes itself; text and data escape them) are dropped.
 */
export function collectRendered(pipe: (destination: Writable) => Writable): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const page = new Writable({
      // React aborts the render when its destination closes; this one only closes once the
      // render has ended, and the abort then builds an error object that nothing reads.
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    page.on("finish", () => resolve(withoutNul(Buffer.concat(chunks))));
    pipe(page);
  });
}
