// The inbound hook's answer: 404 while no INBOUND_MAIL_SECRET is set, 401 without it as the bearer
// token, 415 for a body that is no mail, 413 past the limit; else 202 once the mail is kept.
import { timingSafeEqual, createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { notFound } from "~/lib/not-found.server";
import { INBOUND_MAX_BYTES } from "./limits";
import { receiveMail } from "./inbound.server";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether `request` carries `secret` as its bearer token (compared in constant time). */
function bearerIs(request: Request, secret: string): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(token), digest(secret));
}

/** The body, whole, or null once it passes `limit` bytes. */
async function bodyOf(request: Request, limit: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = request.body?.getReader();
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
    bytes += next.value.byteLength;
    if (bytes > limit) {
      await reader?.cancel();
      return null;
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

const plain = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function inboundHookAnswer(request: Request, context: AppLoadContext) {
  const secret = getEnv().INBOUND_MAIL_SECRET;
  if (!secret || request.method !== "POST") throw notFound(request);
  if (!bearerIs(request, secret)) return plain("A mail is taken with the hook's secret only.", 401);
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "message/rfc822") return plain("Send the raw mail as message/rfc822.", 415);
  context.admitUpload?.();
  const raw = await bodyOf(request, INBOUND_MAX_BYTES);
  if (raw === null) return plain("A mail is at most 25 MB.", 413);
  if (raw.length === 0) return plain("The mail is empty.", 400);
  const kept = await receiveMail(raw, "webhook");
  if (kept === "too-large") return plain("A mail is at most 25 MB.", 413);
  return plain(kept === "copy" ? "Received before." : "Received.", 202);
}
