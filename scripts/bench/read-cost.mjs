// The product-data read's CPU per view, measured in-process: read-cost/measure.ts is bundled with
// esbuild from the app's own modules into the git-ignored .data/bench-read-cost (where its imports
// find the project's node_modules), then run in a child process per engine, on a database of its own.
import { build } from "esbuild";
import { externalNpmPackages } from "../external-npm-packages.mjs";
import { rawTextImports } from "../raw-text-imports.mjs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { root, settings } from "./config.mjs";
import { runJsonChild } from "./processes.mjs";

const source = fileURLToPath(new URL("./read-cost/measure.ts", import.meta.url));

/** Bundles the measurement afresh; returns the script to run. */
export async function buildReadCost() {
  const outfile = join(root, ".data", "bench-read-cost", "measure.mjs");
  await build({
    absWorkingDir: root,
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    alias: { "~": "./app" },
    plugins: [rawTextImports, externalNpmPackages],
    logLevel: "warning",
  });
  return outfile;
}

/**
 * Runs the measurement on one engine: `database` is `{ DATA_DIR }` (SQLite) or also `DATABASE_URL`
 * and `pid`, the PostgreSQL server whose CPU is counted apart.
 */
export function measureReadCost(script, database) {
  return runJsonChild(script, [String(settings.readCostViews)], {
    name: "read-cost measurement",
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATA_DIR: database.DATA_DIR,
      ...(database.DATABASE_URL
        ? { DATABASE_URL: database.DATABASE_URL, BENCH_DATABASE_PID: String(database.pid) }
        : {}),
    },
    timeoutMs: 120_000,
  });
}
