// Server load: runs autocannon in its own child process (load-worker.mjs) for one URL at a given
// connection count and returns requests/s and p50/p99 latency in ms.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { track } from "./processes.mjs";

const worker = fileURLToPath(new URL("./load-worker.mjs", import.meta.url));

/** `headers`: extra request headers, such as a browser's Accept-Encoding. */
export async function runLoad({ url, connections, durationSeconds, cookie, headers = {} }) {
  const options = {
    url,
    connections,
    duration: durationSeconds,
    headers: cookie ? { ...headers, cookie } : headers,
  };
  const child = track(
    spawn(process.execPath, [worker, JSON.stringify(options)], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env },
    }),
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const limit = setTimeout(() => child.kill("SIGKILL"), (durationSeconds + 30) * 1000);
  const code = await child.exited;
  clearTimeout(limit);
  if (code !== 0) throw new Error(`load worker for ${url} failed (${code}): ${stderr.trim()}`);
  return JSON.parse(stdout);
}
