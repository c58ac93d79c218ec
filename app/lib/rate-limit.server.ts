// Rate limits on what reaches the auth service (rate-limiter-flexible; in memory, or in Redis with
// REDIS_URL so that several app instances share the counts): sign-in attempts per client IP (IPv6
// per /64), failed sign-ins per (address, IP) and per address, sign-ups and confirmation links per
// IP, refreshes per session and per IP.
//
// Failures never lock an owner out from elsewhere: an IP that has not failed for an address may
// always try it. Past the per-address count, every IP that has failed for it waits out the window,
// so a spread-out guesser gets one guess per address per IP per window.
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { clientKeyFor } from "@portal/auth-server/client-ip";
import { getEnv } from "./env.server";
import { redisClient } from "./redis.server";

export type LimitedAction = "sign-in" | "sign-up" | "confirm" | "refresh" | "session-refresh";

interface Limiters {
  signInPerIp: RateLimiterAbstract;
  signInFailures: RateLimiterAbstract;
  signInFailuresPerAddress: RateLimiterAbstract;
  signUpPerIp: RateLimiterAbstract;
  confirmPerIp: RateLimiterAbstract;
  refreshPerIp: RateLimiterAbstract;
  refreshPerSession: RateLimiterAbstract;
}

/** A real session refreshes about once an hour; more than this in a window is not a browser. */
const REFRESHES_PER_SESSION = 10;

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
    signInFailures: make("sign-in-failures", env.RATE_LIMIT_SIGN_IN_PER_EMAIL),
    signInFailuresPerAddress: make(
      "sign-in-failures-address",
      env.RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL,
    ),
    signUpPerIp: make("sign-up-ip", env.RATE_LIMIT_SIGN_UP_PER_IP),
    confirmPerIp: make("confirm-ip", env.RATE_LIMIT_CONFIRM_PER_IP),
    refreshPerIp: make("refresh-ip", env.RATE_LIMIT_REFRESH_PER_IP),
    refreshPerSession: make("refresh-session", REFRESHES_PER_SESSION),
  };
}

/** The wait a rejected consume() asks for, in whole seconds; null when it went through. */
async function waitOf(checks: Promise<unknown>[]): Promise<number | null> {
  const results = await Promise.allSettled(checks);
  const waits = results.flatMap((result) =>
    result.status === "rejected" && result.reason instanceof RateLimiterRes
      ? [Math.ceil(result.reason.msBeforeNext / 1000)]
      : [],
  );
  return waits.length > 0 ? Math.max(1, ...waits) : null;
}

/** No address (a test harness, a socket already gone): all such requests share one count. */
const ipKey = (ip: string | undefined) => clientKeyFor(ip ?? "unknown");
const addressKey = (email: string) => email.toLowerCase();
const failureKey = (ip: string | undefined, email: string) => `${addressKey(email)}|${ipKey(ip)}`;

/** Whole seconds until a count that has reached `limit` falls back; null while under it. */
function waitWhenOver(count: RateLimiterRes | null, limit: number): number | null {
  if (!count || count.consumedPoints < limit) return null;
  return Math.max(1, Math.ceil(count.msBeforeNext / 1000));
}

/** The wait a sign-in for `email` from `ip` owes to failures already counted; null for none. */
async function failuresWait(all: Limiters, ip: string | undefined, email: string) {
  const [fromHere, everywhere] = await Promise.all([
    all.signInFailures.get(failureKey(ip, email)),
    all.signInFailuresPerAddress.get(addressKey(email)),
  ]);
  const ownWait = waitWhenOver(fromHere, all.signInFailures.points);
  if (ownWait !== null || !fromHere) return ownWait;
  return waitWhenOver(everywhere, all.signInFailuresPerAddress.points);
}

/**
 * Counts one attempt. Returns null when it may go ahead, or the seconds to wait when a limit is
 * reached. `subject` is the e-mail address of a sign-in, the session of a session's refresh.
 */
export async function takeAttempt(
  action: LimitedAction,
  ip: string | undefined,
  subject = "",
): Promise<number | null> {
  limiters ??= createLimiters();
  const all = await limiters;
  const key = ipKey(ip);
  if (action === "sign-in") {
    // Failures are only looked at here; a failure is counted once the auth service has said so.
    return (await failuresWait(all, ip, subject)) ?? waitOf([all.signInPerIp.consume(key)]);
  }
  return waitOf(
    {
      "sign-up": () => [all.signUpPerIp.consume(key)],
      confirm: () => [all.confirmPerIp.consume(key)],
      refresh: () => [all.refreshPerIp.consume(key)],
      "session-refresh": () => [all.refreshPerSession.consume(subject)],
    }[action](),
  );
}

/** A wrong password for `email` from `ip`: counted for that pair and for the address. */
export async function recordFailedSignIn(ip: string | undefined, email: string) {
  limiters ??= createLimiters();
  const all = await limiters;
  await Promise.allSettled([
    all.signInFailures.penalty(failureKey(ip, email), 1),
    all.signInFailuresPerAddress.penalty(addressKey(email), 1),
  ]);
}
