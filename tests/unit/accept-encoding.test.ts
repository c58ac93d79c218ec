// Content negotiation for compressed assets and pages: how Accept-Encoding (with q-values, `*` and
// refusals) picks brotli, gzip or the file as it is.
import { describe, expect, it } from "vitest";
import { chooseEncoding, parseAcceptEncoding } from "../../app/delivery/accept-encoding";

const BOTH = ["br", "gzip", "identity"] as const;
const choose = (header: string | undefined, available = [...BOTH]) =>
  chooseEncoding(header, available);

describe("parseAcceptEncoding", () => {
  it("reads codings with their q-values, lower-cased, defaulting to 1", () => {
    expect(parseAcceptEncoding("gzip, BR;q=0.8, deflate ; q=0")).toEqual(
      new Map([
        ["gzip", 1],
        ["br", 0.8],
        ["deflate", 0],
      ]),
    );
  });

  it("treats a malformed q-value as a refusal and skips empty entries", () => {
    expect(parseAcceptEncoding("br;q=2, gzip;q=abc, , identity;q=0.5")).toEqual(
      new Map([
        ["br", 0],
        ["gzip", 0],
        ["identity", 0.5],
      ]),
    );
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli when a browser offers it (Chromium's header)", () => {
    expect(choose("gzip, deflate, br, zstd")).toBe("br");
  });

  it("sends gzip when brotli is not offered or refused with q=0", () => {
    expect(choose("gzip, deflate")).toBe("gzip");
    expect(choose("br;q=0, gzip")).toBe("gzip");
  });

  it("sends the file as it is when both are refused, or with no header at all", () => {
    expect(choose("identity")).toBe("identity");
    expect(choose("br;q=0, gzip;q=0")).toBe("identity");
    expect(choose("deflate")).toBe("identity");
    expect(choose(undefined)).toBe("identity");
    expect(choose("")).toBe("identity");
  });

  it("follows the client's q-values over the server's preference", () => {
    expect(choose("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(choose("br;q=0.1, identity;q=0.5")).toBe("identity");
    expect(choose("gzip;q=0.2")).toBe("gzip");
  });

  it("gives codings the header does not name the q of *", () => {
    expect(choose("*")).toBe("br");
    expect(choose("br;q=0, *;q=0.5")).toBe("gzip");
    expect(choose("*;q=0")).toBe("identity");
  });

  it("accepts x-gzip as gzip", () => {
    expect(choose("x-gzip")).toBe("gzip");
  });

  it("only picks encodings the file has a copy in", () => {
    expect(choose("br, gzip", ["gzip", "identity"])).toBe("gzip");
    expect(choose("br", ["gzip", "identity"])).toBe("identity");
  });
});
