// The server measurements: endpoints under fixed-time load at each connection count after a
// warm-up, with server CPU per request and the CPU other work on the machine used meanwhile; for
// the portal's own pages (and the session-check-skipped /dashboard), auth-service calls under load.
import { countAuthCalls, logWindow } from "./auth-calls.mjs";
import { settings } from "./config.mjs";
import { runLoad } from "./load.mjs";
import { cpuMeter, machineBusySeconds } from "./cpu.mjs";

const SIGNED_IN_PATHS = ["/dashboard", "/dashboard/sprint-1"];
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

/** One endpoint's load: `{ key, label, target, path, cookie?, method?, body?, headers?, expectStatus? }`. */
function load(endpoint, connections, durationSeconds) {
  return runLoad({
    url: `${endpoint.target.url}${endpoint.path}`,
    connections,
    durationSeconds,
    cookie: endpoint.cookie,
    headers: endpoint.headers,
    method: endpoint.method,
    body: endpoint.body,
    expectStatus: endpoint.expectStatus,
  });
}

/**
 * Each endpoint warmed up (at the first connection count), then loaded for `settings.durationSeconds`
 * at each count. `observe(endpoint)`, when given, is called before each run and returns a function
 * that gets the run once it is over (to read the app's log over the run's window).
 */
export async function measureEndpoints(
  endpoints,
  { connections = settings.connections, observe } = {},
) {
  for (const endpoint of endpoints) await load(endpoint, connections[0], settings.warmupSeconds);
  const runs = [];
  for (const count of connections) {
    for (const endpoint of endpoints) {
      const observed = observe?.(endpoint);
      const cpu = cpuMeter(endpoint.target);
      const busyBefore = machineBusySeconds();
      const wallBefore = performance.now();
      const result = await load(endpoint, count, settings.durationSeconds);
      await settle();
      const used = cpu(result.total);
      result.serverCpuMsPerRequest = used.msPerRequest;
      if (used.databaseMsPerRequest !== undefined)
        result.databaseCpuMsPerRequest = used.databaseMsPerRequest;
      // CPU the rest of the machine used meanwhile, in CPUs: other people's work skews the run.
      const foreign = machineBusySeconds() - busyBefore - used.seconds - result.workerCpuSeconds;
      result.otherCpus = Math.max(0, foreign / ((performance.now() - wallBefore) / 1000));
      const run = {
        key: endpoint.key,
        label: endpoint.label,
        path: endpoint.path,
        connections: count,
        expectStatus: endpoint.expectStatus,
        ...result,
      };
      observed?.(run);
      runs.push(run);
    }
  }
  return runs;
}

/** `app` and `skipApp` are running; `cookie` is a valid session for both. */
export async function measureServer(app, skipApp, cookie) {
  const endpoints = [
    { key: "healthz", label: "GET /healthz (floor)", target: app, path: "/healthz" },
    { key: "landing", label: "GET / (visitor)", target: app, path: "/" },
    { key: "dashboard", label: "GET /dashboard", target: app, path: "/dashboard", cookie },
    {
      key: "dashboard-skip",
      label: "GET /dashboard, session check skipped",
      target: skipApp,
      path: "/dashboard",
      cookie,
    },
    {
      key: "sprint-1",
      label: "GET /dashboard/sprint-1",
      target: app,
      path: "/dashboard/sprint-1",
      cookie,
    },
  ];
  const underLoad = { calls: 0, views: 0, byPath: {} };
  const observe = (endpoint) => {
    if (endpoint.target !== app || !endpoint.cookie) return undefined;
    const window = logWindow(app);
    return () => {
      const counted = countAuthCalls(window(), SIGNED_IN_PATHS);
      underLoad.calls += counted.calls;
      underLoad.views += counted.views;
      for (const [path, n] of Object.entries(counted.byPath))
        underLoad.byPath[path] = (underLoad.byPath[path] ?? 0) + n;
    };
  };
  const runs = await measureEndpoints(endpoints, { observe });
  return { runs, underLoad };
}
