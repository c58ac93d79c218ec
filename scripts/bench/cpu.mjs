// CPU time from /proc: a process's, a process tree's (PostgreSQL and its backends), the whole
// machine's, and a meter that turns an app's CPU over a run into ms per request.
import { readFileSync } from "node:fs";

/** USER_HZ: 100 on every Linux architecture Node supports. */
const CLOCK_TICKS = 100;

/** A process's stat fields from the state field (3) on, so field n is at index n - 3. */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
}

/** CPU seconds (user + system) a process has used so far, from /proc; undefined off Linux. */
export function cpuSeconds(pid) {
  try {
    // Fields 14 and 15 of stat (utime, stime); in clock ticks.
    const fields = statFields(pid);
    return (fields[11] + fields[12]) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by a process and its children, the living (PostgreSQL's backends) and
 * the ended ones it has waited for (fields 16 and 17, cutime and cstime); undefined off Linux.
 */
export function treeCpuSeconds(pid) {
  try {
    const fields = statFields(pid);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(" ")
      .filter(Boolean);
    let ticks = fields[11] + fields[12] + fields[13] + fields[14];
    for (const child of children) {
      try {
        const own = statFields(child);
        ticks += own[11] + own[12];
      } catch {
        // Ended meanwhile: its time is in the parent's cutime once waited for.
      }
    }
    return ticks / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * Starts counting the CPU an app uses (its process, and `databaseCpuSeconds` when its database runs
 * apart); the returned function gives the seconds since, and the ms per request for `requests`.
 */
export function cpuMeter(app) {
  const server = app.cpuSeconds();
  const database = app.databaseCpuSeconds?.();
  return (requests) => {
    const used = { seconds: app.cpuSeconds() - server };
    if (database !== undefined) used.databaseSeconds = app.databaseCpuSeconds() - database;
    const perRequest = (seconds) => (requests > 0 ? (seconds * 1000) / requests : undefined);
    used.msPerRequest = perRequest(used.seconds);
    if (database !== undefined) used.databaseMsPerRequest = perRequest(used.databaseSeconds);
    return used;
  };
}

/** CPU seconds the whole machine has been busy (all CPUs, steal included), from /proc/stat. */
export function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    return (user + nice + system + irq + softirq + (steal ?? 0)) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
