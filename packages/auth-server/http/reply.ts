// What a handler returns, and how a reply (plus GoTrue-style CORS headers) is written to the socket.
import type { IncomingMessage, ServerResponse } from "node:http";
import { API_VERSION_HEADER } from "./api-version";

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Serialised as application/json. */
  json?: unknown;
  /** Sent as-is with headers["Content-Type"] (e.g. HTML). */
  text?: string;
  /** Work that runs once the answer is written (mail delivery that must not delay it); never throws. */
  afterAnswer?: () => Promise<void>;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  json: body,
  headers,
});

export const noContent = (): Reply => ({ status: 204 });

/** 303 See Other, as GoTrue's /verify answers. */
export const seeOther = (location: string): Reply => ({
  status: 303,
  headers: { Location: location },
});

export const html = (body: string, status = 200): Reply => ({
  status,
  text: body,
  headers: { "Content-Type": "text/html; charset=utf-8" },
});

const EXPOSED_HEADERS = `X-Total-Count, Link, ${API_VERSION_HEADER}`;
const ALLOWED_METHODS = "GET, POST, PUT, DELETE, OPTIONS";
const DEFAULT_ALLOWED_HEADERS =
  "Accept, Authorization, Content-Type, X-Client-IP, X-Client-Info, X-JWT-AUD, X-Supabase-Api-Version, apikey";

/**
 * Which browser pages may read answers: GoTrue reflects any origin with credentials; here only the
 * site's own origin, and nothing at all on the outbox or the admin API (`allowedOrigin` undefined).
 */
export function corsHeaders(
  req: IncomingMessage,
  allowedOrigin: string | undefined,
): Record<string, string> {
  const origin = req.headers.origin;
  if (!allowedOrigin || origin !== allowedOrigin) return origin ? { Vary: "Origin" } : {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    Vary: "Origin",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
  };
}

/** The answer to an OPTIONS preflight: permissions only for the allowed origin. */
export function preflightReply(req: IncomingMessage, allowedOrigin: string | undefined): Reply {
  if (!allowedOrigin || req.headers.origin !== allowedOrigin) return { status: 204 };
  const requested = req.headers["access-control-request-headers"];
  return {
    status: 204,
    headers: {
      "Access-Control-Allow-Methods": ALLOWED_METHODS,
      "Access-Control-Allow-Headers":
        typeof requested === "string" && requested ? requested : DEFAULT_ALLOWED_HEADERS,
      "Access-Control-Max-Age": "600",
    },
  };
}

export function writeReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  allowedOrigin: string | undefined,
): void {
  const headers: Record<string, string> = { ...corsHeaders(req, allowedOrigin), ...reply.headers };
  let body: string | undefined;
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers["Content-Type"] = "application/json";
  } else if (reply.text !== undefined) {
    body = reply.text;
  }
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
