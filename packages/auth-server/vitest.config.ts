// Test runner configuration for this package alone (`npm test -w @portal/auth-server`); the
// repository's root configuration also includes these tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
