// How old the client directory's copy may grow before a background sync: 30 s for a quick listing,
// a hundred times a slow one's length, never more than ten minutes.
import { describe, expect, it } from "vitest";
import { freshFor } from "~/identity/directory.server";

describe("the directory's background sync", () => {
  it("waits 30 s after a quick listing", () => {
    expect(freshFor(0)).toBe(30_000);
    expect(freshFor(250)).toBe(30_000);
  });

  it("keeps a slow listing to a hundredth of the time, and the lag to ten minutes", () => {
    expect(freshFor(1_000)).toBe(100_000);
    expect(freshFor(4_000)).toBe(400_000);
    expect(freshFor(30_000)).toBe(600_000);
  });
});
