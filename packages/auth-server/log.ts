// Structured logging: one JSON object per line; the sink is configurable (or off) for tests.
export type LogLevel = "info" | "warn" | "error";

export interface LogRecord {
  time: string;
  level: LogLevel;
  event: string;
  [field: string]: unknown;
}

/** Receives every log record; `log: false` in the config drops them all. */
export type AuthLogger = (record: LogRecord) => void;

/** Writes JSON lines: info/warn on stdout, errors on stderr. */
export const consoleLogger: AuthLogger = (record) => {
  const line = `${JSON.stringify(record)}\n`;
  if (record.level === "error") process.stderr.write(line);
  else process.stdout.write(line);
};

export type Log = (level: LogLevel, event: string, fields?: Record<string, unknown>) => void;

/** Binds a sink (or none) and a clock into a simple `log(level, event, fields)` function. */
export function createLog(sink: false | AuthLogger, now: () => number): Log {
  if (sink === false) return () => {};
  return (level, event, fields = {}) =>
    sink({ time: new Date(now()).toISOString(), level, event, ...fields });
}
