// The refusal of requests no browser sends (a Host or target no URL can be made of, methods the
// site has no use for), the response security headers (a document's CSP comes from the server
// entry) and the same-site check every state-changing request must pass (decisions 006, 035).
import type { NextFunction, Request, Response } from "express";
import { log } from "../app/lib/log.server";

/** The methods the site answers; any other (TRACE, WebDAV's PROPFIND…) gets a 405 naming these. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = [...ALLOWED_METHODS].join(", ");
const LOGGED_PATH_CHARS = 200;

/** A Host or X-Forwarded-Host value a URL can be made of: a name or address, and a port. */
function isHost(value: string): boolean {
  if (value === "" || /[\s/\\?#@]/.test(value)) return false;
  return URL.canParse(`http://${value}`);
}

/** The host of an absolute URL written as `host` would be, or null when it is none. */
function normalHost(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

type Target = { path: string; refused?: never } | { refused: string; path?: never };

/**
 * The request's target as a path, or why it cannot be served. An absolute-form target (which
 * clients send to proxies, and a proxy may pass on) is served as its path when it names the host
 * the Host header names, as RFC 9112 asks a server to accept it; naming another site, it is a
 * request for a proxy, which this is not. `*` is only OPTIONS' (the whole server).
 */
function targetOf(req: Request): Target {
  const target = req.url;
  if (target.startsWith("/") || (target === "*" && req.method === "OPTIONS")) {
    return { path: target };
  }
  if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return { refused: "target" };
  const url = new URL(target);
  const host = req.get("host");
  if (host === undefined || url.host !== normalHost(url.protocol, host)) {
    return { refused: "absolute_target" };
  }
  return { path: `${url.pathname}${url.search}` };
}

/** Why no URL can be made of the request's Host, X-Forwarded-Host or -Proto; null when one can. */
function malformedOrigin(req: Request): string | null {
  const host = req.get("host");
  if (host !== undefined && !isHost(host)) return "host";
  const forwardedHost = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (forwardedHost !== undefined && !isHost(forwardedHost)) return "forwarded_host";
  // req.protocol reads X-Forwarded-Proto only from a trusted proxy.
  if (req.protocol !== "http" && req.protocol !== "https") return "forwarded_proto";
  return null;
}

/** C0 controls and DEL: no link or form of the site puts one in a query (NUL breaks PostgreSQL). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Whether a query parameter's name or value, once decoded, holds a control character. */
function hasControlCharacter(path: string): boolean {
  const query = path.indexOf("?");
  if (query === -1) return false;
  for (const [name, value] of new URLSearchParams(path.slice(query + 1))) {
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) return true;
  }
  return false;
}

/** The target for the log: its path alone (no scheme, host or query), cut short. */
function loggedPath(target: string): string {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, "").split("?")[0] ?? "";
  return path.slice(0, LOGGED_PATH_CHARS);
}

/**
 * Answers early, plainly and with one log line the requests that would otherwise reach Remix and
 * come back as a 500 with a stack trace in the log: a Host, X-Forwarded-Host or X-Forwarded-Proto
 * no URL can be made of, a target that is not a path of this site, or a query parameter holding a
 * control character, which must never reach a database (400); a method the site does not answer
 * (405); OPTIONS, which Remix does not answer either (204). Both name the allowed methods in
 * `Allow`.
 */
export function wellFormedOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    const target = targetOf(req);
    const reason =
      malformedOrigin(req) ??
      target.refused ??
      (hasControlCharacter(target.path ?? "") ? "control_character" : null) ??
      (ALLOWED_METHODS.has(req.method) ? null : "method");
    if (reason === null && target.path !== undefined) {
      if (req.method === "OPTIONS") {
        res.set("Allow", ALLOW).status(204).end();
        return;
      }
      req.url = req.originalUrl = target.path;
      return next();
    }
    const status = reason === "method" ? 405 : 400;
    log("info", "request_refused", {
      method: req.method,
      path: loggedPath(req.url),
      status,
      reason,
    });
    if (status === 405) res.set("Allow", ALLOW);
    else res.set("Connection", "close");
    res
      .status(status)
      .type("text/plain")
      .send(status === 405 ? "This method is not allowed here." : "Bad request.");
  };
}

export function securityHeaders(isProduction: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    );
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (isProduction)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether Remix would take a post's Origin as this request's own: it compares the Origin's host,
 * exactly, with X-Forwarded-Host's first value or Host, and throws (a 500) when they differ.
 */
function originMatchesHost(req: Request): boolean {
  const origin = req.get("origin");
  if (origin === undefined) return true;
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  return hostOf(origin) !== null && new URL(origin).host === host;
}

/**
 * Cross-site request check: a POST whose Origin (or, without one, Referer) is another site gets a
 * 403, so no other site can sign a visitor in to an account of theirs or out of their own. The
 * site is the configured SITE_URL or the host the request was addressed to; an Origin that is not
 * the Host the request names is refused here too, before Remix would answer it with a 500.
 */
export function sameSiteOnly(siteUrl: string) {
  const siteHost = hostOf(siteUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const source = req.get("origin") ?? req.get("referer");
    if (source === undefined) return next();
    const sourceHost = hostOf(source);
    const requestHost = req.get("host")?.toLowerCase();
    const sameSite = sourceHost && (sourceHost === siteHost || sourceHost === requestHost);
    if (sameSite && originMatchesHost(req)) return next();
    res.status(403).type("text/plain").send("Cross-site form posts are not accepted.");
  };
}
