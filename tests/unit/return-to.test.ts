// The page a visitor returns to after signing in: only the signed-in area's own paths are kept,
// and a user only lands in their own area.
import { describe, expect, it } from "vitest";
import { landingAfterSignIn, returnToPath, withReturnTo } from "~/lib/return-to";

describe("returnToPath", () => {
  it("keeps the dashboard's and the console's pages", () => {
    expect(returnToPath("/dashboard")).toBe("/dashboard");
    expect(returnToPath("/dashboard/sprint-2")).toBe("/dashboard/sprint-2");
    expect(returnToPath("/dashboard?sidebar=open")).toBe("/dashboard?sidebar=open");
    expect(returnToPath("/staff/clients/abc")).toBe("/staff/clients/abc");
  });

  it("drops anything else", () => {
    for (const value of [
      null,
      undefined,
      "",
      "/",
      "/sign-in",
      "/dashboardx",
      "//evil.example/dashboard",
      "https://evil.example/dashboard",
      "/dashboard/../sign-in",
      "/\\evil.example",
      "/dashboard\u0000",
      `/dashboard/${"a".repeat(3000)}`,
    ]) {
      expect(returnToPath(value)).toBeNull();
    }
  });
});

describe("landingAfterSignIn", () => {
  it("follows the page when it is in the user's own area, else goes home", () => {
    expect(landingAfterSignIn("/dashboard/sprint-2", "/dashboard")).toBe("/dashboard/sprint-2");
    expect(landingAfterSignIn("/staff/clients/a", "/dashboard")).toBe("/dashboard");
    expect(landingAfterSignIn("/dashboard/sprint-2", "/staff")).toBe("/staff");
    expect(landingAfterSignIn(null, "/staff")).toBe("/staff");
  });
});

describe("withReturnTo", () => {
  it("carries the page as an encoded query", () => {
    expect(withReturnTo("/sign-in", "/dashboard/sprint-2")).toBe(
      "/sign-in?redirectTo=%2Fdashboard%2Fsprint-2",
    );
    expect(withReturnTo("/sign-in", null)).toBe("/sign-in");
  });
});
