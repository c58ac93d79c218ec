// Counts the app's calls to the auth service from the embedded auth server's per-request log lines
// (JSON, event "request", path under /auth/v1, no requestId) between two offsets of the app's log,
// over load runs or over sequential views made for the count.
import { closeSync, openSync, readSync } from "node:fs";
import { expect200 } from "./session.mjs";

export function readLogLines(logFile, from, to) {
  const length = to - from;
  if (length <= 0) return [];
  const buffer = Buffer.alloc(length);
  const fd = openSync(logFile, "r");
  try {
    readSync(fd, buffer, 0, length, from);
  } finally {
    closeSync(fd);
  }
  const records = [];
  for (const line of buffer.toString("utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      // A line cut at an offset boundary: not a whole record.
    }
  }
  return records;
}

const isAuthCall = (record) =>
  record.event === "request" &&
  record.requestId === undefined &&
  typeof record.path === "string" &&
  record.path.startsWith("/auth/v1/");

const isAppRequest = (record) => record.event === "request" && record.requestId !== undefined;

/** Auth-service calls and app page views (status 200 on the given paths) in a log window. */
export function countAuthCalls(records, pagePaths) {
  const calls = records.filter(isAuthCall);
  const byPath = {};
  for (const call of calls) byPath[call.path] = (byPath[call.path] ?? 0) + 1;
  const views = records.filter(
    (record) => isAppRequest(record) && record.status === 200 && pagePaths.includes(record.path),
  ).length;
  return { calls: calls.length, views, byPath, durations: calls.map((call) => call.ms) };
}

/** Starts a window on an app's log; the returned function reads the records logged since. */
export function logWindow(app) {
  const from = app.logSize();
  return () => readLogLines(app.logFile, from, app.logSize());
}

/**
 * Sequential signed-in views of `paths` (in turn) after a warm-up of five each: auth-service calls
 * in steady state, no view left in flight when the window closes.
 */
export async function sequentialAuthCalls(app, cookie, paths, views) {
  for (const path of paths) for (let i = 0; i < 5; i++) await expect200(app.url + path, cookie);
  const window = logWindow(app);
  for (let i = 0; i < views; i++) await expect200(app.url + paths[i % paths.length], cookie);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return countAuthCalls(
    window(),
    paths.map((path) => new URL(path, app.url).pathname),
  );
}
