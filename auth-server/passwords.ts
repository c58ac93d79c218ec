// Passwords: async scrypt hashing (libuv pool, never the event loop) and GoTrue's strength policy.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { AuthConfig } from "./config";
import { ApiError, validationFailed } from "./http/errors";

/** bcrypt's limit, which GoTrue keeps: longer passwords are a validation error. */
export const MAX_PASSWORD_BYTES = 72;
const KEY_LENGTH = 64;
const R = 8;
const P = 1;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const options = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 256 * 2 ** logN * r + 1024 * 1024,
});

/** Hashes with a fresh salt; the result carries its parameters: `$scrypt$ln=15,r=8,p=1$salt$hash`. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, options(logN, R, P));
  return `$scrypt$ln=${logN},r=${R},p=${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/**
 * Checks a password against a stored hash in constant time. With no stored hash it still spends
 * one hash's worth of time, so a missing account cannot be told apart by timing.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  logN: number,
): Promise<boolean> {
  const match = stored ? FORMAT.exec(stored) : null;
  if (!match) {
    await scryptAsync(password, Buffer.alloc(16), options(logN, R, P));
    return false;
  }
  const [, ln, r, p, salt, hash] = match;
  const expected = Buffer.from(hash as string, "base64");
  const actual = await scryptAsync(
    password,
    Buffer.from(salt as string, "base64"),
    options(Number(ln), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
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
