// Child process of the bench: runs one autocannon measurement (options as JSON in argv[2]: url,
// connections, duration, headers, and for a form post method and body) and prints a JSON summary,
// so the load generator never shares an event loop with the bench or the server.
import { importTool } from "./deps.mjs";

const options = JSON.parse(process.argv[2] ?? "{}");
const { default: autocannon } = await importTool("autocannon");

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  method: options.method ?? "GET",
  body: options.body,
  headers: options.headers ?? {},
  timeout: 10,
});

process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    durationSeconds: result.duration,
    workerCpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  }),
);
