// Token-bucket rate limits like GoTrue's: per client key (burst 30), and a mail budget that is global
// (GoTrue's) but also split per client key and per address, so a handful of clients cannot empty it.
import type { AuthConfig } from "./config/auth-config";
import type { Rate } from "./config/env-parsers";
import { tooManyRequests } from "./http/errors";

/** GoTrue's tollbooth burst for the per-IP limiters. */
export const BURST = 30;
/** Forget idle keys once this many are tracked. */
const MAX_TRACKED_KEYS = 10_000;

interface BucketState {
  tokens: number;
  at: number;
}

/** One bucket per key: `capacity` tokens, refilled at rate.events per rate.periodSeconds. */
export class TokenBuckets {
  private readonly states = new Map<string, BucketState>();

  constructor(
    private readonly rate: Rate,
    private readonly capacity: number,
    private readonly now: () => number,
  ) {}

  get enabled(): boolean {
    return this.rate.events > 0 && this.capacity > 0;
  }

  /** Whether `key` has `count` tokens left, without taking them. */
  has(key: string, count = 1): boolean {
    return !this.enabled || this.refill(this.states.get(key), this.now()).tokens >= count;
  }

  /** Takes one token for `key`; false when the bucket is empty (or true when switched off). */
  take(key: string): boolean {
    if (!this.enabled) return true;
    const now = this.now();
    const state = this.refill(this.states.get(key), now);
    if (state.tokens < 1) {
      this.states.set(key, state);
      return false;
    }
    this.states.set(key, { tokens: state.tokens - 1, at: now });
    if (this.states.size > MAX_TRACKED_KEYS) this.prune(now);
    return true;
  }

  private refill(state: BucketState | undefined, now: number): BucketState {
    if (!state) return { tokens: this.capacity, at: now };
    const elapsed = Math.max(0, now - state.at);
    // Multiply before dividing so whole periods refill whole tokens without rounding error.
    const refilled = (elapsed * this.rate.events) / (this.rate.periodSeconds * 1000);
    return { tokens: Math.min(this.capacity, state.tokens + refilled), at: now };
  }

  private prune(now: number): void {
    for (const [key, state] of this.states) {
      if (this.refill(state, now).tokens >= this.capacity) this.states.delete(key);
    }
  }
}

export type LimiterName = "token" | "signup" | "verify";

export class RateLimiter {
  private readonly perClient: Record<LimiterName, TokenBuckets>;
  private readonly emails: TokenBuckets;
  private readonly emailsPerClient: TokenBuckets;
  private readonly emailsPerAddress: TokenBuckets;

  constructor(config: AuthConfig) {
    const { rateLimits, now } = config;
    this.perClient = {
      token: new TokenBuckets(rateLimits.tokenRefresh, BURST, now),
      signup: new TokenBuckets(rateLimits.otp, BURST, now),
      verify: new TokenBuckets(rateLimits.verify, BURST, now),
    };
    // The mail budget is a whole-server allowance: it can be spent at once, then refills.
    this.emails = new TokenBuckets(
      rateLimits.emailSent,
      Math.floor(rateLimits.emailSent.events),
      now,
    );
    const perHourBurst = (rate: Rate) => Math.max(1, Math.floor(rate.events));
    this.emailsPerClient = new TokenBuckets(
      rateLimits.emailSentPerClient,
      perHourBurst(rateLimits.emailSentPerClient),
      now,
    );
    this.emailsPerAddress = new TokenBuckets(
      rateLimits.emailSentPerAddress,
      perHourBurst(rateLimits.emailSentPerAddress),
      now,
    );
  }

  /** Throws 429 over_request_rate_limit when the client's bucket is empty. */
  check(name: LimiterName, clientKey: string): void {
    if (!this.perClient[name].take(clientKey)) {
      throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
    }
  }

  /**
   * Spends one mail per address (an e-mail change mails two) from the client's, each address's and
   * the server's budgets, or none at all: 429 over_email_send_rate_limit when any falls short.
   */
  takeEmail(clientKey: string, ...addresses: string[]): void {
    const count = addresses.length;
    const keys = addresses.map((address) => address.toLowerCase());
    const affordable =
      this.emailsPerClient.has(clientKey, count) &&
      this.emails.has("global", count) &&
      keys.every((key) => this.emailsPerAddress.has(key));
    if (!affordable) {
      throw tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded");
    }
    for (const key of keys) {
      this.emailsPerClient.take(clientKey);
      this.emailsPerAddress.take(key);
      this.emails.take("global");
    }
  }
}
