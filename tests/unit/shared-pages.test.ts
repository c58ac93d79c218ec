// Pages rendered once: which requests qualify (routes that declare it, a GET answered 200 with no
// action or error; for every visitor no query, drawn per data its data in the key), the bytes and
// script policy they are answered with, and a store that renders each once and stays bounded.
import type { EntryContext } from "@remix-run/node";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { SharedPage, SharedPages, sharedPageKey } from "~/delivery/shared-pages.server";

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
      root: { handle: { sharedPage: noToast, drawnPerData: true } },
      "routes/landing": { handle: leafHandle },
    },
  } as unknown as Context;
}

const get = (url = "http://portal.test/") => new Request(url);

describe("sharedPageKey", () => {
  it("shares a plain GET of a page whose every route declares it", () => {
    const key = sharedPageKey(get(), 200, context());
    expect(key?.store).toBe("shared");
    expect(sharedPageKey(get(), 200, context())).toEqual(key);
    expect(sharedPageKey(get("http://portal.test/sign-in"), 200, context())?.key).not.toBe(
      key?.key,
    );
  });

  it("keeps a page drawn per data under its URL, query included, and its data", () => {
    const drawn = { drawnPerData: true };
    const toast = { id: "t1", title: "Signed Out", description: "", variant: "success" };
    const key = sharedPageKey(get("http://portal.test/x?a=1"), 200, context({ leafHandle: drawn }));
    expect(key?.store).toBe("per-data");
    expect(key?.key.startsWith("/x?a=1\n")).toBe(true);
    // Other data (a toast, another person's page) is another page.
    const withToast = context({ leafHandle: drawn, rootToast: toast });
    expect(sharedPageKey(get("http://portal.test/x?a=1"), 200, withToast)?.key).not.toBe(key?.key);
    expect(
      sharedPageKey(get("http://portal.test/x?a=2"), 200, context({ leafHandle: drawn })),
    ).not.toEqual(key);
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
    const drawn = context({ leafHandle: { drawnPerData: true }, actionData: { x: 1 } });
    expect(sharedPageKey(get(), 200, drawn)).toBeNull();
    const post = new Request("http://portal.test/sign-in", { method: "POST", body: "x" });
    expect(sharedPageKey(post, 200, context())).toBeNull();
    expect(sharedPageKey(get(), 200, context({ actionData: { x: 1 } }))).toBeNull();
    expect(sharedPageKey(get(), 200, context({ errors: { root: "boom" } }))).toBeNull();
    expect(sharedPageKey(get(), 404, context())).toBeNull();
    expect(sharedPageKey(get(), 500, context())).toBeNull();
  });

  it("renders per request for a path not spelt canonically", () => {
    for (const path of ["/Sign-In", "/%73ign-in", "/sign-in/", "//sign-in"]) {
      expect(sharedPageKey(new Request(`http://portal.test${path}`), 200, context())).toBeNull();
    }
  });
});

describe("SharedPage", () => {
  const html = Buffer.from(
    `<!DOCTYPE html><html><body>${"<p>Precision. Innovation. Excellence.</p>".repeat(60)}` +
      `<script>window.a = 1;</script><script type="module" async="">import "/assets/x.js";</script>` +
      `<script src="/assets/y.js"></script></body></html>`,
  );

  it("answers the same bytes in the encoding each request accepts", async () => {
    const page = await SharedPage.from(html);
    const br = page.bodyFor("gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(html)).toBe(true);
    expect(page.bodyFor("gzip, deflate, br").body).toBe(br.body);
    const gzip = page.bodyFor("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(html)).toBe(true);
    expect(page.bodyFor(null)).toEqual({ body: html, encoding: "identity" });
  });

  it("allows exactly its own inline scripts, by hash, and no nonce", async () => {
    const { contentSecurityPolicy } = await SharedPage.from(html);
    const scriptSrc = contentSecurityPolicy.split("; ").find((d) => d.startsWith("script-src"));
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(scriptSrc).toBe(
      `script-src 'self' ${sha("window.a = 1;")} ${sha('import "/assets/x.js";')}`,
    );
  });
});

describe("SharedPages", () => {
  const page = (label: string, statusCode = 200) =>
    Promise.resolve({ html: Buffer.from(label), statusCode });
  /** The page under `key` for a client that has had no new pages made. */
  const pageOf = (
    pages: SharedPages,
    key: string,
    make: () => Promise<{ html: Buffer; statusCode: number }>,
  ) => {
    const lookup = pages.get(key, make, `client-${key}-${Math.random()}`);
    if (!lookup) throw new Error("a new client was refused a page");
    return lookup.page;
  };

  it("makes a page once, however many requests ask for it meanwhile", async () => {
    const pages = new SharedPages();
    const make = vi.fn(() => page("landing"));
    const lookups = [1, 2, 3].map(() => pages.get("/", make, "203.0.113.1"));
    expect(lookups.map((lookup) => lookup?.kept)).toEqual([false, true, true]);
    const answers = await Promise.all(lookups.map((lookup) => lookup?.page));
    expect(make).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
    expect("kept" in (answers[0] as object)).toBe(true);
  });

  it("keeps no page whose making failed", async () => {
    const pages = new SharedPages();
    await expect(
      pageOf(pages, "/", () => Promise.reject(new Error("render failed"))),
    ).rejects.toThrow();
    const make = vi.fn(() => page("landing"));
    await pageOf(pages, "/", make);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("answers a render that ended in another status once, as it is, and keeps nothing", async () => {
    const pages = new SharedPages();
    const failed = await pageOf(pages, "/", () => page("error page", 500));
    expect(failed).toEqual({ failed: { html: Buffer.from("error page"), statusCode: 500 } });
    const make = vi.fn(() => page("landing"));
    await pageOf(pages, "/", make);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("keeps at most its limit, dropping the page served least recently", async () => {
    const pages = new SharedPages(2);
    const make = vi.fn((label: string) => page(label));
    await pageOf(pages, "a", () => make("a"));
    await pageOf(pages, "b", () => make("b"));
    await pageOf(pages, "a", () => make("a"));
    await pageOf(pages, "c", () => make("c"));
    await pageOf(pages, "a", () => make("a"));
    expect(make).toHaveBeenCalledTimes(3);
    await pageOf(pages, "b", () => make("b"));
    expect(make).toHaveBeenCalledTimes(4);
  });

  it("makes only a few new pages per client a minute; kept pages are still served to it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const pages = new SharedPages(32, 3);
      const flooder = "198.51.100.7";
      await pages.get("/", () => page("landing"), "203.0.113.9")?.page;
      const made = ["a", "b", "c", "d", "e"].map((key) => pages.get(key, () => page(key), flooder));
      expect(made.map((lookup) => lookup !== null)).toEqual([true, true, true, false, false]);
      expect(pages.get("/", () => page("again"), flooder)?.kept).toBe(true);
      expect(pages.get("d", () => page("d"), "203.0.113.10")?.kept).toBe(false);
      vi.advanceTimersByTime(60_000);
      expect(pages.get("e", () => page("e"), flooder)).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
