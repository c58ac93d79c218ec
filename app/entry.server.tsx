// Server entry: renders each page whole with a fresh CSP nonce on every script it emits and
// compresses it once for the encoding the request accepts, or answers a page that is the same for
// every visitor as it was rendered and compressed once (its scripts allowed by hash); sets the
// document's Content-Security-Policy; adds the cookies the request's session check wrote (a
// refreshed or cleared session) to every page and data response, and marks them private (they
// depend on the visitor's cookies). `configure` is how the process entry hands this bundle its
// validated configuration.
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/hooks/use-nonce";
import { addSessionHeaders } from "~/lib/auth.server";
import { compressPage } from "~/lib/page-compression.server";
import { SharedPage, SharedPages, sharedPageKey } from "~/lib/shared-pages.server";
import { contentSecurityPolicy } from "~/lib/content-security-policy.server";
import type { Encoding } from "~/lib/accept-encoding";

import { getEnv } from "~/lib/env.server";

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

/** A page React has written out in full, and the status it ended with (500 after a render error). */
interface RenderedPage {
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
function renderPage(
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
          page.on("finish", () => resolve({ html: Buffer.concat(chunks), statusCode }));
          pipe(page);
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

/** Pages the same for every visitor, rendered once in this process (decision 027). */
const sharedPages = new SharedPages();

/** A shared page whose render failed: answered once, never kept. */
class UnsharedRender extends Error {
  constructor(readonly page: RenderedPage) {
    super("the shared page's render failed");
  }
}

/** A document ready to send: its bytes, their encoding, its status and its script policy. */
interface Document {
  body: Buffer;
  encoding: Encoding;
  statusCode: number;
  contentSecurityPolicy: string;
}

/** The shared page under `key`, rendered now if this process has none yet. */
async function sharedPageFor(
  key: string,
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
): Promise<{ page: SharedPage; statusCode: number }> {
  try {
    const page = await sharedPages.get(key, async () => {
      const rendered = await renderPage(request, statusCode, remixContext, undefined);
      if (rendered.statusCode !== 200) throw new UnsharedRender(rendered);
      return SharedPage.from(rendered.html);
    });
    return { page, statusCode };
  } catch (error) {
    if (!(error instanceof UnsharedRender)) throw error;
    return { page: await SharedPage.from(error.page.html), statusCode: error.page.statusCode };
  }
}

/** A shared page as it is kept, or rendered for this request with a fresh nonce. */
async function documentFor(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
): Promise<Document> {
  const acceptEncoding = request.headers.get("Accept-Encoding");
  // Under the dev server a kept page would outlive the edit that changed it.
  const key = getEnv().isProduction ? sharedPageKey(request, statusCode, remixContext) : null;
  if (key !== null) {
    const { page, statusCode: status } = await sharedPageFor(
      key,
      request,
      statusCode,
      remixContext,
    );
    const { contentSecurityPolicy } = page;
    return { ...page.bodyFor(acceptEncoding), statusCode: status, contentSecurityPolicy };
  }
  const nonce = randomBytes(16).toString("base64");
  const rendered = await renderPage(request, statusCode, remixContext, nonce);
  return {
    ...compressPage(rendered.html, acceptEncoding),
    statusCode: rendered.statusCode,
    contentSecurityPolicy: contentSecurityPolicy({ nonce }),
  };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext = {},
) {
  if (responseStatusCode === 405) return methodNotAllowed(responseHeaders);
  await addSessionHeaders(loadContext, responseHeaders);
  const document = await documentFor(request, responseStatusCode, remixContext);
  responseHeaders.set("Content-Security-Policy", document.contentSecurityPolicy);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  responseHeaders.append("Vary", "Accept-Encoding");
  if (document.encoding !== "identity") {
    responseHeaders.set("Content-Encoding", document.encoding);
  }
  responseHeaders.set("Content-Length", String(document.body.length));
  // A copy typed as the plain ArrayBuffer view a Response body takes (a few KB).
  return new Response(new Uint8Array(document.body), {
    headers: responseHeaders,
    status: document.statusCode,
  });
}
