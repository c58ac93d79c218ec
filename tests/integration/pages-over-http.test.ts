// What the built server alone decides for the signed-in pages, over HTTP: a visitor is sent to sign
// in with the page to return to, an unknown page is the 404 page, the sidebar's no-JS toggle goes
// back only to this site, and a page drawn from unchanged data is drawn once, for its person alone.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  postForm,
  signedInCookie,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

let auth: RunningProcess;
let app: RunningProcess;
let cookie: string;
const ownEmail = `pages-${Date.now()}@example.com`;

beforeAll(async () => {
  auth = await startAuthProcess(freePort());
  app = await startAppProcess(freePort(), auth.url);
  cookie = await signedInCookie(
    app,
    auth.url,
    DEMO_SERVICE_ROLE_KEY,
    ownEmail,
    "Pages-Over-Http-2026!",
  );
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await auth?.stop();
});

const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers });

describe("a visitor without a session", () => {
  it.each([
    "/dashboard",
    "/dashboard/sprint-1",
    "/dashboard/sprint-4",
    "/dashboard/account",
    "/dashboard/sprint-9",
    "/dashboard/anything",
  ])("is sent from %s to / with the page to return to", async (path) => {
    const answer = await visit(path);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/?redirectTo=${encodeURIComponent(path)}`);
  });
});

describe("an unknown page", () => {
  it.each([
    ["a visitor", "/no-such-page", false],
    ["a client", "/no-such-page", true],
    ["a client", "/dashboard/sprint-9", true],
    ["a client", "/dashboard/anything", true],
  ])("is the 404 page with a way home, for %s at %s", async (_who, path, signedIn) => {
    const answer = await visit(path, signedIn ? { Cookie: cookie } : {});
    expect(answer.status).toBe(404);
    const html = await answer.text();
    expect(html).toContain("<title>Page not found · Client Portal</title>");
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>[^<]*Return to Home/);
  });
});

describe("/resources/sidebar", () => {
  const post = (fields: Record<string, string>) => postForm(app, "/resources/sidebar", fields);

  it("sets the cookie and goes back to the page the form was on", async () => {
    const collapse = await post({ sidebar: "collapsed", redirectTo: "/dashboard/sprint-2" });
    expect(collapse.status).toBe(302);
    expect(collapse.headers.get("location")).toBe("/dashboard/sprint-2");
    expect(collapse.headers.get("set-cookie")).toBe(
      "sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax",
    );
  });

  it("opens the phone sheet through the address, with no cookie", async () => {
    const mobile = await post({ sidebar: "mobile", redirectTo: "/dashboard" });
    expect(mobile.headers.get("location")).toBe("/dashboard?sidebar=open");
    expect(mobile.headers.get("set-cookie")).toBeNull();
  });

  it("goes back only to this site, and refuses what is not its form", async () => {
    const offsite = await post({ sidebar: "expanded", redirectTo: "//evil.example/x" });
    expect(offsite.headers.get("location")).toBe("/dashboard");
    expect((await post({ sidebar: "sideways" })).status).toBe(400);
    const json = await fetch(`${app.url}/resources/sidebar`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ sidebar: "collapsed" }),
    });
    expect(json.status).toBe(400);
    const get = await visit("/resources/sidebar");
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe("/dashboard");
  });
});

describe("a signed-in page drawn from its data", () => {
  /** The session's cookies, as a browser holds them once the sign-in's toast has been shown. */
  const withoutToast = (header: string) =>
    header
      .split("; ")
      .filter((pair) => !pair.startsWith("toast="))
      .join("; ");

  const view = async (path: string, who = cookie) => {
    const answer = await visit(path, { Cookie: withoutToast(who) });
    return {
      status: answer.status,
      cache: answer.headers.get("x-cache"),
      policy: answer.headers.get("content-security-policy") ?? "",
      html: await answer.text(),
    };
  };

  it("is drawn once while its data stays the same, its own scripts allowed by hash", async () => {
    const first = await view("/dashboard/account");
    const again = await view("/dashboard/account");
    expect(first.status).toBe(200);
    expect(again.cache).toBe("hit");
    expect(again.html).toBe(first.html);
    expect(again.policy).toMatch(/script-src 'self' 'sha256-/);
    expect(again.policy).not.toContain("nonce-");
  });

  it("keeps a sprint's page drawn once, its countdown filled in at each answer's moment", async () => {
    const countdown = (html: string) => ({
      endsAt: Date.parse(/data-ends-at="([^"]+)"/.exec(html)?.[1] ?? ""),
      drawnAt: Number(/data-drawn-at="(\d+)"/.exec(html)?.[1]),
      digits: [...html.matchAll(/data-unit="\w+"[^>]*><span[^>]*>(\d+)<\/span>/g)].map((m) =>
        Number(m[1]),
      ),
    });
    // The first view starts its countdown (the layout beside it read the data before that).
    await view("/dashboard/sprint-2");
    await view("/dashboard/sprint-2");
    const before = Date.now();
    const again = await view("/dashboard/sprint-2");
    expect(again.cache).toBe("hit");
    const shown = countdown(again.html);
    expect(shown.drawnAt).toBeGreaterThanOrEqual(before);
    const [days, hours, minutes, seconds] = shown.digits as [number, number, number, number];
    const left = ((days * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000;
    // The digits are the time left at the moment the answer carries, to the second.
    expect(shown.endsAt - shown.drawnAt - left).toBeGreaterThanOrEqual(0);
    expect(shown.endsAt - shown.drawnAt - left).toBeLessThan(1000);
    expect(again.policy).toMatch(/script-src 'self' 'sha256-/);
  });

  it("is drawn anew once its data changed, and never for another person", async () => {
    const before = await view("/dashboard");
    const opened = await view("/dashboard/sprint-1");
    expect(opened.cache).toBe("miss");
    const tick = await postForm(
      app,
      "/dashboard/sprint-1",
      { taskId: "icp-builder", status: "completed" },
      { Cookie: cookie },
    );
    expect(tick.status).toBe(302);
    const after = await view("/dashboard");
    expect(after.cache).toBe("miss");
    expect(after.html).not.toBe(before.html);
    const other = await signedInCookie(
      app,
      auth.url,
      DEMO_SERVICE_ROLE_KEY,
      `pages-other-${Date.now()}@example.com`,
      "Pages-Over-Http-2026!",
    );
    const theirs = await view("/dashboard", other);
    expect(theirs.html).not.toContain(ownEmail);
    expect(theirs.html).toContain("pages-other-");
  });
});
