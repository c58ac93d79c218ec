// The reference for server throughput: a bare Remix page (scripts/bench/bare-page, a small Remix
// app of its own that imports nothing from app/: one static route), rendered whole and compressed
// once per page as the portal's pages are, served by Express. Its req/s is what the stack alone
// allows. It is built into the git-ignored .data/bench-bare-page, where its bundles find the
// project's node_modules (bare-page/package.json names @remix-run/node so that Remix knows the
// server runtime and installs nothing).
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
