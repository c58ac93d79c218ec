// Only same-origin paths survive as redirect targets.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/dashboard", "/dashboard/sprint-1?tab=tasks", "/"])("keeps %s", (path) => {
    expect(safeRedirect(path, "/fallback")).toBe(path);
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "dashboard",
    "/a/../../etc",
    "/x\u0000y",
    "",
    null,
    undefined,
  ])("rejects %j", (value) => {
    expect(safeRedirect(value, "/fallback", "https://portal.example")).toBe("/fallback");
  });

  it("turns an absolute URL on the site into its path", () => {
    expect(
      safeRedirect("https://portal.example/dashboard?x=1", "/", "https://portal.example"),
    ).toBe("/dashboard?x=1");
    expect(
      safeRedirect("https://portal.example.evil/dashboard", "/", "https://portal.example"),
    ).toBe("/");
  });
});
