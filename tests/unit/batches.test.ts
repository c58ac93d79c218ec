// Long lists in slices: every item once, in order, no slice over the size, none empty.
import { describe, expect, it } from "vitest";
import { batches } from "~/lib/batches";

describe("batches", () => {
  it("cuts a list into slices of at most the size, in order", () => {
    expect([...batches([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...batches([1, 2, 3, 4], 2)]).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect([...batches(["a"], 200)]).toEqual([["a"]]);
  });

  it("gives nothing for an empty list", () => {
    expect([...batches([], 3)]).toEqual([]);
  });
});
