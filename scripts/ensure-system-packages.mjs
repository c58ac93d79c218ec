// Makes sure the Debian programs the tests drive are present (Chromium, redis-server, PostgreSQL,
// Swift, Dovecot): each is found at its usual path or its env var, or installed with apt-get when
// running as root; otherwise the script says what to install and exits 1 (decision 001).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { CHROMIUM_PATH } from "./chromium.mjs";

/** Debian's PostgreSQL lives in /usr/lib/postgresql/<major>/bin; any major version will do. */
function postgresInitdb() {
  const root = "/usr/lib/postgresql";
  const found = existsSync(root)
    ? readdirSync(root)
        .map((major) => `${root}/${major}/bin/initdb`)
        .find((path) => existsSync(path))
    : undefined;
  return found ?? `${root}/<major>/bin/initdb`;
}

const programs = {
  chromium: {
    path: CHROMIUM_PATH,
    envVar: "CHROMIUM_PATH",
    packages: ["chromium", "fonts-liberation"],
  },
  redis: {
    path: process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server",
    envVar: "REDIS_SERVER_PATH",
    packages: ["redis-server"],
  },
  postgresql: {
    path: postgresInitdb(),
    packages: ["postgresql", "postgresql-contrib"],
  },
  swift: {
    path: "/usr/bin/swift-proxy-server",
    packages: [
      "swift",
      "swift-proxy",
      "swift-object",
      "swift-container",
      "swift-account",
      "memcached",
    ],
  },
  dovecot: {
    path: "/usr/sbin/dovecot",
    packages: ["dovecot-imapd"],
  },
};

/**
 * Usage: node scripts/ensure-system-packages.mjs chromium redis postgresql swift dovecot
 * Chromium for the end-to-end tests (Playwright never downloads a browser here), redis-server for
 * the shared rate-limit test, PostgreSQL (with pgcrypto) for the Supabase export test, OpenStack
 * Swift (its s3api, with memcached for its tempauth) as the real S3 server of the storage tests,
 * Dovecot as the real IMAP mailbox replies are polled from.
 */
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in programs));
if (unknown.length > 0 || wanted.length === 0) {
  console.error(`Usage: ensure-system-packages.mjs ${Object.keys(programs).join(" ")}`);
  process.exit(2);
}

const missing = wanted.map((name) => programs[name]).filter((program) => !existsSync(program.path));
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((program) => program.packages);
const isRoot = process.getuid?.() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  for (const program of missing) {
    console.error(
      `${program.path} was not found; install it${program.envVar ? ` or set ${program.envVar}` : ""}.`,
    );
  }
  console.error(`With Debian's packages: sudo apt-get install -y ${packages.join(" ")}`);
  process.exit(1);
}

console.log(`Installing from Debian's packages: ${packages.join(" ")}`);
const aptGet = (args) =>
  execFileSync("apt-get", args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
aptGet(["-q", "update"]);
aptGet(["-q", "install", "-y", "--no-install-recommends", ...packages]);
for (const program of missing) {
  const path = program === programs.postgresql ? postgresInitdb() : program.path;
  if (!existsSync(path)) {
    console.error(`apt-get finished but ${path} is still missing.`);
    process.exit(1);
  }
}
