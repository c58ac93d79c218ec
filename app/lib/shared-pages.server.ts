// Pages that are the same for every visitor (the landing page of a visitor with no toast) are
// rendered once per process and then served with each response's own CSP nonce: React renders
// them with a placeholder nonce, and the placeholder is replaced per response. Which pages
// qualify is declared by their routes (`handle.sharedPage`); everything else renders per request.
import { randomBytes } from "node:crypto";
import type { EntryContext } from "@remix-run/node";

/**
 * Route handle field. `true`: the route renders the same markup for every request to its URL.
 * A function: the same, but only when its loader data passes (the root's, when it holds no toast).
 */
export interface SharedPageHandle {
  sharedPage: true | ((loaderData: unknown) => boolean);
}

/** Placeholder nonce the shared pages are rendered with: random per process, so no page can
 *  contain it by chance, and base64 like a real nonce, so React writes it unescaped. */
export const PLACEHOLDER_NONCE = randomBytes(18).toString("base64");

/** Distinct shared pages kept; there are a handful (/, /sign-in, …), so this only bounds memory. */
const MAX_PAGES = 32;

function sharesRoute(handle: unknown, loaderData: unknown): boolean {
  const sharedPage = (handle as Partial<SharedPageHandle> | undefined)?.sharedPage;
  return sharedPage === true || (typeof sharedPage === "function" && sharedPage(loaderData));
}

/**
 * The key a page is shared under, or null when it must be rendered for this request alone: any
 * method but GET, any status but 200, an action's answer or an error, a query string (it can carry
 * what a visitor typed), or a matched route that does not declare itself shared.
 */
export function sharedPageKey(
  request: Request,
  statusCode: number,
  remixContext: Pick<EntryContext, "staticHandlerContext" | "routeModules">,
): string | null {
  if (request.method !== "GET" || statusCode !== 200) return null;
  const url = new URL(request.url);
  if (url.search !== "") return null;
  const { matches, loaderData, actionData, errors } = remixContext.staticHandlerContext;
  if (actionData || errors || matches.length === 0) return null;
  for (const { route } of matches) {
    const handle = remixContext.routeModules[route.id]?.handle;
    if (!sharesRoute(handle, loaderData[route.id])) return null;
  }
  return `${url.pathname}\n${JSON.stringify(loaderData)}`;
}

/** A rendered shared page, split at its placeholder nonces. */
export class SharedPage {
  private readonly pieces: string[];

  constructor(html: string) {
    this.pieces = html.split(PLACEHOLDER_NONCE);
  }

  withNonce(nonce: string): Buffer {
    return Buffer.from(this.pieces.join(nonce));
  }
}

/** The shared pages of this process, least recently served first. */
export class SharedPages {
  private readonly pages = new Map<string, SharedPage>();

  constructor(private readonly maxPages = MAX_PAGES) {}

  get(key: string): SharedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: SharedPage) {
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }

  get size() {
    return this.pages.size;
  }
}
