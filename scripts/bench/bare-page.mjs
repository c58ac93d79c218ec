// The reference for server throughput: a bare Remix page (scripts/bench/bare-page, one static
// route, nothing from app/) rendered and compressed as the portal's pages are, served by Express.
// Its req/s is what the stack alone allows (decision 023).
import { build } from "esbuild";
import { execFile, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { root } from "./config.mjs";
import { cpuSeconds } from "./cpu.mjs";
import { freePort, track, waitFor200 } from "./processes.mjs";

const pageDir = fileURLToPath(new URL("./bare-page/", import.meta.url));

/** Builds the reference page afresh; returns the build folder. */
export async function buildBarePage() {
  const buildDir = join(root, ".data", "bench-bare-page");
  rmSync(buildDir, { recursive: true, force: true });
  await promisify(execFile)(
    process.execPath,
    [join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build", pageDir],
    { cwd: root, env: { ...process.env, BARE_PAGE_BUILD_DIR: buildDir }, timeout: 120_000 },
  );
  await build({
    entryPoints: [join(pageDir, "server.ts")],
    outfile: join(buildDir, "server.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  return buildDir;
}

/** Starts the reference page's server; the same shape as processes.mjs's apps. */
export async function startBarePage(buildDir) {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [join(buildDir, "server.mjs"), buildDir, String(port)], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const app = {
    name: "bare-page",
    child,
    startedAt: performance.now(),
    url: `http://127.0.0.1:${port}`,
    logFile: "/dev/null",
    cpuSeconds: () => cpuSeconds(child.pid),
  };
  await waitFor200(app, "/");
  return app;
}
