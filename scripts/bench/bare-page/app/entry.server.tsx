// The reference page's document rendering, the way the portal renders its own (app/entry.server.tsx
// without the app's headers, nonce and shared pages): React writes the complete page, which is then
// compressed once with the portal's own page compression.
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { compressPage } from "~/lib/page-compression.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} />,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          page.on("finish", () => {
            const html = Buffer.concat(chunks);
            const { body, encoding } = compressPage(html, request.headers.get("Accept-Encoding"));
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.append("Vary", "Accept-Encoding");
            if (encoding !== "identity") responseHeaders.set("Content-Encoding", encoding);
            responseHeaders.set("Content-Length", String(body.length));
            resolve(
              new Response(new Uint8Array(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(page);
        },
        onShellError: reject,
      },
    );
  });
}
