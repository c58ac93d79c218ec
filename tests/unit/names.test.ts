// How each reader names who shared a file or handed work in: a client "You" for their own and a
// colleague's address for theirs, never an agency address; staff every address.
import { describe, expect, it } from "vitest";
import type { StoredFile, StoredHandIn } from "~/data/shapes";
import { shownFiles, shownHandIns } from "~/people/names";

const file = (sharedByEmail: string, sharedByRole: "client" | "staff"): StoredFile => ({
  id: sharedByEmail,
  name: "brief.pdf",
  bytes: 1,
  note: "",
  sharedByEmail,
  sharedByRole,
  at: 0,
  contentType: "application/pdf",
});

const handIn = (submittedByEmail: string): StoredHandIn => ({
  id: 1,
  taskId: "vsl-alchemist",
  version: 1,
  link: "",
  note: "",
  submittedByEmail,
  at: 0,
  status: "approved",
  reviewerEmail: "ada@agency.test",
  reviewComment: null,
  reviewedAt: 1,
  files: [],
});

describe("who shared or handed in, as each reader reads it", () => {
  const dana = { email: "dana@northwind.test", role: "client" as const };
  const staff = { email: "ada@agency.test", role: "staff" as const };
  const files = [
    file("dana@northwind.test", "client"),
    file("sam@northwind.test", "client"),
    file("ada@agency.test", "staff"),
  ];

  it("names a client's own as 'You', a colleague's by address, the agency's as 'Agency'", () => {
    expect(shownFiles(files, dana).map((shown) => shown.sharedBy)).toEqual([
      "You",
      "sam@northwind.test",
      "Agency",
    ]);
    const versions = shownHandIns(
      [handIn("dana@northwind.test"), handIn("sam@northwind.test")],
      dana,
    );
    expect(versions.map((shown) => [shown.submittedBy, shown.reviewer])).toEqual([
      ["You", "Agency"],
      ["sam@northwind.test", "Agency"],
    ]);
  });

  it("names every person by address for staff, a client's marked so", () => {
    expect(shownFiles(files, staff).map((shown) => shown.sharedBy)).toEqual([
      "dana@northwind.test (client)",
      "sam@northwind.test (client)",
      "ada@agency.test",
    ]);
    expect(shownHandIns([handIn("sam@northwind.test")], staff)[0]?.submittedBy).toBe(
      "sam@northwind.test",
    );
  });
});
