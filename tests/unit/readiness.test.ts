// The background readiness check: one check at a time, the previous answer standing while the next
// is under way, nothing checked after stop.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchReadiness } from "../../server/readiness";

/** A check whose answers the test gives, one call at a time. */
function heldCheck() {
  const pending: Array<(answer: string) => void> = [];
  return {
    check: () => new Promise<string>((resolve) => pending.push(resolve)),
    calls: () => pending.length,
    answer: (index: number, value: string) => pending[index]?.(value),
  };
}

describe("watchReadiness", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers the latest finished check, and starts the next only a pause after one finished", async () => {
    const held = heldCheck();
    const readiness = watchReadiness(held.check, 1_000);
    expect(held.calls()).toBe(1);
    held.answer(0, "ready");
    expect(await readiness.current()).toBe("ready");

    await vi.advanceTimersByTimeAsync(1_000);
    expect(held.calls()).toBe(2);
    // The second check hangs (a database that does not answer): the first answer stands, and no
    // third check piles up behind it.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.calls()).toBe(2);
    expect(await readiness.current()).toBe("ready");

    held.answer(1, "database unreachable");
    await vi.advanceTimersByTimeAsync(0);
    expect(await readiness.current()).toBe("database unreachable");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(held.calls()).toBe(3);
    readiness.stop();
  });

  it("checks nothing more once stopped, even when a check finishes after", async () => {
    const held = heldCheck();
    const readiness = watchReadiness(held.check, 1_000);
    held.answer(0, "ready");
    await vi.advanceTimersByTimeAsync(1_000);
    readiness.stop();
    held.answer(1, "ready");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(held.calls()).toBe(2);
  });
});
