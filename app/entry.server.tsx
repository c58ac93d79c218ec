// Server entry: renders each page with the request's CSP nonce on every script it emits, adds the
// cookies the request's session check wrote (a refreshed or cleared session) to every page and data
// response, and marks them private (they depend on the visitor's cookies). `configure` is how the
// process entry hands this bundle its validated configuration.
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/hooks/use-nonce";
import { addSessionHeaders } from "~/lib/auth.server";

export { configure } from "~/lib/env.server";

const STREAM_TIMEOUT_MS = 5_000;

export const streamTimeout = STREAM_TIMEOUT_MS;

const PRIVATE_NO_STORE = "private, no-store";

/**
 * A post to a route without an action: Remix's 405 carries its internal message ("Error: You made a
 * POST request to … route "routes/dashboard" …") in the page's data. Nothing legitimate posts
 * there, so the answer is plain text.
 */
function methodNotAllowed(headers: Headers): Response {
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return new Response("Method Not Allowed", { status: 405, headers });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  if (response.status === 405) return methodNotAllowed(new Headers(response.headers));
  await addSessionHeaders(context, response.headers);
  response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext = {},
) {
  if (responseStatusCode === 405) return methodNotAllowed(responseHeaders);
  await addSessionHeaders(loadContext, responseHeaders);
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    // Stops a render still pending after the deadline; cleared as soon as the render ends, so a
    // finished request is not kept in memory until it fires.
    const deadline = setTimeout(() => abort(), STREAM_TIMEOUT_MS + 1000);
    const finished = () => clearTimeout(deadline);
    let sent = false;
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
        // Sent once complete, for every visitor: what renders lazily (the auth dialog) must be in
        // the HTML itself for browsers without JavaScript, and no loader here defers data.
        onAllReady() {
          sent = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
          // Everything was ready, so pipe() has written the whole page: nothing is left to abort.
          finished();
        },
        onShellError(error: unknown) {
          finished();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (sent) console.error(error);
        },
      },
    );
  });
}
