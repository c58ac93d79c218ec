// Bundles the HTTP server (build/main.js) and the standalone auth server (build/auth-server.js)
// from TypeScript; npm packages stay external and are loaded from node_modules at run time.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: { main: "server/main.ts", "auth-server": "auth-server/cli.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "~": "./app" },
  sourcemap: true,
  logLevel: "warning",
});
