// Reply-by-mail keys: one per mail about one thread to one reader, made from the mail's own key and
// the server's secret (a mail sent again carries the same one), kept only as its hash, with its
// reader, thread and expiry, so a leaked database cannot post.
import { createHash, createHmac } from "node:crypto";
import { DAY_MS } from "~/programme/countdown";
import type { Executor } from "./connection.server";

/** How long a mail's key takes replies. */
export const REPLY_KEY_DAYS = 90;

/** A key as addresses carry it: 26 characters of lower-case base32 (128 bits). */
export const REPLY_KEY = /^[a-z2-7]{26}$/;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** The first 130 bits of `bytes` as 26 lower-case base32 characters. */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** The reply key of the mail whose own key is `mailKey`. */
export function replyKeyOf(mailKey: string, secret: string): string {
  return base32(createHmac("sha256", secret).update(`reply:${mailKey}`).digest());
}

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** Keeps `key` as the reply key of `readerId`'s mail about `clientId`'s thread (once). */
export async function keepReplyKey(
  trx: Executor,
  key: string,
  holder: { readerId: string; clientId: string },
  at: number,
): Promise<void> {
  await trx
    .insertInto("reply_keys")
    .values({
      key_hash: hashOf(key),
      reader_id: holder.readerId,
      client_id: holder.clientId,
      created_at: at,
      expires_at: at + REPLY_KEY_DAYS * DAY_MS,
    })
    .onConflict((conflict) => conflict.column("key_hash").doNothing())
    .execute();
}

/** Whose mail `key` came in, and about which thread; "expired" past its days; null: none. */
export async function replyKeyHolder(
  db: Executor,
  key: string,
  now: number,
): Promise<{ readerId: string; clientId: string } | "expired" | null> {
  const row = await db
    .selectFrom("reply_keys")
    .select(["reader_id", "client_id", "expires_at"])
    .where("key_hash", "=", hashOf(key))
    .executeTakeFirst();
  if (!row) return null;
  if (Number(row.expires_at) <= now) return "expired";
  return { readerId: row.reader_id, clientId: row.client_id };
}
