// Per-request context: path, query, headers, bounded JSON body, bearer token, rate-limit key.
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { clientKeyFor, isLoopbackAddress } from "./client-ip";
import { API_VERSION_HEADER, apiVersionOf } from "./api-version";
import { ApiError, badRequest } from "./errors";

/** GoTrue's request body limit. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonObject = Record<string, unknown>;

/** GOTRUE_RATE_LIMIT_HEADER and who may set it (loopback peers, or callers proving the secret). */
export interface ClientIpSource {
  header: string | undefined;
  secret: string | undefined;
  secretHeader: string;
}

export class RequestContext {
  readonly method: string;
  readonly url: URL;
  readonly path: string;
  readonly apiVersion: string | undefined;
  params: Record<string, string> = {};
  private body: Promise<Buffer> | undefined;

  constructor(
    readonly req: IncomingMessage,
    private readonly clientIp: ClientIpSource,
  ) {
    this.method = (req.method ?? "GET").toUpperCase();
    this.url = new URL(req.url ?? "/", "http://localhost");
    this.path = this.url.pathname;
    this.apiVersion = apiVersionOf(this.header(API_VERSION_HEADER));
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }

  /** The Bearer token of the Authorization header, if well-formed. */
  bearer(): string | undefined {
    const match = /^\s*bearer\s+(\S+)\s*$/i.exec(this.header("authorization") ?? "");
    return match?.[1];
  }

  /**
   * Rate-limit key: the first value of the configured header when the caller may set it (a loopback
   * peer such as the app, or one sending the shared secret), else the socket address.
   */
  clientKey(): string {
    const peer = this.req.socket.remoteAddress;
    const { header } = this.clientIp;
    const forwarded = header && this.mayNameClient(peer) ? this.header(header) : undefined;
    const first = forwarded?.split(",")[0]?.trim();
    return clientKeyFor(first || peer || "unknown");
  }

  private mayNameClient(peer: string | undefined): boolean {
    if (isLoopbackAddress(peer)) return true;
    const { secret, secretHeader } = this.clientIp;
    const presented = this.header(secretHeader);
    if (!secret || presented === undefined) return false;
    const expected = Buffer.from(secret);
    const given = Buffer.from(presented);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Reads the body (at most 1 MiB, else 413) and parses a JSON object (else 400 bad_json). */
  async readJson(): Promise<JsonObject> {
    const raw = (await this.readBody()).toString("utf8");
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw badRequest(
        "bad_json",
        `Could not parse request body as JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw badRequest("bad_json", "Could not parse request body as JSON: expected a JSON object");
    }
    return parsed as JsonObject;
  }

  /** Like readJson, but an empty body is an empty object (DELETE /admin/users/{id}). */
  async readOptionalJson(): Promise<JsonObject> {
    const raw = await this.readBody();
    return raw.length === 0 ? {} : this.readJson();
  }

  readBody(): Promise<Buffer> {
    this.body ??= readLimited(this.req);
    return this.body;
  }
}

function tooLarge(): ApiError {
  return new ApiError(413, "request_entity_too_large", "Request body too large");
}

/** Collects the body; past the limit it stops buffering (and drains) and rejects with 413. */
function readLimited(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    let ended = false;
    req.on("end", () => {
      ended = true;
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
    // A client that disconnects mid-body must not leave the handler (and close()) waiting forever.
    req.on("close", () => {
      if (!ended && !over) reject(badRequest("bad_json", "Request body was not fully received"));
    });
  });
}
