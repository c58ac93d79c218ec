// Test runner configuration (no browser): the app's unit, integration and ops suites, and the
// workspace packages' own tests (the auth server's contract suite), so `vitest run` runs them all,
// on three workers over both cores, with one PostgreSQL cluster for the whole run.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { iconSpritePlugin } from "./scripts/icon-sprite";

export default defineConfig({
  plugins: [iconSpritePlugin()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "tests/{unit,integration,data,ops}/**/*.test.{ts,tsx}",
      "packages/*/tests/**/*.test.ts",
    ],
    globalSetup: ["tests/support/postgres-cluster.ts"],
    // Vitest's own default on a two-core machine is one worker. Many ops tests wait on processes,
    // mail and timers: a third worker fills that time (the suite took 504 s with 3, 621 s with 2).
    maxWorkers: 3,
    environment: "node",
    // The list as it runs, and a report npm test reads the slowest tests from.
    reporters: ["default", "json"],
    outputFile: { json: "reports/vitest.json" },
    // Generous: with three workers on two cores an ops test waiting on processes has taken 14 s
    // (and past 20 with four); running out of time says nothing about the product.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The AWS SDK's notice that its 2027 versions need Node 22 (the pinned one runs on Node 20).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
