// Every console.* call of the process (Remix's stack traces, auth-js's error dumps, Node's warnings)
// as one structured log line, so the log stays one JSON object per line; a message anyone can
// trigger at will is written a few times a minute, then counted, and the count reported once.
import { Console } from "node:console";
import { Writable } from "node:stream";
import { log, type LogLevel } from "../app/lib/log.server";

/** Copies of one message (by its first line) written per minute; later ones are counted. */
export const REPEATS_PER_WINDOW = 10;
/** Console lines of all messages together per minute (messages that differ, e.g. by a path). */
export const LINES_PER_WINDOW = 100;
export const WINDOW_MS = 60_000;
const MESSAGE_CHARS = 500;
const DETAIL_CHARS = 2_000;
/** The most repeated messages named in a summary. */
const SUMMARY_MESSAGES = 5;

type Write = (level: LogLevel, event: string, fields: Record<string, unknown>) => void;

/** An error Node printed without its stack (`[TypeError: fetch failed] {`) as its own line. */
function plainErrorLine(line: string): string {
  return /^\[(\w*Error(?:: .*)?)\](?: \{)?$/.exec(line)?.[1] ?? line;
}

/**
 * Turns console output into log lines: `message` is the first line, `detail` the rest with its
 * line breaks folded into " | ", each cut short. Within a window of WINDOW_MS, a message is written
 * at most REPEATS_PER_WINDOW times and all messages together LINES_PER_WINDOW times; what is left
 * out is counted and reported in one `console_suppressed` line when the window ends or on flush().
 */
export class ConsoleLines {
  private windowStart = Date.now();
  private written = 0;
  private suppressed = 0;
  private readonly messages = new Map<
    string,
    { message: string; written: number; suppressed: number }
  >();
  private summaryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly write: Write = log) {}

  add(level: LogLevel, text: string): void {
    if (Date.now() - this.windowStart >= WINDOW_MS) this.flush();
    const [first = "", ...rest] = text.trimEnd().split("\n");
    const message = plainErrorLine(first.trim()).slice(0, MESSAGE_CHARS);
    const key = `${level} ${message}`;
    let counts = this.messages.get(key);
    if (counts === undefined && this.written < LINES_PER_WINDOW) {
      counts = { message, written: 0, suppressed: 0 };
      this.messages.set(key, counts);
    }
    if (counts && counts.written < REPEATS_PER_WINDOW && this.written < LINES_PER_WINDOW) {
      counts.written += 1;
      this.written += 1;
      const detail = rest
        .map((line) => line.trim())
        .filter((line) => line !== "")
        .join(" | ")
        .slice(0, DETAIL_CHARS);
      this.write(level, "console", detail === "" ? { message } : { message, detail });
      return;
    }
    if (counts) counts.suppressed += 1;
    this.suppressed += 1;
    this.summaryTimer ??= setTimeout(
      () => this.flush(),
      this.windowStart + WINDOW_MS - Date.now(),
    ).unref();
  }

  /** Reports what this window left out (if anything) and starts a new window. */
  flush(): void {
    clearTimeout(this.summaryTimer);
    this.summaryTimer = undefined;
    if (this.suppressed > 0) {
      const top = [...this.messages.values()]
        .filter((counts) => counts.suppressed > 0)
        .sort((a, b) => b.suppressed - a.suppressed)
        .slice(0, SUMMARY_MESSAGES)
        .map(({ message, suppressed }) => ({ message, count: suppressed }));
      this.write("warn", "console_suppressed", {
        count: this.suppressed,
        seconds: Math.round((Date.now() - this.windowStart) / 1000),
        messages: top,
      });
    }
    this.windowStart = Date.now();
    this.written = 0;
    this.suppressed = 0;
    this.messages.clear();
  }
}

/**
 * Points every method of the global console at `lines`: what goes to stdout (log, info, debug,
 * table…) at level info, console.warn at warn, what goes to stderr (error, trace, assert) at error.
 */
export function routeConsoleToLog(lines = new ConsoleLines()): ConsoleLines {
  const sink = (level: LogLevel) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.add(level, chunk.toString());
        done();
      },
    });
  const routed = new Console({ stdout: sink("info"), stderr: sink("error"), colorMode: false });
  const warnings = new Console({ stdout: sink("warn"), stderr: sink("warn"), colorMode: false });
  const global = console as unknown as Record<string, unknown>;
  for (const [name, method] of Object.entries(routed)) {
    if (typeof method === "function") global[name] = method;
  }
  console.warn = warnings.warn;
  return lines;
}
