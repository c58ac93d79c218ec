// redirect_to allow-list: SITE_URL's scheme+host (any port on loopback) or a GOTRUE_URI_ALLOW_LIST glob.
import type { AuthConfig } from "../config/auth-config";
import type { RequestContext } from "../http/request";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** gobwas/glob with "." and "/" as separators: `*` stays within a segment, `**` crosses them. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === "*" && glob[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (char === "*") {
      source += "[^./]*";
    } else if (char === "?") {
      source += "[^./]";
    } else {
      source += char.replace(/[\\^$.+()|{}[\]]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`);
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

const DEFAULT_PORTS = new Map([
  ["http:", "80"],
  ["https:", "443"],
]);
const portOf = (url: URL) => url.port || (DEFAULT_PORTS.get(url.protocol) ?? "");

/**
 * One GOTRUE_URI_ALLOW_LIST entry against a parsed URL: scheme and port exact ("*" as the port
 * allows any), host by glob, and the glob after the host against path + query + fragment (none
 * means "/"). Matching the raw string let `https://example.com*` allow `https://example.com@evil`.
 */
function matchesAllowEntry(entry: string, target: URL): boolean {
  const parts = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#@]*)(.*)$/i.exec(entry);
  if (!parts) return false;
  const [, scheme = "", authority = "", rest = ""] = parts;
  const hostPort = /^(\[[^\]]*\]|[^:]*)(?::(\d+|\*))?$/.exec(authority);
  if (!hostPort || target.protocol !== scheme.toLowerCase()) return false;
  const [, hostGlob = "", port] = hostPort;
  if (port !== "*" && (port ?? DEFAULT_PORTS.get(target.protocol) ?? "") !== portOf(target))
    return false;
  if (!globToRegExp(hostGlob.toLowerCase()).test(target.hostname)) return false;
  const tail = `${target.pathname || "/"}${target.search}${target.hash}`;
  return globToRegExp(rest || "/").test(tail);
}

/** Same rule as GoTrue's IsRedirectURLValid, with loopback hosts allowed on any port. */
export function isRedirectAllowed(config: AuthConfig, redirectTo: string): boolean {
  const target = parse(redirectTo);
  const site = parse(config.siteUrl);
  if (!target || target.username || target.password) return false;
  if (site && target.protocol === site.protocol) {
    if (target.host === site.host) return true;
    if (LOOPBACK.has(site.hostname) && LOOPBACK.has(target.hostname)) return true;
  }
  return config.uriAllowList.some((entry) => matchesAllowEntry(entry, target));
}

/** The allowed redirect_to, else an allowed Referer, else SITE_URL; never an error. */
export function resolveRedirect(
  config: AuthConfig,
  redirectTo: string | null | undefined,
  referer?: string,
): string {
  if (redirectTo && isRedirectAllowed(config, redirectTo)) return redirectTo;
  if (referer && isRedirectAllowed(config, referer)) return referer;
  return config.siteUrl;
}

/** Where a request's mail link or answer should lead: its `redirect_to`, its Referer, SITE_URL. */
export function requestedRedirect(config: AuthConfig, ctx: RequestContext): string {
  return resolveRedirect(config, ctx.query.get("redirect_to"), ctx.header("referer"));
}
