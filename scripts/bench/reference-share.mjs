// The portal's pages next to the bare Remix page: the three are loaded in turn, in slices of
// `settings.shareSliceSeconds` at `settings.shareConnections` connections, the order rotating each
// round so drift and other work on the machine hit all alike. Each page's figure is the median of
// its slices: req/s, its share of the bare page's req/s, and server CPU ms per request. Requests
// carry Chromium's Accept-Encoding, so pages are compressed as a browser gets them.
import { settings } from "./config.mjs";
import { runLoad } from "./load.mjs";
import { median } from "./stats.mjs";

const BROWSER_ACCEPT_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };

async function slice(target) {
  const cpuBefore = target.app.cpuSeconds();
  const result = await runLoad({
    url: `${target.app.url}${target.path}`,
    connections: settings.shareConnections,
    durationSeconds: settings.shareSliceSeconds,
    cookie: target.cookie,
    headers: BROWSER_ACCEPT_ENCODING,
  });
  const cpu = target.app.cpuSeconds() - cpuBefore;
  return {
    requestsPerSecond: result.total / result.durationSeconds,
    cpuMsPerRequest: result.total > 0 ? (cpu * 1000) / result.total : undefined,
    problems: result.non2xx + result.errors + result.timeouts,
  };
}

/** `bare` serves the reference page at `/`; `app` is the portal, `cookie` a session for it. */
export async function referenceShare(bare, app, cookie) {
  const targets = [
    { key: "bare", label: "bare Remix page", app: bare, path: "/" },
    { key: "landing", label: "/ (visitor)", app, path: "/" },
    { key: "dashboard", label: "/dashboard (signed in)", app, path: "/dashboard", cookie },
  ];
  for (const target of targets) {
    await runLoad({
      url: `${target.app.url}${target.path}`,
      connections: settings.shareConnections,
      durationSeconds: settings.warmupSeconds,
      cookie: target.cookie,
      headers: BROWSER_ACCEPT_ENCODING,
    });
  }
  const slices = new Map(targets.map((target) => [target.key, []]));
  for (let round = 0; round < settings.shareSlices; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const target of order) slices.get(target.key).push(await slice(target));
  }
  const rows = targets.map((target) => {
    const own = slices.get(target.key);
    return {
      key: target.key,
      label: target.label,
      path: target.path,
      requestsPerSecond: median(own.map((s) => s.requestsPerSecond)),
      sliceRequestsPerSecond: own.map((s) => s.requestsPerSecond),
      cpuMsPerRequest: median(own.map((s) => s.cpuMsPerRequest)),
      problems: own.reduce((sum, s) => sum + s.problems, 0),
    };
  });
  const bareRate = rows[0].requestsPerSecond;
  for (const row of rows) row.shareOfBare = row.requestsPerSecond / bareRate;
  return {
    connections: settings.shareConnections,
    sliceSeconds: settings.shareSliceSeconds,
    slices: settings.shareSlices,
    rows,
  };
}
