// Process entry: validates configuration, starts the embedded auth server when no SUPABASE_URL is
// given, serves the Remix app, and shuts both down cleanly on SIGTERM/SIGINT.
import type { ServerBuild } from "@remix-run/node";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ConfigError, parseEnv } from "../app/lib/env.server";
import { startEmbeddedAuth } from "./embedded-auth";
import { log } from "../app/lib/log.server";
import { startHttpServer } from "./http";

process.env.NODE_ENV ??= "production";

/** This file runs as build/main.js, next to the Remix build (build/client, build/server). */
const buildDir = dirname(fileURLToPath(import.meta.url));

async function main() {
  let env;
  try {
    env = parseEnv(process.env, (message) => log("warn", "config", { message }));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const embedded = env.SUPABASE_URL ? undefined : await startEmbeddedAuth(env);
  if (embedded) {
    process.env.SUPABASE_URL = embedded.url;
    process.env.SUPABASE_ANON_KEY = embedded.anonKey;
  }
  process.env.SESSION_SECRET = env.SESSION_SECRET;

  const build = (await import(
    pathToFileURL(join(buildDir, "server/index.js")).href
  )) as ServerBuild;
  const http = await startHttpServer(env, join(buildDir, "client"), build);
  log("info", "started", {
    url: `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`,
    auth: process.env.SUPABASE_URL,
    embeddedAuth: Boolean(embedded),
    node: process.version,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutdown", { signal });
    await http.close(env.SHUTDOWN_TIMEOUT_MS);
    await embedded?.close();
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
