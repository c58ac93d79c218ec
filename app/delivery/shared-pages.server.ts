// Pages that are the same for every visitor (the landing page of a visitor with no toast) are
// rendered once per process, compressed once at the highest settings, and then answered as they
// are: their inline scripts are allowed by hash instead of a per-response nonce, so the bytes never
// change. Which pages qualify is declared by their routes (`handle.sharedPage`); everything else
// renders per request.
import type { EntryContext } from "@remix-run/node";
import { chooseEncoding, type Encoding } from "./accept-encoding";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.server";
import { compressOnce, PAGE_ENCODINGS, type CompressedPage } from "./page-compression.server";
import type { RenderedPage } from "./render.server";

/**
 * Route handle field. `true`: the route renders the same markup for every request to its URL.
 * A function: the same, but only when its loader data passes (the root's, when it holds no toast).
 */
export interface SharedPageHandle {
  sharedPage: true | ((loaderData: unknown) => boolean);
}

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

/** A rendered shared page: its bytes in each encoding, and the policy that lets its scripts run. */
export class SharedPage {
  private constructor(
    private readonly bodies: Readonly<Record<Encoding, Buffer>>,
    readonly contentSecurityPolicy: string,
  ) {}

  /** Takes a page rendered without a nonce. */
  static async from(html: Buffer): Promise<SharedPage> {
    const { br, gzip } = await compressOnce(html);
    const policy = contentSecurityPolicy({ hashes: inlineScriptHashes(html.toString("utf8")) });
    return new SharedPage({ br, gzip, identity: html }, policy);
  }

  bodyFor(acceptEncoding: string | null): CompressedPage {
    const encoding = chooseEncoding(acceptEncoding, PAGE_ENCODINGS);
    return { body: this.bodies[encoding], encoding };
  }
}

/** What a shared page's render gave: the page to keep, or a failed render answered once. */
export type SharedRender = { kept: SharedPage } | { failed: RenderedPage };

/**
 * The shared pages of this process, least recently served first. A page is kept from the moment
 * its render starts, so requests that arrive meanwhile wait for that one render; a render that
 * fails (any status but 200) is dropped and answered as it is.
 */
export class SharedPages {
  private readonly pages = new Map<string, Promise<SharedRender>>();

  constructor(private readonly maxPages = MAX_PAGES) {}

  /** The page under `key`, rendered by `render` if this process has none. */
  get(key: string, render: () => Promise<RenderedPage>): Promise<SharedRender> {
    let page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
    } else {
      page = render().then(async (rendered) =>
        rendered.statusCode === 200
          ? { kept: await SharedPage.from(rendered.html) }
          : { failed: rendered },
      );
      const forget = () => {
        if (this.pages.get(key) === page) this.pages.delete(key);
      };
      page.then((outcome) => ("failed" in outcome ? forget() : undefined), forget);
    }
    this.pages.set(key, page);
    if (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return page;
  }
}
