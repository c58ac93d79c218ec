// Pages rendered once for every visitor: which requests qualify (only routes that declare it, only
// a plain GET answered 200 with no query, no action and no error), that each response gets its own
// nonce in place of the placeholder, and that the store stays bounded.
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  PLACEHOLDER_NONCE,
  SharedPage,
  SharedPages,
  sharedPageKey,
} from "~/lib/shared-pages.server";

type Context = Pick<EntryContext, "staticHandlerContext" | "routeModules">;

const noToast = (data: unknown) => (data as { toast?: unknown }).toast === null;

function context({
  rootToast = null as unknown,
  leafHandle = { sharedPage: true } as unknown,
  actionData = null as unknown,
  errors = null as unknown,
} = {}): Context {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/landing" } }],
      loaderData: { root: { toast: rootToast }, "routes/landing": null },
      actionData,
      errors,
    },
    routeModules: {
      root: { handle: { sharedPage: noToast } },
      "routes/landing": { handle: leafHandle },
    },
  } as unknown as Context;
}

const get = (url = "http://portal.test/") => new Request(url);

describe("sharedPageKey", () => {
  it("shares a plain GET of a page whose every route declares it", () => {
    const key = sharedPageKey(get(), 200, context());
    expect(key).not.toBeNull();
    expect(sharedPageKey(get(), 200, context())).toBe(key);
    expect(sharedPageKey(get("http://portal.test/sign-in"), 200, context())).not.toBe(key);
  });

  it("renders per request when a route does not declare it or its data says no", () => {
    expect(sharedPageKey(get(), 200, context({ leafHandle: null }))).toBeNull();
    expect(sharedPageKey(get(), 200, context({ leafHandle: { sharedPage: false } }))).toBeNull();
    const toast = { id: "t1", title: "Signed Out", description: "", variant: "success" };
    expect(sharedPageKey(get(), 200, context({ rootToast: toast }))).toBeNull();
  });

  it("renders per request for a query, a post, an action's answer, an error or another status", () => {
    expect(sharedPageKey(get("http://portal.test/sign-in?email=a%40b.co"), 200, context())).toBe(
      null,
    );
    const post = new Request("http://portal.test/sign-in", { method: "POST", body: "x" });
    expect(sharedPageKey(post, 200, context())).toBeNull();
    expect(sharedPageKey(get(), 200, context({ actionData: { x: 1 } }))).toBeNull();
    expect(sharedPageKey(get(), 200, context({ errors: { root: "boom" } }))).toBeNull();
    expect(sharedPageKey(get(), 404, context())).toBeNull();
    expect(sharedPageKey(get(), 500, context())).toBeNull();
  });
});

describe("SharedPage", () => {
  it("puts each response's own nonce wherever the placeholder was", () => {
    const html = `<script nonce="${PLACEHOLDER_NONCE}">a</script><link nonce="${PLACEHOLDER_NONCE}">`;
    const page = new SharedPage(html);
    expect(page.withNonce("first").toString()).toBe(
      '<script nonce="first">a</script><link nonce="first">',
    );
    expect(page.withNonce("second").toString()).toBe(
      '<script nonce="second">a</script><link nonce="second">',
    );
  });

  it("uses a placeholder shaped like a real nonce (base64, which React writes unescaped)", () => {
    expect(PLACEHOLDER_NONCE).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });
});

describe("SharedPages", () => {
  it("keeps at most its limit, dropping the page served least recently", () => {
    const pages = new SharedPages(2);
    const a = new SharedPage("a");
    pages.set("a", a);
    pages.set("b", new SharedPage("b"));
    expect(pages.get("a")).toBe(a);
    pages.set("c", new SharedPage("c"));
    expect(pages.size).toBe(2);
    expect(pages.get("b")).toBeUndefined();
    expect(pages.get("a")).toBe(a);
  });
});
