// Answers a document: rendered whole for this request with a fresh CSP nonce and compressed once,
// or this process's copy of a page the same for every visitor or drawn from unchanged data (scripts
// allowed by hash), marked `X-Cache: hit` when it was made before this request (decisions 027, 066).
import type { EntryContext } from "@remix-run/node";
import { clientKeyFor } from "@portal/auth-server/client-ip";
import { contentSecurityPolicy } from "./content-security-policy.server";
import { fillCountdowns } from "./countdown-fill.server";
import { freshNonce } from "./nonce.server";
import { compressPage, type CompressedPage } from "./page-compression.server";
import { renderPage } from "./render.server";
import { SharedPage, SharedPages, sharedPageKey, type PageStore } from "./shared-pages.server";

/** Pages drawn from their data kept at once: a few hundred people's pages, 20–30 KB each. */
const PAGES_PER_DATA = 400;

/** Pages the same for every visitor, and pages drawn per data, each rendered once in this process. */
const stores: Record<PageStore, SharedPages> = {
  shared: new SharedPages(),
  "per-data": new SharedPages(PAGES_PER_DATA),
};
/**
 * The nonce a page drawn per data is rendered with: the scripts that carry it are the render's own,
 * allowed by their hashes; it is in no policy, so it allows nothing.
 */
const RENDER_MARKER = freshNonce();

interface PageAnswer extends CompressedPage {
  statusCode: number;
  contentSecurityPolicy: string;
}

/** Renders the page for this request alone, with a fresh nonce on its scripts. */
async function renderedForRequest(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
): Promise<PageAnswer> {
  const nonce = freshNonce();
  const rendered = await renderPage(request, statusCode, remixContext, nonce);
  return {
    ...compressPage(
      fillCountdowns(rendered.html, Date.now()),
      request.headers.get("Accept-Encoding"),
    ),
    statusCode: rendered.statusCode,
    contentSecurityPolicy: contentSecurityPolicy({ nonce }),
  };
}

function answerFrom(page: SharedPage, statusCode: number, acceptEncoding: string | null) {
  const { contentSecurityPolicy } = page;
  return { ...page.bodyFor(acceptEncoding), statusCode, contentSecurityPolicy };
}

/**
 * The shared page under `key`, rendered now if this process has none yet; null when `client` may
 * not have another page made now. `cache` says which it was (a header tests and operators read).
 */
async function sharedPage(
  { key, store }: { key: string; store: PageStore },
  request: Request,
  remixContext: EntryContext,
  client: string,
): Promise<(PageAnswer & { cache: "hit" | "miss" }) | null> {
  const acceptEncoding = request.headers.get("Accept-Encoding");
  const marker = store === "per-data" ? RENDER_MARKER : undefined;
  const lookup = stores[store].get(
    key,
    () => renderPage(request, 200, remixContext, marker),
    client,
    marker,
  );
  if (!lookup) return null;
  const outcome = await lookup.page;
  const cache = lookup.kept ? "hit" : "miss";
  if ("kept" in outcome) return { ...answerFrom(outcome.kept, 200, acceptEncoding), cache };
  // A failed render's scripts are allowed by hash too, answered once.
  const { html, statusCode } = outcome.failed;
  return { ...answerFrom(await SharedPage.from(html, marker), statusCode, acceptEncoding), cache };
}

/**
 * The document answer for this request, on top of the headers already set (cookies, caching).
 * `share` is false where a kept page would outlive the code that rendered it (the dev server);
 * `clientIp` is who asked, whose new shared pages are counted.
 */
export async function respondWithDocument(
  request: Request,
  statusCode: number,
  headers: Headers,
  remixContext: EntryContext,
  { share, clientIp }: { share: boolean; clientIp: string | undefined },
): Promise<Response> {
  const key = share ? sharedPageKey(request, statusCode, remixContext) : null;
  const shared =
    key === null
      ? null
      : await sharedPage(key, request, remixContext, clientKeyFor(clientIp ?? ""));
  const page = shared ?? (await renderedForRequest(request, statusCode, remixContext));
  if (shared) headers.set("X-Cache", shared.cache);
  headers.set("Content-Security-Policy", page.contentSecurityPolicy);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("Vary", "Accept-Encoding");
  if (page.encoding !== "identity") headers.set("Content-Encoding", page.encoding);
  headers.set("Content-Length", String(page.body.length));
  // A copy typed as the plain ArrayBuffer view a Response body takes (a few KB).
  return new Response(new Uint8Array(page.body), { headers, status: page.statusCode });
}
