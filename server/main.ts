// Process entry: routes console output into the structured log, validates configuration, starts
// the embedded auth server when no SUPABASE_URL is given, hands the configuration to the Remix
// build, serves it, and shuts both down cleanly on SIGTERM/SIGINT.
import type { ServerBuild } from "@remix-run/node";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigError, parseEnv, type Env } from "../app/lib/env.server";
import { routeConsoleToLog } from "./console-log";
import type { MailFrame } from "@portal/auth-server";
import { startEmbeddedAuth } from "./embedded-auth";
import { log } from "../app/lib/log.server";
import { startHttpServer } from "./http";

/** This file runs as build/main.js, next to the Remix build (build/client, build/server). */
const buildDir = dirname(fileURLToPath(import.meta.url));

/** The server build's entry module, which exports `start` and `stop` (app/entry.server.tsx). */
type ConfigurableBuild = ServerBuild & {
  entry: {
    module: ServerBuild["entry"]["module"] & {
      start(env: Env): Promise<void>;
      ready(): Promise<boolean>;
      liveStreams(): { streams: number; listeners: number };
      endStreams(): void;
      stop(): Promise<void>;
      frameAuthMail: MailFrame;
      receiveOutboxReply(raw: Buffer): Promise<void>;
    };
  };
};

/**
 * The secret that lets the auth server believe the app's X-Client-IP header. The embedded server
 * reads it as GOTRUE_RATE_LIMIT_HEADER_SECRET; the app sends AUTH_RATE_LIMIT_SECRET. Either one set
 * serves both; both set must agree. (From loopback the embedded server needs none.)
 */
function embeddedRateLimitSecret(env: Env): string | undefined {
  const serverSecret = process.env.GOTRUE_RATE_LIMIT_HEADER_SECRET || undefined;
  const appSecret = env.AUTH_RATE_LIMIT_SECRET;
  if (serverSecret && appSecret && serverSecret !== appSecret) {
    throw new ConfigError([
      "AUTH_RATE_LIMIT_SECRET: differs from GOTRUE_RATE_LIMIT_HEADER_SECRET (set one, or both to the same value)",
    ]);
  }
  return appSecret ?? serverSecret;
}

/** Logs a configuration error (this module's ConfigError or the server build's copy of it). */
function logConfigError(error: ConfigError) {
  log("error", "config_invalid", { message: "Invalid configuration", problems: error.problems });
}

async function main() {
  // First, so that whatever prints to the console (Remix, auth-js, Node) writes one JSON line.
  const consoleLines = routeConsoleToLog();
  let env;
  try {
    env = parseEnv(process.env, (message) => log("warn", "config", { message }));
    if (!env.SUPABASE_URL) env = { ...env, AUTH_RATE_LIMIT_SECRET: embeddedRateLimitSecret(env) };
  } catch (error) {
    if (error instanceof ConfigError) {
      logConfigError(error);
      process.exit(1);
    }
    throw error;
  }

  const embedded = env.SUPABASE_URL ? undefined : await startEmbeddedAuth(env);
  if (embedded) {
    env = {
      ...env,
      SUPABASE_URL: embedded.url,
      SUPABASE_ANON_KEY: embedded.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: embedded.serviceRoleKey,
    };
  }
  if (env.BENCH_SESSION_USER) log("warn", "config", { message: "session check skipped (bench)" });

  const build = (await import(
    pathToFileURL(join(buildDir, "server/index.js")).href
  )) as ConfigurableBuild;
  try {
    await build.entry.module.start(env);
  } catch (error) {
    if (!(error instanceof Error && error.name === "ConfigError")) throw error;
    logConfigError(error as ConfigError);
    await embedded?.close();
    process.exit(1);
  }
  embedded?.frameMails(build.entry.module.frameAuthMail);
  // With no mail server, the app's mails land in the outbox, whose Reply form is the way back in.
  if (!env.smtp && env.inbound) embedded?.takeOutboxReplies(build.entry.module.receiveOutboxReply);
  const http = await startHttpServer(env, join(buildDir, "client"), build, {
    databaseReady: () => build.entry.module.ready(),
    liveStreams: () => build.entry.module.liveStreams(),
  });
  log("info", "started", {
    url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`,
    auth: env.SUPABASE_URL,
    embeddedAuth: Boolean(embedded),
    node: process.version,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutdown", { signal });
    build.entry.module.endStreams();
    await http.close(env.SHUTDOWN_TIMEOUT_MS);
    await build.entry.module.stop();
    await embedded?.close();
    consoleLines.flush();
    log("info", "stopped", {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  log("error", "startup_failed", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
