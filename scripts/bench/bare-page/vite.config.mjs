// Builds the reference page with the project's own Remix and Vite; the bench passes the output
// folder (a temp folder) as BARE_PAGE_BUILD_DIR.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  css: { postcss: {} },
  logLevel: "warn",
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: process.env.BARE_PAGE_BUILD_DIR,
      // The portal's future flags (vite.config.ts), so both render the same way.
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
