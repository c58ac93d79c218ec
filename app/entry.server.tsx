// Server entry: renders each page whole with a fresh CSP nonce on every script it emits and
// compresses it once for the encoding the request accepts, or answers a page that is the same for
// every visitor as it was rendered and compressed once (its scripts allowed by hash); sets the
// document's Content-Security-Policy; adds the cookies the request's session check wrote (a
// refreshed or cleared session) to every page and data response, and marks them private (they
// depend on the visitor's cookies). `configure` is how the process entry hands this bundle its
// validated configuration.
import { randomBytes } from "node:crypto";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "@remix-run/node";
import { addSessionHeaders } from "~/session/auth.server";
import { compressPage } from "~/delivery/page-compression.server";
import { SharedPage, SharedPages, sharedPageKey } from "~/delivery/shared-pages.server";
import { contentSecurityPolicy } from "~/delivery/content-security-policy.server";
import {
  documentResponse,
  renderPage,
  STREAM_TIMEOUT_MS,
  type PageBody,
  type RenderedPage,
} from "~/delivery/render.server";
import { getEnv } from "~/lib/env.server";

export { configure } from "~/lib/env.server";

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

/** Pages the same for every visitor, rendered once in this process (decision 027). */
const sharedPages = new SharedPages();

/** A shared page whose render failed: answered once, never kept. */
class UnsharedRender extends Error {
  constructor(readonly page: RenderedPage) {
    super("the shared page's render failed");
  }
}

/** A document ready to send, with the policy that lets its scripts run. */
interface PageAnswer extends PageBody {
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
async function pageFor(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
): Promise<PageAnswer> {
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
  const page = await pageFor(request, responseStatusCode, remixContext);
  responseHeaders.set("Content-Security-Policy", page.contentSecurityPolicy);
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  return documentResponse(page, responseHeaders);
}
