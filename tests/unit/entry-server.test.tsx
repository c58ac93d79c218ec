// The server entry's render deadline: a timer per request that must not outlive the render (it
// used to keep every finished request's memory for six seconds).
import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", () => ({
  RemixServer: ({ url }: { url: string }) => <main>{`rendered ${url}`}</main>,
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
        handleRequest(new Request(`http://portal.test/page-${i}`), 200, new Headers(), {
          staticHandlerContext: { matches: [], loaderData: {} },
          routeModules: {},
        } as unknown as EntryContext),
      ),
    );
    for (const [i, response] of responses.entries()) {
      expect(await response.text()).toContain(`rendered http://portal.test/page-${i}`);
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});
