// Passwords: bcrypt hashing on libuv's pool (never the event loop) in the $2a$ format Supabase Auth
// stores, verification of older scrypt hashes with their upgrade at sign-in, GoTrue's strength policy.
import { scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { hash as bcryptHash, verify as bcryptVerify } from "@node-rs/bcrypt";
import type { App } from "./app";
import type { AuthConfig } from "./config/auth-config";
import { ApiError, validationFailed } from "./http/errors";
import type { UserRecord } from "./store/users";

/** bcrypt's limit, which GoTrue keeps: longer passwords are a validation error. */
export const MAX_PASSWORD_BYTES = 72;

/**
 * Hashes with a fresh salt as `$2a$<cost>$…`, the label Go's bcrypt (and so GoTrue) writes. The
 * binding labels its hashes `$2y$`; the labels differ only for passwords of 255+ bytes (a
 * length-counter fix) and passwords here stop at 72, so the hash is the same and only the label
 * changes.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const hash = await bcryptHash(password, cost);
  return `$2a$${hash.slice(4)}`;
}

/** A hash every verification of a missing account spends its time on. */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword("no account has this password", cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/** Hashes written before bcrypt: `$scrypt$ln=15,r=8,p=1$salt$hash` (base64 salt and key). */
const SCRYPT_FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function verifyScrypt(password: string, match: RegExpExecArray): Promise<boolean> {
  const [, ln, r, p, salt, hash] = match;
  const expected = Buffer.from(hash as string, "base64");
  const N = 2 ** Number(ln);
  const options: ScryptOptions = {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      Buffer.from(salt as string, "base64"),
      expected.length,
      options,
      (error, key) => (error ? reject(error) : resolve(timingSafeEqual(key, expected))),
    );
  });
}

/**
 * Checks a password against a stored bcrypt or scrypt hash. With no stored hash it still spends
 * one bcrypt hash's worth of time, so a missing account cannot be told apart by timing.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost: number,
): Promise<boolean> {
  const scryptMatch = stored ? SCRYPT_FORMAT.exec(stored) : null;
  if (scryptMatch) return verifyScrypt(password, scryptMatch);
  if (stored?.startsWith("$2")) return bcryptVerify(password, stored);
  await bcryptVerify(password, await dummyHash(cost));
  return false;
}

/** After a successful sign-in: replaces a pre-bcrypt hash with a bcrypt one of the same password. */
export async function upgradeLegacyHash(
  app: App,
  user: UserRecord,
  password: string,
): Promise<UserRecord> {
  if (!user.encryptedPassword || !SCRYPT_FORMAT.test(user.encryptedPassword)) return user;
  const encryptedPassword = await hashPassword(password, app.config.bcryptCost);
  return app.store.users.update(user.id, { encryptedPassword, updatedAt: app.now() });
}

export interface WeakPassword {
  message: string;
  reasons: string[];
}

/** GoTrue's strength rules: minimum length in bytes, one character of each required set. */
export function passwordWeakness(password: string, config: AuthConfig): WeakPassword | undefined {
  const messages: string[] = [];
  const reasons: string[] = [];
  if (Buffer.byteLength(password, "utf8") < config.passwordMinLength) {
    reasons.push("length");
    messages.push(`Password should be at least ${config.passwordMinLength} characters.`);
  }
  const chars = new Set(Array.from(password));
  const sets = config.passwordRequiredCharacters;
  if (sets.some((set) => !Array.from(set).some((char) => chars.has(char)))) {
    reasons.push("characters");
    messages.push(`Password should contain at least one character of each: ${sets.join(", ")}.`);
  }
  return reasons.length > 0 ? { message: messages.join(" "), reasons } : undefined;
}

/** Throws 400 validation_failed for passwords over 72 bytes. */
export function assertPasswordLength(password: string): void {
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
}

/** Throws 400 validation_failed (over 72 bytes) or 422 weak_password with reasons. */
export function assertPasswordStrength(password: string, config: AuthConfig): void {
  assertPasswordLength(password);
  const weakness = passwordWeakness(password, config);
  if (weakness) throw new ApiError(422, "weak_password", weakness.message, weakness.reasons);
}
