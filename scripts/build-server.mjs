// Bundles the HTTP server, the product database's commands, the staff command and the standalone
// auth server (build/main.js, data.js, staff.js, auth-server.js): @portal/* sources bundled in,
// every other npm package external, native modules above all (decision 021).
import { build } from "esbuild";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { externalNpmPackages } from "./external-npm-packages.mjs";
import { rawTextImports } from "./raw-text-imports.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const resolveFromRoot = createRequire(new URL("../package.json", import.meta.url)).resolve;

await build({
  absWorkingDir: root,
  entryPoints: {
    main: "server/main.ts",
    data: "server/data-cli.ts",
    staff: "server/staff-cli.ts",
    "auth-server": resolveFromRoot("@portal/auth-server/cli"),
  },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [rawTextImports, externalNpmPackages],
  alias: { "~": "./app" },
  sourcemap: true,
  logLevel: "warning",
});
