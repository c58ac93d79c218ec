// Rate limits on what reaches the auth service, per IP (IPv6 per /64), address, session or user,
// in memory or shared through Redis. Failures never lock an owner out from elsewhere; a sign-in
// counts as failed until answered otherwise, so guesses see each other (decisions 007, 014).
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { clientKeyFor } from "@portal/auth-server/client-ip";
import { getEnv } from "./env.server";
import { redisClient } from "./redis.server";

export type LimitedAction =
  | "sign-in"
  | "sign-up"
  | "confirm"
  | "refresh"
  | "session-refresh"
  | "email-change"
  | "invite"
  | "message";

interface Limiters {
  signInPerIp: RateLimiterAbstract;
  signInFailures: RateLimiterAbstract;
  signInFailuresPerAddress: RateLimiterAbstract;
  signUpPerIp: RateLimiterAbstract;
  confirmPerIp: RateLimiterAbstract;
  refreshPerIp: RateLimiterAbstract;
  refreshPerSession: RateLimiterAbstract;
  emailChangePerUser: RateLimiterAbstract;
  invitePerAddress: RateLimiterAbstract;
  messagePerUser: RateLimiterAbstract;
}

/** A real session refreshes about once an hour; more than this in a window is not a browser. */
const REFRESHES_PER_SESSION = 10;

/**
 * One e-mail change per user in this many seconds. The auth service checks whether the new address
 * is taken before its per-user gap between such mails (GoTrue's order), so within its gap a taken
 * address would be answered like a sent mail and a free one with the gap's 429. The app refuses
 * every change within its own window before asking the service, whatever the address. The window
 * is twice the service's gap (GOTRUE_SMTP_MAX_FREQUENCY, 60 s by default here and on hosted
 * Supabase), which starts a little later, once the call reaches the service: the service's 429 is
 * never reached from this form.
 */
const EMAIL_CHANGE_WINDOW_SECONDS = 120;

/**
 * One invitation per address in this many seconds: the gap the auth service keeps between the mails
 * it sends one address (GOTRUE_SMTP_MAX_FREQUENCY's default), which hosted Supabase does not apply
 * to invitations.
 */
const INVITE_GAP_SECONDS = 60;

let limiters: Promise<Limiters> | undefined;

async function createLimiters(): Promise<Limiters> {
  const env = getEnv();
  const storeClient = await redisClient();
  const make = (
    keyPrefix: string,
    points: number,
    duration = env.RATE_LIMIT_WINDOW_SECONDS,
  ): RateLimiterAbstract => {
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
    emailChangePerUser: make("email-change-user", 1, EMAIL_CHANGE_WINDOW_SECONDS),
    invitePerAddress: make("invite-address", 1, INVITE_GAP_SECONDS),
    messagePerUser: make("message-user", env.RATE_LIMIT_MESSAGES_PER_MINUTE, 60),
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

/** Whole seconds until a count (this attempt included) falls back; null while within `limit`. */
function waitWhenOver(count: RateLimiterRes, limit: number): number | null {
  if (count.consumedPoints <= limit) return null;
  return Math.max(1, Math.ceil(count.msBeforeNext / 1000));
}

/** Gives back a failure counted for `email` from `ip` (penalty() and reward() never refuse). */
async function releaseFailure(all: Limiters, ip: string | undefined, email: string) {
  await Promise.allSettled([
    all.signInFailures.reward(failureKey(ip, email), 1),
    all.signInFailuresPerAddress.reward(addressKey(email), 1),
  ]);
}

/**
 * Counts a sign-in for `email` from `ip` as a failure before the auth service is asked, and returns
 * the wait the failure counts ask for (null for none). The IP's first attempt for the address
 * (nothing else counted from there) is never held by the address's count.
 */
async function reserveFailure(all: Limiters, ip: string | undefined, email: string) {
  const [fromHere, everywhere] = await Promise.all([
    all.signInFailures.penalty(failureKey(ip, email), 1),
    all.signInFailuresPerAddress.penalty(addressKey(email), 1),
  ]);
  const ownWait = waitWhenOver(fromHere, all.signInFailures.points);
  if (ownWait !== null || fromHere.consumedPoints <= 1) return ownWait;
  return waitWhenOver(everywhere, all.signInFailuresPerAddress.points);
}

/** The count each attempt at `action` (sign-in aside) spends: its limiter and its key. */
function countOf(
  all: Limiters,
  action: Exclude<LimitedAction, "sign-in">,
  ip: string | undefined,
  subject: string,
): [RateLimiterAbstract, string] {
  const key = ipKey(ip);
  return {
    "sign-up": [all.signUpPerIp, key],
    confirm: [all.confirmPerIp, key],
    refresh: [all.refreshPerIp, key],
    "session-refresh": [all.refreshPerSession, subject],
    "email-change": [all.emailChangePerUser, subject],
    invite: [all.invitePerAddress, addressKey(subject)],
    message: [all.messagePerUser, subject],
  }[action] as [RateLimiterAbstract, string];
}

/**
 * Counts one attempt. Returns null when it may go ahead, or the seconds to wait when a limit is
 * reached. `subject` is the e-mail address of a sign-in or an invitation, the session of a
 * session's refresh, the user of an e-mail change or a message. A sign-in that may go ahead is counted as a
 * failure until settleSignIn() says how it ended.
 */
export async function takeAttempt(
  action: LimitedAction,
  ip: string | undefined,
  subject = "",
): Promise<number | null> {
  limiters ??= createLimiters();
  const all = await limiters;
  if (action === "sign-in") {
    const wait =
      (await reserveFailure(all, ip, subject)) ??
      (await waitOf([all.signInPerIp.consume(ipKey(ip))]));
    if (wait !== null) await releaseFailure(all, ip, subject);
    return wait;
  }
  const [limiter, key] = countOf(all, action, ip, subject);
  return waitOf([limiter.consume(key)]);
}

/** Gives back an attempt takeAttempt() counted, when it came to nothing (nothing was mailed). */
export async function returnAttempt(
  action: Exclude<LimitedAction, "sign-in">,
  ip: string | undefined,
  subject = "",
) {
  limiters ??= createLimiters();
  const [limiter, key] = countOf(await limiters, action, ip, subject);
  await limiter.reward(key, 1);
}

/**
 * How a sign-in takeAttempt() let through ended: a wrong password stays counted for (address, IP)
 * and for the address; any other answer (signed in, the service unreachable…) is given back.
 */
export async function settleSignIn(
  ip: string | undefined,
  email: string,
  { wrongPassword }: { wrongPassword: boolean },
) {
  if (wrongPassword) return;
  limiters ??= createLimiters();
  await releaseFailure(await limiters, ip, email);
}
