// Counts the app's calls to the auth service from the embedded auth server's per-request log lines
// (JSON, event "request", path under /auth/v1, no requestId) between two offsets of the app's log.
import { closeSync, openSync, readSync } from "node:fs";

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
