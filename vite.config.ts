// Build configuration for the Remix app (client and server bundles).
import { vitePlugin as remix } from "@remix-run/dev";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: 5173 },
  // Icons are imported one module each (app/components/ui/icons.ts); those modules are ES modules in
  // a package Node would read as CommonJS, so the server bundle carries them instead of importing.
  ssr: { noExternal: ["lucide-react"] },
  // Chunks under 10 kB are merged where Rollup can do it without changing what runs when: the first
  // load of / fetches 14 scripts instead of 19, and each request costs its headers (decision 025).
  build: { rollupOptions: { output: { experimentalMinChunkSize: 10_000 } } },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/*.test.*", "**/*.server.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
});
