// What the session check costs: /dashboard on the real build and on the check-skipped copy, in
// alternating short slices (A B A B …) so that drift and other work on the machine hit both alike.
import { settings } from "./config.mjs";
import { problemsOf, runLoad } from "./load.mjs";

async function slice(target, connections, cookie) {
  const cpuBefore = target.cpuSeconds();
  const result = await runLoad({
    url: `${target.url}/dashboard`,
    connections,
    durationSeconds: settings.sliceSeconds,
    cookie,
  });
  return {
    requests: result.total,
    seconds: result.durationSeconds,
    cpuSeconds: target.cpuSeconds() - cpuBefore,
    problems: problemsOf(result),
  };
}

function totals(slices) {
  const sum = (key) => slices.reduce((total, s) => total + s[key], 0);
  const requests = sum("requests");
  return {
    requestsPerSecond: requests / sum("seconds"),
    cpuMsPerRequest: requests > 0 ? (sum("cpuSeconds") * 1000) / requests : undefined,
    problems: sum("problems"),
    slices: slices.length,
  };
}

/** For each connection count: throughput and CPU per request with and without the check. */
export async function sessionCheckCost(app, skipApp, cookie) {
  const rows = [];
  for (const connections of settings.connections) {
    const withCheck = [];
    const skipped = [];
    for (let i = 0; i < settings.slices; i++) {
      // Alternate which goes first, so neither always follows the other's garbage collection.
      const order = i % 2 === 0 ? [app, skipApp] : [skipApp, app];
      for (const target of order)
        (target === app ? withCheck : skipped).push(await slice(target, connections, cookie));
    }
    // Each A/B pair's own estimate: their spread shows how much noise the run had.
    const pairCosts = withCheck.map(
      (w, i) => 1 - w.requests / w.seconds / (skipped[i].requests / skipped[i].seconds),
    );
    const a = totals(withCheck);
    const b = totals(skipped);
    rows.push({
      connections,
      withCheck: a.requestsPerSecond,
      skipped: b.requestsPerSecond,
      cost: 1 - a.requestsPerSecond / b.requestsPerSecond,
      cpuMsPerRequest: { withCheck: a.cpuMsPerRequest, skipped: b.cpuMsPerRequest },
      cpuCost: 1 - b.cpuMsPerRequest / a.cpuMsPerRequest,
      pairRange: [Math.min(...pairCosts), Math.max(...pairCosts)],
      slices: settings.slices,
      sliceSeconds: settings.sliceSeconds,
      problems: a.problems + b.problems,
    });
  }
  return rows;
}
