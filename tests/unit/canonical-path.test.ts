// The one spelling of a page's path, and where a request spelt otherwise is sent: never to another
// site, whatever the path holds.
import { describe, expect, it } from "vitest";
import { canonicalPath, canonicalRedirect } from "~/delivery/canonical-path";

describe("canonicalPath", () => {
  it.each([
    ["/", "/"],
    ["/sign-in", "/sign-in"],
    ["/Sign-In", "/sign-in"],
    ["/sIgN-iN", "/sign-in"],
    ["/%73ign-in", "/sign-in"],
    ["/%53IGN-IN", "/sign-in"],
    ["/sign-in/", "/sign-in"],
    ["/dashboard//sprint-1/", "/dashboard/sprint-1"],
    ["/./dashboard/../sign-in", "/sign-in"],
    ["/%2e%2e/sign-in", "/sign-in"],
    ["/a%2fb", "/a%2Fb"],
    ["/caf%c3%a9", "/caf%C3%A9"],
    ["//", "/"],
  ])("%s is spelt %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });
});

describe("canonicalRedirect", () => {
  it("is null for a canonical path and the canonical path otherwise", () => {
    expect(canonicalRedirect("/dashboard/account")).toBeNull();
    expect(canonicalRedirect("/Dashboard/Account/")).toBe("/dashboard/account");
  });

  it("never names another site: backslashes and scheme-relative targets are refused", () => {
    expect(canonicalRedirect("/\\evil.example/")).toBe("refuse");
    expect(canonicalRedirect("/%5Cevil.example/")).toBe("/%5Cevil.example");
    expect(canonicalRedirect("//evil.example/")).toBe("/evil.example");
    expect(canonicalRedirect("/%2F%2Fevil.example/")).toBe("/%2F%2Fevil.example");
  });
});
