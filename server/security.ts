// Response security headers (framing, sniffing, referrer, features, HSTS in production; a document's
// Content-Security-Policy comes with it from the server entry) and the same-site check every
// state-changing request must pass.
import type { NextFunction, Request, Response } from "express";

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
 * Cross-site request check: a POST whose Origin (or, without one, Referer) is another site gets a
 * 403, so no other site can sign a visitor in to an account of theirs or out of their own. The
 * site is the configured SITE_URL or the host the request was addressed to.
 */
export function sameSiteOnly(siteUrl: string) {
  const siteHost = hostOf(siteUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const source = req.get("origin") ?? req.get("referer");
    if (source === undefined) return next();
    const sourceHost = hostOf(source);
    const requestHost = req.get("host")?.toLowerCase();
    if (sourceHost && (sourceHost === siteHost || sourceHost === requestHost)) return next();
    res.status(403).type("text/plain").send("Cross-site form posts are not accepted.");
  };
}
