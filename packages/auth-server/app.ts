// The shared state every handler receives: config, storage, keys, limits, log, clock, public URLs.
import type { AuthConfig } from "./config/auth-config";
import type { Keyring } from "./keys/keyring";
import type { Log } from "./log";
import type { RateLimiter } from "./rate-limit";
import type { Store } from "./store";

export interface App {
  config: AuthConfig;
  store: Store;
  keyring: Keyring;
  limiter: RateLimiter;
  log: Log;
  now: () => number;
  /** API_EXTERNAL_URL, resolved: the public base of this API, ending in /auth/v1. */
  apiUrl: string;
  /** The `iss` claim. */
  issuer: string;
  /** How the app this server is embedded in dresses its mails, once it says so. */
  mailFrame?: MailFrame;
  /** Where the outbox's Reply form hands a reply (a raw mail), once the app takes them. */
  outboxReplies?: (raw: Buffer) => Promise<void>;
}

/** A mail as this server writes it, for the embedding app to dress. */
export interface PlainMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The embedding app's dress for a mail: its own text and HTML around the body (its name, logo and
 * colour), and the sender's name and reply-to address it goes out with.
 */
export type MailFrame = (mail: PlainMail) => {
  text: string;
  html: string;
  senderName?: string;
  replyTo?: string;
};

/** RFC 3339 with milliseconds, or undefined (GoTrue omits empty times). */
export function iso(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined ? undefined : new Date(ms).toISOString();
}
