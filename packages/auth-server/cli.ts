// Standalone entry: `node build/auth-server.js` (env: GoTrue names + PORT/HOST), stops cleanly on
// signals; `node build/auth-server.js export <file.sql>` writes the users as SQL for Supabase.
import { writeFileSync } from "node:fs";
import { exportForSupabase } from "./export";
import { IN_MEMORY, loadAuthConfig, startAuthServer } from "./index";
import { consoleLogger, createLog } from "./log";
import { openStore } from "./store";

const log = createLog(consoleLogger, Date.now);

/** `export <file.sql>`: reads AUTH_DATA_DIR (the server must be stopped: it holds the folder). */
function exportUsers(file: string | undefined): void {
  if (!file) {
    process.stderr.write("Usage: npm run auth:export -- <file.sql>\n");
    process.exit(2);
  }
  const dataDir = process.env.AUTH_DATA_DIR || ".data/auth";
  if (dataDir === IN_MEMORY) {
    process.stderr.write("AUTH_DATA_DIR is :memory:, there is nothing to export.\n");
    process.exit(2);
  }
  const store = openStore(dataDir);
  try {
    const result = exportForSupabase(store.db, new Date());
    writeFileSync(file, result.sql, { mode: 0o600 });
    process.stdout.write(`Wrote ${result.users} users from ${dataDir} to ${file}.\n`);
    if (result.mustReset.length > 0) {
      process.stdout.write(
        `${result.mustReset.length} of them have no bcrypt hash yet (not signed in since the upgrade) and are exported without a password; they must reset it on the new project:\n` +
          result.mustReset.map((email) => `  ${email}\n`).join(""),
      );
    }
  } finally {
    void store.db.close();
  }
}

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

if (process.argv[2] === "export") {
  try {
    exportUsers(process.argv[3]);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
} else {
  main().catch(startFailed);
}

function startFailed(error: unknown): void {
  log("error", "auth_server_start_failed", {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
}
