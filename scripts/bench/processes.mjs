// Starts and stops the processes the bench owns: the built app (with its embedded auth server),
// helpers, and servers that are no child of the bench (PostgreSQL); each app's stdout/stderr goes to
// a log file that other modules read.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, settings } from "./config.mjs";
import { cpuSeconds } from "./cpu.mjs";

const owned = new Set();
const cleanups = new Set();
const scratch = [];

/** A folder for this run's logs, auth data and patched builds; removed by stopAll(). */
export function scratchDir(prefix = "portal-bench-") {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns a child that stopAll() will end; resolves `exited` with its exit code. */
export function track(child) {
  owned.add(child);
  child.exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      owned.delete(child);
      resolve(code ?? signal);
    }),
  );
  return child;
}

async function stopChild(child, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/**
 * Registers `cleanup` (stopping a server the bench started that is no child of it) for stopAll();
 * returns a function that runs it now instead, once.
 */
export function onStop(cleanup) {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    cleanups.delete(once);
    await cleanup();
  };
  cleanups.add(once);
  return once;
}

/** Ends every process this run started (by its own pid) and deletes the scratch folders. */
export async function stopAll() {
  const failures = [];
  for (const cleanup of [...cleanups]) await cleanup().catch((error) => failures.push(error));
  await Promise.all([...owned].map((child) => stopChild(child)));
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const error of failures) process.stderr.write(`[bench] cleanup failed: ${error}\n`);
}

/**
 * Runs `node script ...args` to its end and parses the JSON it prints; throws with its stderr when
 * it fails, or when it runs past `timeoutMs` (then it is killed). `name` says which in the error.
 */
export async function runJsonChild(script, args, { name = script, env = process.env, timeoutMs }) {
  const child = track(
    spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "pipe"], env }),
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const limit = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await child.exited;
  clearTimeout(limit);
  if (code !== 0) throw new Error(`${name} failed (${code}): ${stderr.trim()}`);
  return JSON.parse(stdout);
}

/** The environment of an app started for the bench: nothing inherited but PATH and HOME. */
export function appEnv({ port, authPort, dataDir, extra = {} }) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
    AUTH_DATA_DIR: dataDir,
    DATA_DIR: dataDir,
    EMBEDDED_AUTH_HOST: "127.0.0.1",
    EMBEDDED_AUTH_PORT: String(authPort),
    AUTH_BCRYPT_COST: String(settings.bcryptCost),
    RATE_LIMIT_SIGN_IN_PER_IP: "100000",
    RATE_LIMIT_SIGN_IN_PER_EMAIL: "100000",
    RATE_LIMIT_SIGN_UP_PER_IP: "100000",
    RATE_LIMIT_REFRESH_PER_IP: "100000",
    RATE_LIMIT_MESSAGES_PER_MINUTE: "100000",
    // The load generator opens BENCH_CONNECTIONS connections, all from 127.0.0.1.
    HTTP_MAX_CONNECTIONS_PER_IP: "100000",
    SHUTDOWN_TIMEOUT_MS: "2000",
    ...extra,
  };
}

/**
 * Spawns `node [nodeArgs] <buildDir>/main.js`; returns the child, its URLs and its log file.
 * `nodeArgs` are Node's own flags (the profiler's).
 */
export async function spawnApp(buildDir, { name = "app", extra, nodeArgs = [] } = {}) {
  const dir = scratchDir(`portal-bench-${name}-`);
  const [port, authPort] = [await freePort(), await freePort()];
  const logFile = join(dir, "app.log");
  const fd = openSync(logFile, "a");
  const startedAt = performance.now();
  const child = track(
    spawn(process.execPath, [...nodeArgs, join(buildDir, "main.js")], {
      cwd: root,
      env: appEnv({ port, authPort, dataDir: join(dir, "auth"), extra }),
      stdio: ["ignore", fd, fd],
    }),
  );
  closeSync(fd);
  return {
    name,
    child,
    startedAt,
    url: `http://127.0.0.1:${port}`,
    authUrl: `http://127.0.0.1:${authPort}`,
    /** The app's DATA_DIR (its SQLite file, when it has no DATABASE_URL). */
    dataDir: join(dir, "auth"),
    logFile,
    logSize: () => statSync(logFile).size,
    cpuSeconds: () => cpuSeconds(child.pid),
    stop: () => stopChild(child),
  };
}

function logTail(app) {
  return readFileSync(app.logFile, "utf8").slice(-2_000);
}

/** Polls `url` until it answers 200; returns the ms since `since`. Throws if the child dies. */
export async function waitFor200(app, path, { since = app.startedAt, timeoutMs = 30_000 } = {}) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (app.child.exitCode !== null)
      throw new Error(`${app.name} exited during start-up:\n${logTail(app)}`);
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" }).catch(() => null);
    if (response) {
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    }
    await sleep(10);
  }
  throw new Error(`${app.name}: ${path} gave no 200 within ${timeoutMs} ms:\n${logTail(app)}`);
}

/** Starts an app and waits until /healthz answers. */
export async function startApp(buildDir, options) {
  const app = await spawnApp(buildDir, options);
  await waitFor200(app, "/healthz");
  return app;
}
