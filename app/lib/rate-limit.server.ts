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
import { once } from "node:events";
import { isIPv6 } from "node:net";
import { getEnv } from "./env.server";
import { log } from "./log.server";

/** How long the first attempt waits for Redis to connect before counting in memory instead. */
const REDIS_CONNECT_WAIT_MS = 1000;

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
  let make = (keyPrefix: string, points: number): RateLimiterAbstract =>
    new RateLimiterMemory({ keyPrefix, points, duration });
  if (env.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const storeClient = new Redis(env.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    // ioredis keeps reconnecting on its own; log each state change once, never crash on it.
    let healthy: boolean | undefined;
    const report = (nowHealthy: boolean, detail?: string) => {
      if (healthy === nowHealthy) return;
      healthy = nowHealthy;
      if (nowHealthy) log("info", "rate_limit_store_ready", {});
      else log("warn", "rate_limit_store_unavailable", { detail });
    };
    storeClient.on("ready", () => report(true));
    storeClient.on("error", (error: Error) => report(false, error.message));
    storeClient.on("close", () => report(false, "connection closed"));
    // Commands are not queued while disconnected, so give the first connection a moment.
    await Promise.race([
      once(storeClient, "ready"),
      new Promise((resolve) => setTimeout(resolve, REDIS_CONNECT_WAIT_MS).unref()),
    ]).catch(() => undefined);
    // If Redis is unreachable, fall back to counting in this instance rather than failing sign-in.
    make = (keyPrefix, points) =>
      new RateLimiterRedis({
        storeClient,
        keyPrefix: `portal:${keyPrefix}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
      });
  }
  return {
    signInPerIp: make("sign-in-ip", env.RATE_LIMIT_SIGN_IN_PER_IP),
    signInPerEmail: make("sign-in-email", env.RATE_LIMIT_SIGN_IN_PER_EMAIL),
    signUpPerIp: make("sign-up-ip", env.RATE_LIMIT_SIGN_UP_PER_IP),
    confirmPerIp: make("confirm-ip", env.RATE_LIMIT_CONFIRM_PER_IP),
    refreshPerIp: make("refresh-ip", env.RATE_LIMIT_REFRESH_PER_IP),
  };
}

/**
 * The key an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, the
 * block one subscriber usually holds whole.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const address = ip.split("%")[0] as string;
  const [head = "", tail = ""] = address.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const headGroups = groups(head);
  const tailGroups = groups(tail);
  // An embedded IPv4 tail (::1.2.3.4) only ever affects the last 32 bits, outside the /64.
  const missing = 8 - headGroups.length - tailGroups.length;
  const full = address.includes("::")
    ? [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups]
    : headGroups;
  const prefix = full.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * Counts one attempt. Returns null when it may go ahead, or the seconds to wait when a limit is
 * reached.
 */
export async function takeAttempt(
  action: LimitedAction,
  ip: string,
  email = "",
): Promise<number | null> {
  limiters ??= createLimiters();
  const all = await limiters;
  const key = clientKey(ip);
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
