// A real S3 server for the storage tests and the bench: Debian's OpenStack Swift behind its s3api
// middleware (which checks signatures), tempauth's one user and memcached, from a new temp folder on
// the caller's free ports; the processes end with stop(), or with the process that started them.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** Debian's own python3: Swift is in its dist-packages (a pyenv python3 may come first on PATH). */
const PYTHON = "/usr/bin/python3";
const MEMCACHED = "/usr/bin/memcached";
const START_TIMEOUT_MS = 60_000;
const REGION = "us-east-1";
/** How much of each process's output is kept, for the error when Swift does not come up. */
const OUTPUT_KEPT = 10_000;

const BACKENDS = ["account", "container", "object"];
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

/**
 * Starts Swift (four servers) and memcached, and resolves once every one of them answers.
 * `freePort` gives each a port (the tests' allocator or the bench's; it may return a promise).
 */
export async function startSwift({ freePort }) {
  const folder = mkdtempSync(join(tmpdir(), "portal-swift-"));
  mkdirSync(join(folder, "srv/node/d1"), { recursive: true });
  const memcachedPort = await freePort();
  const proxyPort = await freePort();
  const backendPorts = {};
  for (const name of BACKENDS) backendPorts[name] = await freePort();
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

function swiftConf() {
  return `[swift-hash]
swift_hash_path_suffix = portal-tests
swift_hash_path_prefix = portal-tests

[storage-policy:0]
name = Policy-0
default = yes
`;
}

/** What every server's config starts with: loopback only, no forked workers, paths in `folder`. */
function defaults(folder, port) {
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

function backendConf(folder, name, port) {
  return `${defaults(folder, port)}
[pipeline:main]
pipeline = healthcheck ${name}-server

[app:${name}-server]
use = egg:swift#${name}

[filter:healthcheck]
use = egg:swift#healthcheck
`;
}

function proxyConf(folder, port, memcachedPort) {
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
function launchServer(folder, name, backendPorts = []) {
  const script = join(import.meta.dirname, "swift_server.py");
  const conf = join(folder, `${name}-server.conf`);
  return launch(name, [PYTHON, script, name, conf, ...backendPorts.map(String)]);
}

/** The processes' whole environment: none of the starting process's but PATH. */
const SERVER_ENV = {
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
 * spawned it dies first (a crashed or killed test worker or bench leaves nothing running). Returns
 * its name, child, kept output and `ended` (resolves once it has exited, or never started).
 */
function launch(name, command) {
  const child = spawn("setpriv", ["--pdeathsig", "KILL", "--", ...command], {
    env: SERVER_ENV,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const ended = new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", (error) => {
      output += `${error.message}\n`;
      resolve();
    });
  });
  return { name, child, output: () => output, ended };
}

function hasEnded(running) {
  return running.child.exitCode !== null || running.child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if it is still running 5 s later. */
async function end(running) {
  if (hasEnded(running) || running.child.pid === undefined) return;
  running.child.kill("SIGTERM");
  const stubborn = setTimeout(() => running.child.kill("SIGKILL"), 5_000);
  await running.ended;
  clearTimeout(stubborn);
}

/** Polls `checks` until all pass; throws with every output if a process exits or time runs out. */
async function waitUntilUp(processes, checks) {
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

async function answersHealthcheck(url) {
  try {
    const response = await fetch(`${url}/healthcheck`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    // Not listening yet.
    return false;
  }
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function timeout(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
