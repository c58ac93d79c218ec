// Server load: runs autocannon in its own child process (load-worker.mjs) for one request (a GET, or
// a form post) at a given connection count and returns requests/s, p50/p99 latency in ms, and how
// many answers were not the status expected.
import { fileURLToPath } from "node:url";
import { runJsonChild } from "./processes.mjs";

const worker = fileURLToPath(new URL("./load-worker.mjs", import.meta.url));

/** Answers whose status is not `expectStatus` (any 2xx when it is unset). */
function unexpectedAnswers(statusCodes, expectStatus) {
  const fits = (code) =>
    expectStatus === undefined ? code >= 200 && code < 300 : code === expectStatus;
  return Object.entries(statusCodes ?? {})
    .filter(([code]) => !fits(Number(code)))
    .reduce((sum, [, stats]) => sum + stats.count, 0);
}

/**
 * `headers`: extra request headers, such as a browser's Accept-Encoding. `method` and `body` send a
 * form post instead of a GET; `expectStatus` is the one status that counts as a good answer (a post
 * answered by a redirect), otherwise any 2xx does.
 */
export async function runLoad({
  url,
  connections,
  durationSeconds,
  cookie,
  headers = {},
  method,
  body,
  expectStatus,
}) {
  const options = {
    url,
    connections,
    duration: durationSeconds,
    method,
    body,
    headers: cookie ? { ...headers, cookie } : headers,
  };
  const result = await runJsonChild(worker, [JSON.stringify(options)], {
    name: `load worker for ${url}`,
    timeoutMs: (durationSeconds + 30) * 1000,
  });
  result.unexpected = unexpectedAnswers(result.statusCodes, expectStatus);
  return result;
}

/** Answers that were not the one expected, plus errors and timeouts: a run that measured something else. */
export const problemsOf = (result) => result.unexpected + result.errors + result.timeouts;
