// How old the client directory's copy may grow before a background sync: 30 s for a quick listing,
// 500 times a slow one's length, never more than ten minutes.
import { describe, expect, it } from "vitest";
import { freshFor } from "~/identity/directory.server";

describe("the directory's background sync", () => {
  it("waits 30 s after a quick listing", () => {
    expect(freshFor(0)).toBe(30_000);
    expect(freshFor(50)).toBe(30_000);
  });

  it("keeps a slow listing to a 500th of the time, and the lag to ten minutes", () => {
    expect(freshFor(100)).toBe(50_000);
    expect(freshFor(430)).toBe(215_000);
    expect(freshFor(1_500)).toBe(600_000);
  });
});
