// Pages next to the bare Remix page, loaded in turn in slices, the order rotating each round so
// drift hits all alike; each page's figure is the median of its slices (req/s, share of the bare
// page's, server CPU ms per request), with Chromium's Accept-Encoding (decision 023).
import { settings } from "./config.mjs";
import { problemsOf, runLoad } from "./load.mjs";
import { cpuMeter } from "./cpu.mjs";
import { median } from "./stats.mjs";

const BROWSER_ACCEPT_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };

function load(target, durationSeconds) {
  return runLoad({
    url: `${target.app.url}${target.path}`,
    connections: settings.shareConnections,
    durationSeconds,
    cookie: target.cookie,
    headers: BROWSER_ACCEPT_ENCODING,
  });
}

async function slice(target) {
  const cpu = cpuMeter(target.app);
  const result = await load(target, settings.shareSliceSeconds);
  const used = cpu(result.total);
  return {
    requestsPerSecond: result.total / result.durationSeconds,
    cpuMsPerRequest: used.msPerRequest,
    databaseCpuMsPerRequest: used.databaseMsPerRequest,
    problems: problemsOf(result),
  };
}

/**
 * `bare` serves the reference page at `/`; each target is `{ key, label, app, path, cookie? }`.
 * The bare page is the first row.
 */
export async function referenceShare(bare, targets) {
  const all = [{ key: "bare", label: "bare Remix page", app: bare, path: "/" }, ...targets];
  for (const target of all) await load(target, settings.warmupSeconds);
  const slices = new Map(all.map((target) => [target.key, []]));
  for (let round = 0; round < settings.shareSlices; round++) {
    const order = all.map((_, i) => all[(i + round) % all.length]);
    for (const target of order) slices.get(target.key).push(await slice(target));
  }
  const rows = all.map((target) => {
    const own = slices.get(target.key);
    const row = {
      key: target.key,
      label: target.label,
      path: target.path,
      requestsPerSecond: median(own.map((s) => s.requestsPerSecond)),
      sliceRequestsPerSecond: own.map((s) => s.requestsPerSecond),
      cpuMsPerRequest: median(own.map((s) => s.cpuMsPerRequest)),
      problems: own.reduce((sum, s) => sum + s.problems, 0),
    };
    if (target.app.databaseCpuSeconds)
      row.databaseCpuMsPerRequest = median(own.map((s) => s.databaseCpuMsPerRequest));
    return row;
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
