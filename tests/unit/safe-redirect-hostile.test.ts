// Hostile `next` values: safeRedirect never throws, and whatever it returns is a same-site path
// that can be sent as a Location header.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

const SITE = "https://portal.example";

const HOSTILE = [
  "/\u2028//x",
  decodeURIComponent("/%E2%80%A8//x"),
  "/%E2%80%A8//x",
  "/\u2029/evil.example",
  "/\ud800",
  "/\udfff//evil",
  "/\u00a0//evil.example",
  "/\ufeff//evil.example",
  "/\u3000evil",
  "/dashboard\u{1F600}",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/\t/evil.example",
  "/ /evil.example",
  "%",
  "/%",
  "/%zz",
  "https://portal.example/\u2028x",
  "https://portal.example:99999/",
  "https://[::1",
  "/" + "a".repeat(5000),
  "/?next=" + "%".repeat(100),
];

describe("safeRedirect with hostile values", () => {
  it.each(HOSTILE)("returns a same-site ASCII path for %j", (value) => {
    let result = "";
    expect(() => (result = safeRedirect(value, "/fallback", SITE))).not.toThrow();
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    expect(result.startsWith("/\\")).toBe(false);
    // Valid as a header value (a Headers object refuses anything but bytes).
    expect(() => new Headers({ Location: result })).not.toThrow();
    expect(new URL(result, SITE).origin).toBe(SITE);
  });

  it("keeps a path with a non-ASCII character, percent-encoded", () => {
    expect(safeRedirect("/dashboard?q=caf\u00e9", "/fallback", SITE)).toBe(
      "/dashboard?q=caf%C3%A9",
    );
  });
});
