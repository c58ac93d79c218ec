// Throwaway PostgreSQL servers from Debian's package, for tests and the end-to-end servers: initdb in
// a temp folder, started with pg_ctl on a given port with a private socket folder (no TCP); and
// databases made on a running one.
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

/** Runs a PostgreSQL program as the `postgres` user when running as root (it refuses root). */
function runner(bin, dir) {
  const asPostgres = process.getuid?.() === 0;
  return (program, args, input = "") =>
    execFileSync(
      asPostgres ? "runuser" : join(bin, program),
      asPostgres ? ["-u", "postgres", "--", join(bin, program), ...args] : args,
      { encoding: "utf8", input, stdio: ["pipe", "pipe", "pipe"], cwd: dir },
    );
}

/**
 * A running cluster (its socket folder and port, as `startPostgres` reports them in `where`):
 * a connection string for `database`, psql against it (unaligned, tuples only), and a new empty
 * database beside it.
 */
export function attachPostgres({ dir, port }, database = "postgres") {
  const run = runner(postgresBinDir(), dir);
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
        "-d",
        database,
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
    url: `postgresql://postgres@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`,
    where: { dir, port },
    psql,
    /** Creates database `name` on the same cluster and returns it, attached. */
    createDatabase(name) {
      psql(["-c", `CREATE DATABASE ${name}`]);
      return attachPostgres({ dir, port }, name);
    },
  };
}

/**
 * Starts a new cluster on `port`. Returns what `attachPostgres` does for its `postgres` database,
 * the server's process id, `halt()` and `resume()` (an outage and its end, the data kept) and
 * `stop()`, which deletes it.
 */
export function startPostgres(port) {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "portal-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const run = runner(bin, dir);
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const start = () =>
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
  start();
  return {
    ...attachPostgres({ dir, port }),
    // The first line of postmaster.pid: the server process, parent of every backend.
    pid: Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    halt() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    resume: start,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
