// A real S3 server for the storage tests: Debian's OpenStack Swift behind its s3api middleware
// (which checks signatures), tempauth's one user and the memcached tempauth needs, run from a new
// temp folder on free ports; the processes end with stop(), or with the test process if it dies.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./processes";

/** Debian's own python3: Swift is in its dist-packages (a pyenv python3 may come first on PATH). */
const PYTHON = "/usr/bin/python3";
const MEMCACHED = "/usr/bin/memcached";
const START_TIMEOUT_MS = 60_000;
const REGION = "us-east-1";
/** How much of each process's output is kept, for the error when Swift does not come up. */
const OUTPUT_KEPT = 10_000;

export interface RunningSwift {
  /** The proxy, `http://127.0.0.1:<port>`; S3 clients need `forcePathStyle: true`. */
  endpoint: string;
  region: typeof REGION;
  /** tempauth's `test:tester`, admin of the account the buckets are made in. */
  accessKeyId: string;
  secretAccessKey: string;
  /** Ends every process and removes the folder. */
  stop(): Promise<void>;
}

interface Launched {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves once the process has exited (or never started). */
  ended: Promise<void>;
}

const BACKENDS = ["account", "container", "object"] as const;
/** The order of Swift's sample proxy pipeline, with s3api and tempauth in it for S3. */
const PROXY_PIPELINE = [
  "catch_errors",
  "gatekeeper",
  "healthcheck",
  "proxy-logging",
  "cache",
  "listing_formats",
  "s3api",
  "tempauth",
  "copy",
  "slo",
  "dlo",
  "proxy-logging",
  "proxy-server",
];
/** The pipeline's parts proxyConf gives settings to; the others are used as they are. */
const SET_UP_IN_PROXY_CONF = ["cache", "s3api", "tempauth", "proxy-server"];

/** Starts Swift (four servers) and memcached, and resolves once every one of them answers. */
export async function startSwift(): Promise<RunningSwift> {
  const folder = mkdtempSync(join(tmpdir(), "portal-swift-"));
  mkdirSync(join(folder, "srv/node/d1"), { recursive: true });
  const memcachedPort = freePort();
  const proxyPort = freePort();
  const backendPorts = { account: freePort(), container: freePort(), object: freePort() };
  writeFileSync(join(folder, "swift.conf"), swiftConf());
  writeFileSync(join(folder, "proxy-server.conf"), proxyConf(folder, proxyPort, memcachedPort));
  for (const name of BACKENDS) {
    writeFileSync(
      join(folder, `${name}-server.conf`),
      backendConf(folder, name, backendPorts[name]),
    );
  }

  // All at once: the proxy writes the rings itself, and needs memcached and the backends only
  // once requests come.
  const launched = [
    launch("memcached", [
      MEMCACHED,
      ...["-l", "127.0.0.1", "-p", String(memcachedPort), "-U", "0", "-m", "16"],
      // Required when running as root; the same user keeps the parent-death signal (see launch).
      ...["-u", userInfo().username],
    ]),
    ...BACKENDS.map((name) => launchServer(folder, name)),
    launchServer(
      folder,
      "proxy",
      BACKENDS.map((name) => backendPorts[name]),
    ),
  ];
  const stop = async () => {
    await Promise.all(launched.map(end));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(launched, [
      () => accepts(memcachedPort),
      ...[proxyPort, ...Object.values(backendPorts)].map(
        (port) => () => answersHealthcheck(`http://127.0.0.1:${port}`),
      ),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${proxyPort}`,
    region: REGION,
    accessKeyId: "test:tester",
    secretAccessKey: "testing",
    stop,
  };
}

function swiftConf(): string {
  return `[swift-hash]
swift_hash_path_suffix = portal-tests
swift_hash_path_prefix = portal-tests

[storage-policy:0]
name = Policy-0
default = yes
`;
}

/** What every server's config starts with: loopback only, no forked workers, paths in `folder`. */
function defaults(folder: string, port: number): string {
  return `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
swift_dir = ${folder}
devices = ${folder}/srv/node
mount_check = false
disable_fallocate = true
`;
}

function backendConf(folder: string, name: (typeof BACKENDS)[number], port: number): string {
  return `${defaults(folder, port)}
[pipeline:main]
pipeline = healthcheck ${name}-server

[app:${name}-server]
use = egg:swift#${name}

[filter:healthcheck]
use = egg:swift#healthcheck
`;
}

function proxyConf(folder: string, port: number, memcachedPort: number): string {
  const plainFilters = [...new Set(PROXY_PIPELINE)]
    .filter((name) => !SET_UP_IN_PROXY_CONF.includes(name))
    // The one entry point whose name differs from the filter's: egg:swift#proxy_logging.
    .map((name) => `[filter:${name}]\nuse = egg:swift#${name.replace("-", "_")}\n`);
  return `${defaults(folder, port)}
[pipeline:main]
pipeline = ${PROXY_PIPELINE.join(" ")}

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${memcachedPort}

[filter:s3api]
use = egg:swift#s3api
location = ${REGION}

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin

${plainFilters.join("\n")}`;
}

/** `backendPorts`, for the proxy only: it writes the rings from them (see swift_server.py). */
function launchServer(
  folder: string,
  name: "proxy" | (typeof BACKENDS)[number],
  backendPorts: number[] = [],
): Launched {
  const script = join(import.meta.dirname, "swift_server.py");
  const conf = join(folder, `${name}-server.conf`);
  return launch(name, [PYTHON, script, name, conf, ...backendPorts.map(String)]);
}

/** The processes' whole environment: none of the test process's but PATH. */
const SERVER_ENV: Record<string, string | undefined> = {
  PATH: process.env.PATH,
  // Without it eventlet waits on DNS timeouts when there is no network: 20 s more start-up.
  EVENTLET_NO_GREENDNS: "yes",
  // The standard library's distutils rather than setuptools' (which eventlet's import of it
  // brings in): each server then starts in half the CPU time.
  SETUPTOOLS_USE_DISTUTILS: "stdlib",
  // No __pycache__ beside swift_server.py in the checkout.
  PYTHONDONTWRITEBYTECODE: "1",
};

/**
 * Spawns `command` under `setpriv --pdeathsig KILL`, so the kernel kills it if the thread that
 * spawned it dies first (a crashed or killed test worker leaves nothing running).
 */
function launch(name: string, command: string[]): Launched {
  const child = spawn("setpriv", ["--pdeathsig", "KILL", "--", ...command], {
    env: SERVER_ENV as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const ended = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      output += `${error.message}\n`;
      resolve();
    });
  });
  return { name, child, output: () => output, ended };
}

function hasEnded(running: Launched): boolean {
  return running.child.exitCode !== null || running.child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if it is still running 5 s later. */
async function end(running: Launched): Promise<void> {
  if (hasEnded(running) || running.child.pid === undefined) return;
  running.child.kill("SIGTERM");
  const stubborn = setTimeout(() => running.child.kill("SIGKILL"), 5_000);
  await running.ended;
  clearTimeout(stubborn);
}

/** Polls `checks` until all pass; throws with every output if a process exits or time runs out. */
async function waitUntilUp(processes: Launched[], checks: Array<() => Promise<boolean>>) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let pending = checks;
  while (pending.length > 0) {
    const exited = processes.find(hasEnded);
    if (exited || Date.now() > deadline) {
      const reason = exited ? `${exited.name} exited` : `not up after ${START_TIMEOUT_MS} ms`;
      const outputs = processes.map((running) => `--- ${running.name}:\n${running.output()}`);
      throw new Error(`Swift did not start (${reason}):\n${outputs.join("\n")}`);
    }
    const passed = await Promise.all(pending.map((check) => check()));
    pending = pending.filter((_, index) => !passed[index]);
    if (pending.length > 0) await timeout(100);
  }
}

async function answersHealthcheck(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthcheck`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    // Not listening yet.
    return false;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function timeout(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
