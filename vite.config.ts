// Build configuration for the Remix app (client and server bundles).
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { iconSpritePlugin } from "./scripts/icon-sprite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: 5173 },
  // Chunks under 1.5 kB are merged where Rollup can do it without changing what runs when: fewer
  // scripts to fetch, each page's code still with its page (decision 025).
  build: { rollupOptions: { output: { experimentalMinChunkSize: 1_500 } } },
  plugins: [
    iconSpritePlugin(),
    remix({
      ignoredRouteFiles: ["**/*.test.*", "**/*.server.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // The whole route manifest is one cached file instead of a part of it computed for, and
        // written into, every page (decision 045).
        v3_lazyRouteDiscovery: false,
      },
    }),
  ],
});
