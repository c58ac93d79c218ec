// Exposure settings: what a visitor (or a page in their browser) may reach besides the API itself,
// read from the environment with defaults that depend on whether the site is loopback.
import type { EnvReader } from "./env-parsers";
import { isLoopbackUrl } from "./loopback";

export interface ExposureConfig {
  /**
   * GOTRUE_RATE_LIMIT_HEADER_SECRET: a request whose X-Rate-Limit-Secret header equals it may set
   * the client IP through GOTRUE_RATE_LIMIT_HEADER from any peer; without it only loopback peers can.
   */
  rateLimitHeaderSecret: string | undefined;
  /**
   * GOTRUE_OUTBOX_ENABLED: serve /outbox (every mail, live links included). Default: on only when
   * no SMTP server is configured (GOTRUE_SMTP_HOST unset) and GOTRUE_SITE_URL is loopback.
   */
  outboxEnabled: boolean;
  /** Full addresses and live links in `mail_sent` log lines: only on a loopback site outside production. */
  logMailDetails: boolean;
}

/** The header a trusted caller proves itself with when it is not on loopback. */
export const RATE_LIMIT_SECRET_HEADER = "X-Rate-Limit-Secret";

/** The exposure settings; `siteUrl` is the resolved GOTRUE_SITE_URL (an override wins). */
export function readExposure(read: EnvReader, siteUrl: string): ExposureConfig {
  const local = isLoopbackUrl(siteUrl);
  const smtpConfigured = read.raw("GOTRUE_SMTP_HOST") !== undefined;
  return {
    rateLimitHeaderSecret: read.raw("GOTRUE_RATE_LIMIT_HEADER_SECRET"),
    outboxEnabled: read.boolean("GOTRUE_OUTBOX_ENABLED", local && !smtpConfigured),
    logMailDetails: local && read.raw("NODE_ENV") !== "production",
  };
}
