// Rate limits on what reaches the auth service (sign-in, sign-up, confirmation links, session
// refreshes), per client IP (IPv6 per /64) and, for sign-in, per e-mail address
// (rate-limiter-flexible): in memory by default, or in Redis (REDIS_URL) so that several app
// instances share the counts.
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { clientKeyFor } from "@portal/auth-server/client-ip";
import { getEnv } from "./env.server";
import { redisClient } from "./redis.server";

export type LimitedAction = "sign-in" | "sign-up" | "confirm" | "refresh";

interface Limiters {
  signInPerIp: RateLimiterAbstract;
  signInPerEmail: RateLimiterAbstract;
  signUpPerIp: RateLimiterAbstract;
  confirmPerIp: RateLimiterAbstract;
  refreshPerIp: RateLimiterAbstract;
}

let limiters: Promise<Limiters> | undefined;

async function createLimiters(): Promise<Limiters> {
  const env = getEnv();
  const duration = env.RATE_LIMIT_WINDOW_SECONDS;
  const storeClient = await redisClient();
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!storeClient) return memory;
    // While Redis is unreachable, count in this instance rather than failing sign-in.
    return new RateLimiterRedis({
      storeClient,
      keyPrefix: `portal:${keyPrefix}`,
      points,
      duration,
      insuranceLimiter: memory,
    });
  };
  return {
    signInPerIp: make("sign-in-ip", env.RATE_LIMIT_SIGN_IN_PER_IP),
    signInPerEmail: make("sign-in-email", env.RATE_LIMIT_SIGN_IN_PER_EMAIL),
    signUpPerIp: make("sign-up-ip", env.RATE_LIMIT_SIGN_UP_PER_IP),
    confirmPerIp: make("confirm-ip", env.RATE_LIMIT_CONFIRM_PER_IP),
    refreshPerIp: make("refresh-ip", env.RATE_LIMIT_REFRESH_PER_IP),
  };
}

/**
 * Counts one attempt. Returns null when it may go ahead, or the seconds to wait when a limit is
 * reached.
 */
export async function takeAttempt(
  action: LimitedAction,
  ip: string | undefined,
  email = "",
): Promise<number | null> {
  limiters ??= createLimiters();
  const all = await limiters;
  // No address (a test harness, a socket already gone): all such requests share one count.
  const key = clientKeyFor(ip ?? "unknown");
  const checks = {
    "sign-in": () => [
      all.signInPerIp.consume(key),
      all.signInPerEmail.consume(email.toLowerCase()),
    ],
    "sign-up": () => [all.signUpPerIp.consume(key)],
    confirm: () => [all.confirmPerIp.consume(key)],
    refresh: () => [all.refreshPerIp.consume(key)],
  }[action]();
  const results = await Promise.allSettled(checks);
  const waits = results.flatMap((result) =>
    result.status === "rejected" && result.reason instanceof RateLimiterRes
      ? [Math.ceil(result.reason.msBeforeNext / 1000)]
      : [],
  );
  return waits.length > 0 ? Math.max(1, ...waits) : null;
}
