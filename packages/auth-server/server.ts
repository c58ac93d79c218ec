// The HTTP server: wires config, keys, storage (locked), the route table and the clean-up schedule;
// request loop (404 / 405, CORS preflight, error replies), logging, graceful close.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { App, MailFrame } from "./app";
import type { AuthConfig } from "./config/auth-config";
import { RATE_LIMIT_SECRET_HEADER } from "./config/exposure";
import { ApiError, errorReply, GatewayError, OAuthError } from "./http/errors";
import { allowedOriginFor, assertAllowedHost } from "./http/exposure";
import { preflightReply, writeReply, type Reply } from "./http/reply";
import { RequestContext } from "./http/request";
import type { Router } from "./http/router";
import { apiKeyRole } from "./keys/jwt";
import { loadKeyring } from "./keys/keyring";
import { createLog, type Log } from "./log";
import { RateLimiter } from "./rate-limit";
import { scheduleRetention } from "./retention";
import { routerFor, runRoute, type Route } from "./routes";
import { requireApiKey } from "./services/guard";
import { openStore } from "./store";

export interface AuthServer {
  /** Base URL without /auth/v1, e.g. http://127.0.0.1:54321. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Dresses every mail sent from now on with `frame` (the embedding app's name and colours). */
  frameMails(frame: MailFrame): void;
  /** Shows a Reply form on each outbox mail that takes replies, handing them to `receive`. */
  takeOutboxReplies(receive: (raw: Buffer) => Promise<void>): void;
  /** Stops listening, waits for in-flight requests, then flushes and closes the database. */
  close(): Promise<void>;
}

const API_PREFIX = "/auth/v1/";
/** Longest close() waits for in-flight requests before cutting connections. */
const CLOSE_GRACE_MS = 10_000;

function listenOn(server: Server, listen: { port: number; host: string }): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port, listen.host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function baseUrl(address: AddressInfo): string {
  const host =
    address.address === "0.0.0.0" || address.address === "::"
      ? "127.0.0.1"
      : address.family === "IPv6"
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** The configured keys must be usable against our own check, or every client call would 401. */
async function assertApiKeys(app: App): Promise<void> {
  const now = app.now();
  if ((await apiKeyRole(app.keyring, app.config.anonKey, now)) !== "anon") {
    throw new Error(
      "AUTH_ANON_KEY is not a JWT with role anon signed by GOTRUE_JWT_SECRET or GOTRUE_JWT_KEYS",
    );
  }
  if ((await apiKeyRole(app.keyring, app.config.serviceRoleKey, now)) !== "service_role") {
    throw new Error(
      "AUTH_SERVICE_ROLE_KEY is not a JWT with role service_role signed by GOTRUE_JWT_SECRET or GOTRUE_JWT_KEYS",
    );
  }
}

/** Routes one request to a reply; every failure becomes an error reply, never a throw. */
async function dispatch(
  app: App,
  router: Router<Route>,
  ctx: RequestContext,
  log: Log,
): Promise<Reply> {
  try {
    app.config.onRequest?.({ method: ctx.method, path: ctx.path });
    assertAllowedHost(ctx.header("host"), app.apiUrl);
    if (ctx.method === "OPTIONS") {
      return preflightReply(ctx.req, allowedOriginFor(app.config.siteUrl, ctx.path));
    }
    const match = router.match(ctx.method, ctx.path);
    const underApi = ctx.path.startsWith(API_PREFIX);
    if (match.kind === "found") {
      ctx.params = match.params;
      return await runRoute(app, match.route, ctx);
    }
    if (underApi && !router.isOpenPath(ctx.path)) await requireApiKey(app, ctx);
    throw match.kind === "method_not_allowed"
      ? new ApiError(405, "method_not_allowed", "Method Not Allowed")
      : new ApiError(404, "not_found", "Not Found");
  } catch (error) {
    const errorId = randomUUID();
    if (!(
      error instanceof ApiError ||
      error instanceof OAuthError ||
      error instanceof GatewayError
    )) {
      log("error", "unexpected_failure", {
        error_id: errorId,
        method: ctx.method,
        path: ctx.path,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
    }
    return errorReply(error, ctx.apiVersion, errorId);
  }
}

/** Starts the auth server; port 0 picks a free port. */
export async function startAuthServer(
  config: AuthConfig,
  listen: { port: number; host: string },
): Promise<AuthServer> {
  const log = createLog(config.log, config.now);
  // The store first: it takes the data folder's lock before anything in it is read or written.
  const store = openStore(config.dataDir);
  let keyring;
  try {
    keyring = await loadKeyring(config, log);
  } catch (error) {
    await store.db.close();
    throw error;
  }
  const pending = new Set<Promise<void>>();
  let router: Router<Route> | undefined;
  let app: App | undefined;
  let stopRetention: (() => Promise<void>) | undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const ctx = new RequestContext(req, {
      header: config.rateLimitHeader,
      secret: config.exposure.rateLimitHeaderSecret,
      secretHeader: RATE_LIMIT_SECRET_HEADER,
    });
    res.on("close", () => {
      log("info", "request", {
        method: ctx.method,
        path: ctx.path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    if (!app || !router) {
      res.writeHead(503).end();
      return;
    }
    const reply = await dispatch(app, router, ctx, log);
    if (reply.status === 413) reply.headers = { ...reply.headers, Connection: "close" };
    writeReply(req, res, reply, allowedOriginFor(config.siteUrl, ctx.path));
    // Still part of this request's task, so close() waits for it like for an answer.
    await reply.afterAnswer?.();
  };

  const server = createServer((req, res) => {
    const task = handle(req, res).catch((error: unknown) => {
      log("error", "response_failed", { error: String(error) });
      res.destroy();
    });
    pending.add(task);
    void task.finally(() => pending.delete(task));
  });

  try {
    const address = await listenOn(server, listen);
    const url = baseUrl(address);
    const apiUrl = config.apiExternalUrl ?? `${url}/auth/v1`;
    app = {
      config,
      store,
      keyring,
      limiter: new RateLimiter(config),
      log,
      now: config.now,
      apiUrl,
      issuer: config.jwtIssuer ?? apiUrl,
    };
    await assertApiKeys(app);
    router = routerFor(config);
    stopRetention = scheduleRetention(app);
    log("info", "auth_server_listening", {
      url,
      api: apiUrl,
      outbox: config.exposure.outboxEnabled ? `${url}/outbox` : undefined,
      // Where the generated keys can be read; the keys themselves never go to the log.
      api_keys_file: config.apiKeysFile,
    });
    let closing: Promise<void> | undefined;
    return {
      url,
      anonKey: config.anonKey,
      serviceRoleKey: config.serviceRoleKey,
      frameMails(frame) {
        if (app) app.mailFrame = frame;
      },
      takeOutboxReplies(receive) {
        if (app) app.outboxReplies = receive;
      },
      close() {
        closing ??= (async () => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          // Wait for in-flight requests, but never let one stuck client hold shutdown hostage.
          const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
          await Promise.race([Promise.allSettled([...pending]), grace]);
          server.closeAllConnections();
          await closed;
          await stopRetention?.();
          await store.db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    server.close();
    await store.db.close();
    throw error;
  }
}
