// Console output as log lines: one line per message (first line, then the rest folded and cut), a
// message repeated within a minute written a few times and then counted, all messages together
// capped too, and the count reported in one summary line when the minute ends.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ConsoleLines,
  LINES_PER_WINDOW,
  REPEATS_PER_WINDOW,
  WINDOW_MS,
} from "../../server/console-log";

type Line = { level: string; event: string; fields: Record<string, unknown> };

function collect() {
  const lines: Line[] = [];
  const consoleLines = new ConsoleLines((level, event, fields) =>
    lines.push({ level, event, fields }),
  );
  return { lines, consoleLines };
}

describe("console lines", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes a stack trace as its first line and the rest folded onto one line", () => {
    const { lines, consoleLines } = collect();
    const error = new Error("boom");
    consoleLines.add("error", `${error.stack}\n`);
    expect(lines).toHaveLength(1);
    const [{ level, event, fields }] = lines as [Line];
    expect([level, event, fields.message]).toEqual(["error", "console", "Error: boom"]);
    expect(fields.detail).toMatch(/^at /);
    expect(fields.detail).not.toContain("\n");
  });

  it("names an error Node printed without its stack as the error itself", () => {
    const { lines, consoleLines } = collect();
    consoleLines.add(
      "error",
      "[TypeError: fetch failed] {\n  [cause]: Error: connect ECONNREFUSED\n}\n",
    );
    consoleLines.add("info", "[not an error] {\n}\n");
    expect(lines.map((line) => line.fields.message)).toEqual([
      "TypeError: fetch failed",
      "[not an error] {",
    ]);
    expect(lines[0]?.fields.detail).toContain("ECONNREFUSED");
  });

  it("cuts a huge message and its detail short", () => {
    const { lines, consoleLines } = collect();
    consoleLines.add("info", `${"a".repeat(10_000)}\n${"b\n".repeat(10_000)}`);
    const fields = lines[0]?.fields ?? {};
    expect(String(fields.message).length).toBeLessThanOrEqual(500);
    expect(String(fields.detail).length).toBeLessThanOrEqual(2_000);
  });

  it("writes a repeated message a few times a minute, then reports the rest once", () => {
    const { lines, consoleLines } = collect();
    for (let i = 0; i < 500; i++) consoleLines.add("error", `Error: same\n    at x (y:${i}:1)\n`);
    expect(lines).toHaveLength(REPEATS_PER_WINDOW);

    vi.advanceTimersByTime(WINDOW_MS);
    const summary = lines.slice(REPEATS_PER_WINDOW);
    expect(summary).toHaveLength(1);
    expect(summary[0]?.event).toBe("console_suppressed");
    expect(summary[0]?.fields.count).toBe(500 - REPEATS_PER_WINDOW);
    expect(summary[0]?.fields.messages).toEqual([
      { message: "Error: same", count: 500 - REPEATS_PER_WINDOW },
    ]);

    // A new minute: the message is written again.
    consoleLines.add("error", "Error: same\n");
    expect(lines).toHaveLength(REPEATS_PER_WINDOW + 2);
    expect(lines.at(-1)?.event).toBe("console");
  });

  it("caps all messages together, so messages that differ by a path cannot flood either", () => {
    const { lines, consoleLines } = collect();
    for (let i = 0; i < 5 * LINES_PER_WINDOW; i++) consoleLines.add("error", `Error: /page-${i}`);
    expect(lines).toHaveLength(LINES_PER_WINDOW);
    consoleLines.flush();
    expect(lines.at(-1)?.event).toBe("console_suppressed");
    expect(lines.at(-1)?.fields.count).toBe(4 * LINES_PER_WINDOW);
  });

  it("writes no summary when nothing was left out", () => {
    const { lines, consoleLines } = collect();
    consoleLines.add("warn", "once");
    vi.advanceTimersByTime(2 * WINDOW_MS);
    consoleLines.flush();
    expect(lines.map((line) => line.event)).toEqual(["console"]);
  });
});
