// The server measurements: each endpoint (and the session-check-skipped /dashboard) at each
// connection count after a warm-up, with server CPU per request and auth-service calls under load.
import { countAuthCalls, logWindow } from "./auth-calls.mjs";
import { settings } from "./config.mjs";
import { runLoad } from "./load.mjs";
import { machineBusySeconds } from "./processes.mjs";

const SIGNED_IN_PATHS = ["/dashboard", "/dashboard/sprint-1"];
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

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
  for (const endpoint of endpoints) {
    await runLoad({
      url: `${endpoint.target.url}${endpoint.path}`,
      connections: settings.connections[0],
      durationSeconds: settings.warmupSeconds,
      cookie: endpoint.cookie,
    });
  }
  const runs = [];
  const underLoad = { calls: 0, views: 0, byPath: {} };
  for (const connections of settings.connections) {
    for (const endpoint of endpoints) {
      const window = logWindow(endpoint.target);
      const cpuBefore = endpoint.target.cpuSeconds();
      const busyBefore = machineBusySeconds();
      const wallBefore = performance.now();
      const result = await runLoad({
        url: `${endpoint.target.url}${endpoint.path}`,
        connections,
        durationSeconds: settings.durationSeconds,
        cookie: endpoint.cookie,
      });
      await settle();
      const cpu = endpoint.target.cpuSeconds() - cpuBefore;
      result.serverCpuMsPerRequest = result.total > 0 ? (cpu * 1000) / result.total : undefined;
      // CPU the rest of the machine used meanwhile, in CPUs: other people's work skews the run.
      const foreign = machineBusySeconds() - busyBefore - cpu - result.workerCpuSeconds;
      result.otherCpus = Math.max(0, foreign / ((performance.now() - wallBefore) / 1000));
      if (endpoint.target === app && endpoint.cookie) {
        const counted = countAuthCalls(window(), SIGNED_IN_PATHS);
        underLoad.calls += counted.calls;
        underLoad.views += counted.views;
        for (const [path, n] of Object.entries(counted.byPath))
          underLoad.byPath[path] = (underLoad.byPath[path] ?? 0) + n;
      }
      runs.push({
        key: endpoint.key,
        label: endpoint.label,
        path: endpoint.path,
        connections,
        ...result,
      });
    }
  }
  return { runs, underLoad };
}
