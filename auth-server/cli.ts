// Standalone entry: `node build/auth-server.js` (env: GoTrue names + PORT/HOST), stops cleanly on signals.
import { loadAuthConfig, startAuthServer } from "./index";
import { consoleLogger, createLog } from "./log";

const log = createLog(consoleLogger, Date.now);

async function main(): Promise<void> {
  let config;
  try {
    config = loadAuthConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 54321);
  const host = process.env.HOST ?? "127.0.0.1";
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(
      `Invalid auth server configuration:\n  - PORT: must be 0-65535 (got ${JSON.stringify(process.env.PORT)})\n`,
    );
    process.exit(1);
  }
  const server = await startAuthServer(config, { port, host });
  log("info", "auth_server_started", {
    url: server.url,
    auth: `${server.url}/auth/v1`,
    outbox: config.exposure.outboxEnabled ? `${server.url}/outbox` : undefined,
    data_dir: config.dataDir,
    anon_key: server.anonKey,
    api_keys_file: config.apiKeysFile,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "auth_server_stopping", { signal });
    server.close().then(
      () => {
        log("info", "auth_server_stopped", {});
        process.exit(0);
      },
      (error: unknown) => {
        log("error", "auth_server_stop_failed", { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  log("error", "auth_server_start_failed", {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
