// The reference page's server entry, self-contained: React renders the whole document, which is
// then compressed in one call (brotli 4 with a 128 KB window, or gzip 6), as a portal page is.
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { renderToPipeableStream } from "react-dom/server";

function renderWhole(request: Request, remixContext: EntryContext): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} />,
      {
        onAllReady() {
          const sink = new PassThrough();
          text(sink).then(resolve, reject);
          pipe(sink);
        },
        onShellError: reject,
      },
    );
  });
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
) {
  const html = Buffer.from(await renderWhole(request, remixContext));
  const accepts = request.headers.get("Accept-Encoding") ?? "";
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Vary", "Accept-Encoding");
  let body = html;
  if (/\bbr\b/.test(accepts)) {
    body = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 17 },
    });
    headers.set("Content-Encoding", "br");
  } else if (/\bgzip\b/.test(accepts)) {
    body = gzipSync(html, { level: 6 });
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body), { status, headers });
}
