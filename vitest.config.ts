// Test runner configuration (no browser): the app's unit, integration and ops suites, and the
// workspace packages' own tests (the auth server's contract suite), so `vitest run` runs them all.
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
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
