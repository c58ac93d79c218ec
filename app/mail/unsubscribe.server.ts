// The link in every notification mail that turns its kind of mail off: signed with the session
// secret for one person and one kind, so it works without signing in and for no one else.
import { createHmac, timingSafeEqual } from "node:crypto";
import { inTransaction } from "~/data/connection.server";
import { setMailMode } from "~/data/mail.server";
import type { MailKind } from "~/data/schema";
import { getEnv } from "~/lib/env.server";
import { UNSUBSCRIBE_PATH } from "~/lib/paths";

const MAIL_KINDS: readonly MailKind[] = ["messages", "reminders"];

function signature(userId: string, kind: MailKind): string {
  return createHmac("sha256", getEnv().SESSION_SECRET)
    .update(`unsubscribe\n${userId}\n${kind}`)
    .digest("base64url");
}

export function unsubscribeUrl(userId: string, kind: MailKind): string {
  const query = new URLSearchParams({ user: userId, kind, sig: signature(userId, kind) });
  return `${getEnv().SITE_URL}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** A mail's headers that offer the link to mail programs, with one-click unsubscribe (RFC 8058). */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The person and kind a link names, when its signature holds; null for any other link. */
export function readUnsubscribeLink(url: URL): { userId: string; kind: MailKind } | null {
  const userId = url.searchParams.get("user") ?? "";
  const kind = MAIL_KINDS.find((known) => known === url.searchParams.get("kind"));
  const given = Buffer.from(url.searchParams.get("sig") ?? "");
  if (!userId || !kind) return null;
  const expected = Buffer.from(signature(userId, kind));
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, kind }
    : null;
}

/** Turns the link's kind of mail off; false for a link that does not hold. */
export async function unsubscribe(url: URL): Promise<boolean> {
  const link = readUnsubscribeLink(url);
  if (!link) return false;
  await inTransaction((trx) => setMailMode(trx, link.userId, link.kind, "off", Date.now()));
  return true;
}
