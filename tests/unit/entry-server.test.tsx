// The server entry's render deadline: a timer per request that must not outlive the render (it
// used to keep every finished request's memory for six seconds); and outside production (the dev
// server) no page is kept, so an edit shows at the next request.
import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";

const rendered = vi.hoisted(() => ({ count: 0 }));

vi.mock("@remix-run/react", () => ({
  RemixServer: ({ url }: { url: string }) => {
    rendered.count++;
    return <main>{`rendered ${url}`}</main>;
  },
}));

afterEach(() => {
  vi.useRealTimers();
});

describe("handleRequest", () => {
  it("leaves no timer pending once the page is rendered", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { default: handleRequest } = await import("~/entry.server");
    const responses = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        handleRequest(
          new Request(`http://portal.test/page-${i}`),
          200,
          new Headers(),
          {
            staticHandlerContext: { matches: [], loaderData: {} },
            routeModules: {},
          } as unknown as EntryContext,
          {},
        ),
      ),
    );
    for (const [i, response] of responses.entries()) {
      expect(await response.text()).toContain(`rendered http://portal.test/page-${i}`);
    }
    expect(vi.getTimerCount()).toBe(0);
  });

  it("renders a page that declares itself shared for every request outside production", async () => {
    const { default: handleRequest } = await import("~/entry.server");
    const shared = {
      staticHandlerContext: {
        matches: [{ route: { id: "routes/landing" } }],
        loaderData: { "routes/landing": null },
      },
      routeModules: { "routes/landing": { handle: { sharedPage: true } } },
    } as unknown as EntryContext;
    const before = rendered.count;
    for (let i = 0; i < 2; i++) {
      const response = await handleRequest(
        new Request("http://portal.test/"),
        200,
        new Headers(),
        shared,
        {},
      );
      expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    }
    expect(rendered.count - before).toBe(2);
  });
});
