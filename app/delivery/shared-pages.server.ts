// Pages rendered once per process and answered as they are, scripts allowed by hash: the same for
// every visitor (`handle.sharedPage`), or drawn from their URL and loader data alone (`drawnPerData`,
// kept per data); canonical paths only, a few new pages per client a minute (decisions 027, 037, 066).
import type { EntryContext } from "@remix-run/node";
import { chooseEncoding, type Encoding } from "./accept-encoding";
import { canonicalPath } from "./canonical-path";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.server";
import { CountdownPage } from "./countdown-fill.server";
import {
  compressOnce,
  compressPage,
  PAGE_ENCODINGS,
  type CompressedPage,
} from "./page-compression.server";
import type { RenderedPage } from "./render.server";
import { SplicedGzip } from "./spliced-gzip.server";

/**
 * Route handle field. `true`: the route renders the same markup for every request to its URL.
 * A function: the same, but only when its loader data passes (the root's, when it holds no toast).
 */
export interface SharedPageHandle {
  sharedPage: true | ((loaderData: unknown) => boolean);
}

/**
 * Route handle field: the route's markup is a function of its URL and loader data alone (no clock,
 * no header read while drawing), so a page whose data is unchanged is drawn once and kept.
 */
export interface DrawnPerDataHandle {
  drawnPerData: true;
}

/** Distinct shared pages kept; there are a handful (/, /sign-in, …), so this only bounds memory. */
const MAX_PAGES = 32;
/** New pages one client may have made per window: a real visitor needs a few, once per process. */
const NEW_PAGES_PER_CLIENT = 8;
const CLIENT_WINDOW_MS = 60_000;
/** Clients whose new pages are counted; the counts start afresh past this many. */
const MAX_CLIENTS_COUNTED = 10_000;

function sharesRoute(handle: unknown, loaderData: unknown): boolean {
  const sharedPage = (handle as Partial<SharedPageHandle> | undefined)?.sharedPage;
  return sharedPage === true || (typeof sharedPage === "function" && sharedPage(loaderData));
}

/** A route that says it is drawn from its URL and data alone. */
function drawnFromData(handle: unknown): boolean {
  return (handle as Partial<DrawnPerDataHandle> | undefined)?.drawnPerData === true;
}

/** Where a page is kept: among the pages for every visitor, or the pages drawn per data. */
export type PageStore = "shared" | "per-data";

/**
 * The key a page is kept under, and where, or null when it must be rendered for this request alone:
 * any method but GET, any status but 200, an action's answer or an error, a path not spelt
 * canonically, a matched route that declares neither. A page for every visitor takes no query
 * string (it can carry what a visitor typed); a page drawn per data keeps its query in the key.
 */
export function sharedPageKey(
  request: Request,
  statusCode: number,
  remixContext: Pick<EntryContext, "staticHandlerContext" | "routeModules">,
): { key: string; store: PageStore } | null {
  if (request.method !== "GET" || statusCode !== 200) return null;
  const url = new URL(request.url);
  if (canonicalPath(url.pathname) !== url.pathname) return null;
  const { matches, loaderData, actionData, errors } = remixContext.staticHandlerContext;
  if (actionData || errors || matches.length === 0) return null;
  const handles = matches.map(({ route }) => remixContext.routeModules[route.id]?.handle);
  const data = JSON.stringify(loaderData);
  const forEveryone = matches.every(({ route }, index) =>
    sharesRoute(handles[index], loaderData[route.id]),
  );
  if (forEveryone && url.search === "") {
    return { key: `${url.pathname}\n${data}`, store: "shared" };
  }
  if (!handles.every(drawnFromData)) return null;
  return { key: `${url.pathname}${url.search}\n${data}`, store: "per-data" };
}

/** A page with a countdown: its markup, and its fixed pieces compressed once when they can be. */
interface CountdownBodies {
  countdown: CountdownPage;
  gzip: SplicedGzip | null;
}

/** The encodings a countdown's spliced answer serves. */
const SPLICED_ENCODINGS: readonly Encoding[] = ["gzip", "identity"];

/**
 * A rendered shared page: its bytes in each encoding, and the policy that lets its scripts run. A
 * page with a countdown keeps its fixed pieces gzipped once and splices each answer's digits in
 * (any other encoding is compressed per answer).
 */
export class SharedPage {
  private constructor(
    private readonly bodies: Readonly<Record<Encoding, Buffer>> | CountdownBodies,
    readonly contentSecurityPolicy: string,
  ) {}

  /**
   * Takes a page rendered without a nonce, or with `marker` as its nonce (a page drawn per data:
   * only the scripts the render itself wrote carry it, and only those are allowed).
   */
  static async from(html: Buffer, marker?: string): Promise<SharedPage> {
    const policy = contentSecurityPolicy({
      hashes: inlineScriptHashes(html.toString("utf8"), marker),
    });
    const countdown = CountdownPage.of(html);
    if (countdown) {
      const gzip = await SplicedGzip.of(countdown.pieces, countdown.gapsAt(Date.now()));
      return new SharedPage({ countdown, gzip }, policy);
    }
    const { br, gzip } = await compressOnce(html, marker ? "page" : "best");
    return new SharedPage({ br, gzip, identity: html }, policy);
  }

  bodyFor(acceptEncoding: string | null): CompressedPage {
    if ("countdown" in this.bodies) {
      const { countdown, gzip } = this.bodies;
      const now = Date.now();
      if (gzip && chooseEncoding(acceptEncoding, SPLICED_ENCODINGS) === "gzip") {
        const body = gzip.answer(countdown.gapsAt(now));
        if (body) return { body, encoding: "gzip" };
      }
      return compressPage(countdown.at(now), acceptEncoding);
    }
    const encoding = chooseEncoding(acceptEncoding, PAGE_ENCODINGS);
    return { body: this.bodies[encoding], encoding };
  }
}

/** What a shared page's render gave: the page to keep, or a failed render answered once. */
export type SharedRender = { kept: SharedPage } | { failed: RenderedPage };

/** How many new pages each client had made in its current window. */
class NewPageCounts {
  private readonly counts = new Map<string, { made: number; since: number }>();

  constructor(private readonly perClient: number) {}

  /** Counts one new page for `client`; false when it has had its share this window. */
  take(client: string): boolean {
    const now = Date.now();
    const current = this.counts.get(client);
    if (!current || now - current.since >= CLIENT_WINDOW_MS) {
      if (this.counts.size >= MAX_CLIENTS_COUNTED) this.counts.clear();
      this.counts.set(client, { made: 1, since: now });
      return true;
    }
    if (current.made >= this.perClient) return false;
    current.made += 1;
    return true;
  }
}

/** A shared page as `SharedPages.get` gives it: `kept` says it was made before this request. */
export interface SharedPageLookup {
  page: Promise<SharedRender>;
  kept: boolean;
}

/**
 * The shared pages of this process, least recently served first. A page is kept from the moment
 * its render starts, so requests that arrive meanwhile wait for that one render; a render that
 * fails (any status but 200) is dropped and answered as it is.
 */
export class SharedPages {
  private readonly pages = new Map<string, Promise<SharedRender>>();
  private readonly newPages: NewPageCounts;

  constructor(
    private readonly maxPages = MAX_PAGES,
    newPagesPerClient = NEW_PAGES_PER_CLIENT,
  ) {
    this.newPages = new NewPageCounts(newPagesPerClient);
  }

  /**
   * The page under `key`, rendered by `render` if this process has none; null when `client` has
   * had its share of new pages: the caller renders for that request alone.
   */
  get(
    key: string,
    render: () => Promise<RenderedPage>,
    client: string,
    marker?: string,
  ): SharedPageLookup | null {
    let page = this.pages.get(key);
    const kept = page !== undefined;
    if (page) {
      this.pages.delete(key);
    } else {
      if (!this.newPages.take(client)) return null;
      page = render().then(async (rendered) =>
        rendered.statusCode === 200
          ? { kept: await SharedPage.from(rendered.html, marker) }
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
    return { page, kept };
  }
}
