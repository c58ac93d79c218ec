// The HTTP server: time limits for slow clients and a cap on connections per address, then
// malformed requests refused, health, precompressed assets, request logs, security headers,
// compression, static files, same-site, body (size, time) and canonical-path checks, turns, Remix.
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type NextFunction, type Request, type Response } from "express";
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { Env } from "../app/lib/env.server";
import { log } from "../app/lib/log.server";
import { compressResponses } from "../app/delivery/compression-middleware.server";
import { fingerprintedAssets } from "../app/delivery/fingerprinted-assets.server";
import { LIVE_PATH, uploadAt } from "../app/lib/paths";
import { LOGO_MAX_BYTES } from "../app/brand/brand";
import { INBOUND_MAX_BYTES } from "../app/inbound/limits";
import { closeAfterAnswer, limitBodies, MAX_BODY_BYTES, uploadLimitBy } from "./body-limits";
import { canonicalPaths } from "./canonical-paths";
import { limitConnections } from "./connections";
import { sameSiteOnly, securityHeaders, wellFormedOnly } from "./security";
import { takeTurns } from "./turns";
import { watchReadiness } from "./readiness";

/**
 * Requests Remix works on at once, and how many may wait (decision 051): enough to keep both cores
 * busy through a database's or an auth service's round trips, few enough that a health probe, answered
 * ahead of them all, waits on little rendering.
 */
const CONCURRENT_REQUESTS = 8;
const WAITING_REQUESTS = 1_000;

const READY_TIMEOUT_MS = 2_000;
/** The pause between readiness checks (what /readyz answers is at most this old, plus a check). */
const READINESS_PAUSE_MS = 1_000;
/**
 * How often Node looks for requests past their header or request timeout (its default, 30 s, would
 * let a 20 s limit run to 50 s).
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  const requestId = randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    log("info", "request", {
      requestId,
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 10_000n) / 100,
    });
  });
  next();
}

/**
 * `?_data=<routeId>` is Remix's pre-single-fetch data protocol. This app (single fetch) never sends
 * it, and Remix 2 answers some such requests with a 500 (a loader that returns null, like the
 * landing page's, crashes its legacy path), so they are refused here.
 */
function noLegacyDataRequests(req: Request, res: Response, next: NextFunction) {
  const query = req.originalUrl.indexOf("?");
  if (query === -1 || !new URLSearchParams(req.originalUrl.slice(query + 1)).has("_data")) {
    return next();
  }
  res.status(400).type("text/plain").send("Unsupported request.");
}

async function authServiceAnswers(env: Env): Promise<boolean> {
  try {
    const response = await fetch(`${env.SUPABASE_URL}/auth/v1/health`, {
      headers: { apikey: env.SUPABASE_ANON_KEY ?? "" },
      signal: AbortSignal.timeout(READY_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

type Readiness = "ready" | "auth service unreachable" | "database unreachable";

async function checkReadiness(env: Env, probes: Probes): Promise<Readiness> {
  const [auth, database] = await Promise.all([authServiceAnswers(env), probes.databaseReady()]);
  return !auth ? "auth service unreachable" : !database ? "database unreachable" : "ready";
}

export interface HttpServer {
  close(timeoutMs: number): Promise<void>;
}

export interface Probes {
  /** Whether the product database answers a query now. */
  databaseReady: () => Promise<boolean>;
  /** The open live streams and the listeners they hold. */
  liveStreams: () => { streams: number; listeners: number };
}

export async function startHttpServer(
  env: Env,
  clientDir: string,
  build: ServerBuild,
  probes: Probes,
): Promise<HttpServer> {
  const app = express();
  app.disable("x-powered-by");
  // A hop count or the proxies' addresses: req.ip is then the address the nearest untrusted hop
  // reported, never a value the client wrote at the left of X-Forwarded-For.
  app.set("trust proxy", env.TRUST_PROXY);
  app.use(wellFormedOnly());
  app.use(closeAfterAnswer);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok", live: probes.liveStreams() });
  });
  const readiness = watchReadiness(() => checkReadiness(env, probes), READINESS_PAUSE_MS);
  app.get("/readyz", async (_req, res) => {
    const status = await readiness.current();
    res
      .set("Cache-Control", "no-store")
      .status(status === "ready" ? 200 : 503)
      .json({ status });
  });

  // Ahead of compression(), as these answers are already brotli or gzip, and of the request log
  // and the document headers, which a cached script does not need (decision 022).
  app.use("/assets", fingerprintedAssets(`${clientDir}/assets`));
  app.use(requestLog);
  app.use(securityHeaders(env.isProduction));
  app.use(compressResponses());
  app.use(
    "/assets",
    express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }),
  );
  // The files from public/ (favicon.svg), by exact name: page requests never wait on the disk.
  for (const file of readdirSync(clientDir, { withFileTypes: true })) {
    if (!file.isFile()) continue;
    app.get(`/${file.name}`, (_req, res) =>
      res.sendFile(file.name, { root: clientDir, maxAge: "1h" }),
    );
  }
  app.use(sameSiteOnly(env.SITE_URL));
  const uploadBytes = uploadLimitBy(uploadAt, (kind) => {
    if (kind === "logo") return LOGO_MAX_BYTES + MAX_BODY_BYTES;
    if (kind === "inbound-mail") return INBOUND_MAX_BYTES;
    return (
      env.UPLOAD_MAX_FILE_BYTES * (kind === "hand-in" ? env.UPLOAD_MAX_FILES : 1) + MAX_BODY_BYTES
    );
  });
  app.use(
    limitBodies({
      formTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      uploadTimeoutMs: env.UPLOAD_TIMEOUT_MS,
      uploadBytes,
    }),
  );
  app.use(noLegacyDataRequests);
  app.use(canonicalPaths);
  app.use(
    takeTurns({
      concurrent: CONCURRENT_REQUESTS,
      waiting: WAITING_REQUESTS,
      // An upload streams to storage for minutes at little CPU: it would hold a turn all along.
      exempt: (req) => req.path === LIVE_PATH || uploadBytes(req) !== null,
    }),
  );
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.isProduction ? "production" : "development",
      getLoadContext: (req, res) => {
        // Remix's request.signal misses many closed connections (a long stream's end); this does not.
        const disconnect = new AbortController();
        res.once("close", () => disconnect.abort());
        return {
          requestId: res.locals.requestId,
          clientIp: req.ip,
          disconnect: disconnect.signal,
          admitUpload: res.locals.admitUpload,
        };
      },
    }),
  );

  // Slow phones get ample time for a request; a client that trickles it in (slow-loris) does not.
  const server: Server = createServer(
    {
      headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
      // The longest a request may take (an upload); every other is held to its own below.
      requestTimeout: Math.max(env.HTTP_REQUEST_TIMEOUT_MS, env.UPLOAD_TIMEOUT_MS),
      keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    app,
  );
  // Express's compiled TRUST_PROXY: a peer it believes about X-Forwarded-For is a proxy.
  const trusted = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const connections = limitConnections(server, {
    maxPerAddress: env.HTTP_MAX_CONNECTIONS_PER_IP,
    isProxy: (address) => trusted(address, 0),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });

  return {
    close(timeoutMs) {
      readiness.stop();
      return new Promise((resolve) => {
        const force = setTimeout(() => connections.destroyAll(), timeoutMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
