// A throwaway PostgreSQL server from Debian's package, for tests and the end-to-end servers: initdb
// in a temp folder, started with pg_ctl on a given port with a private socket folder (no TCP), run
// as the `postgres` user when running as root (PostgreSQL refuses to run as root).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Debian installs each major version under /usr/lib/postgresql/<major>/bin; the newest wins. */
export function postgresBinDir() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      "PostgreSQL was not found under /usr/lib/postgresql: run node scripts/ensure-system-packages.mjs postgresql",
    );
  }
  return join(root, versions[0], "bin");
}

/**
 * Starts a new cluster on `port`. Returns its connection string (the `postgres` database, over the
 * server's socket), `psql(args, input)` (unaligned, tuples only), the server's process id and
 * `stop()`, which deletes it.
 */
export function startPostgres(port) {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "portal-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const asPostgres = process.getuid?.() === 0;
  const run = (program, args, input = "") =>
    execFileSync(
      asPostgres ? "runuser" : join(bin, program),
      asPostgres ? ["-u", "postgres", "--", join(bin, program), ...args] : args,
      { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"], cwd: dir },
    );
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "server.log"),
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=''`,
    "start",
  ]);
  const psql = (args, input) =>
    run(
      "psql",
      [
        "-h",
        dir,
        "-p",
        String(port),
        "-U",
        "postgres",
        "-X",
        "-A",
        "-t",
        "-v",
        "ON_ERROR_STOP=1",
        ...args,
      ],
      input,
    );
  return {
    url: `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    psql,
    // The first line of postmaster.pid: the server process, parent of every backend.
    pid: Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
