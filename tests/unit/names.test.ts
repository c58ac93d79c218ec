// How each reader names a client's people and the agency's: a client "You" for their own and a
// colleague by the name they go by (their address's local part until given), never an agency
// address; staff "Dana Whitfield · Northwind", or the address while neither name is given.
import { describe, expect, it } from "vitest";
import type { AccountBook, StoredFile, StoredHandIn, StoredMessage } from "~/data/shapes";
import { personName, shownFiles, shownHandIns, shownMessages } from "~/people/names";

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
  form: null,
});

const message = (authorEmail: string, authorRole: "client" | "staff"): StoredMessage => ({
  id: 1,
  authorEmail,
  authorRole,
  body: "Hello",
  files: [],
  internal: false,
  at: 0,
  taskId: null,
});

const northwind: AccountBook = {
  company: "Northwind",
  names: new Map([
    ["dana@northwind.test", "Dana Whitfield"],
    ["sam@northwind.test", null],
  ]),
  agency: new Map([["grace@agency.test", "Grace Hopper"]]),
};

describe("who shared, handed in or wrote, as each reader reads it", () => {
  const dana = { email: "dana@northwind.test", role: "client" as const, book: northwind };
  const staff = { email: "ada@agency.test", role: "staff" as const, book: northwind };
  const files = [
    file("dana@northwind.test", "client"),
    file("sam@northwind.test", "client"),
    file("ada@agency.test", "staff"),
  ];

  it("names a client's own as 'You', a colleague by name, the agency's as 'Agency'", () => {
    expect(shownFiles(files, dana).map((shown) => shown.sharedBy)).toEqual([
      "You",
      "sam",
      "Agency",
    ]);
    const sam = { email: "sam@northwind.test", role: "client" as const, book: northwind };
    const versions = shownHandIns(
      [handIn("dana@northwind.test"), handIn("sam@northwind.test")],
      sam,
    );
    expect(versions.map((shown) => [shown.submittedBy, shown.reviewer])).toEqual([
      ["Dana Whitfield", "Agency"],
      ["You", "Agency"],
    ]);
    const thread = [
      message("dana@northwind.test", "client"),
      message("ada@agency.test", "staff"),
      message("grace@agency.test", "staff"),
    ];
    // A staff member is read by the name they gave, else as the agency's with their address's start.
    expect(shownMessages(thread, sam).map((shown) => shown.author)).toEqual([
      "Dana Whitfield",
      "Agency · ada",
      "Grace Hopper · Agency",
    ]);
  });

  it("names a client's people for staff with their company, and staff by address", () => {
    expect(shownFiles(files, staff).map((shown) => shown.sharedBy)).toEqual([
      "Dana Whitfield · Northwind",
      "sam · Northwind",
      "ada@agency.test",
    ]);
    expect(shownHandIns([handIn("dana@northwind.test")], staff)[0]?.submittedBy).toBe(
      "Dana Whitfield · Northwind",
    );
    const thread = [message("sam@northwind.test", "client"), message("ada@agency.test", "staff")];
    expect(shownMessages(thread, staff).map((shown) => shown.author)).toEqual([
      "sam · Northwind",
      "You",
    ]);
  });

  it("names a client by address for staff while neither name is given, a client's marked so", () => {
    const unnamed = { ...staff, book: { company: null, names: new Map(), agency: new Map() } };
    expect(shownFiles(files, unnamed).map((shown) => shown.sharedBy)).toEqual([
      "dana@northwind.test (client)",
      "sam@northwind.test (client)",
      "ada@agency.test",
    ]);
    expect(shownHandIns([handIn("sam@northwind.test")], unnamed)[0]?.submittedBy).toBe(
      "sam@northwind.test",
    );
  });

  it("takes a person's own name, else their address's local part", () => {
    expect(personName("dana@northwind.test", "Dana Whitfield")).toBe("Dana Whitfield");
    expect(personName("dana@northwind.test", null)).toBe("dana");
    expect(personName("dana@northwind.test", "")).toBe("dana");
  });
});
