// One cookie's value out of a Cookie header: exact names only, values decoded and kept whole.
import { describe, expect, it } from "vitest";
import { cookieValue } from "~/lib/cookies.server";

describe("cookieValue", () => {
  it("finds a cookie by its exact name among others", () => {
    expect(cookieValue("a=1; toast=e30%3D.sig==; b=2", "toast")).toBe("e30=.sig==");
    expect(cookieValue(" sidebar_state = false ", "sidebar_state")).toBe("false");
  });

  it("is undefined without the cookie, for a name that only starts alike, or without a header", () => {
    expect(cookieValue("toaster=1; xtoast=2", "toast")).toBeUndefined();
    expect(cookieValue("toast", "toast")).toBeUndefined();
    expect(cookieValue(null, "toast")).toBeUndefined();
  });
});
