// CSP nonces: 16 random bytes each (base64), cut from a pool the system's random source fills 256
// nonces at a time, as Node does for randomUUID(), instead of a call into it for every page.
import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let next = pool.length;

export function freshNonce(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const nonce = pool.toString("base64", next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}
