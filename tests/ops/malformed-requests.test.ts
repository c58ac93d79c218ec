// Requests no browser sends, on raw connections to the built app (a bad Host, a foreign or non-path
// target, unusable forwarded headers, TRACE, WebDAV): a plain 4xx and one log line, never a 500;
// this site's absolute-form target is served as its path, OPTIONS answered (decision 035).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  logLines,
  rawRequest,
  startAppProcess,
  startAuthProcess,
  statusOf,
  type RunningProcess,
} from "../support/processes";

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/** Waits until the app has logged a line about `path` (and a moment more for any stragglers). */
async function loggedAbout(app: RunningProcess, path: string) {
  for (let attempt = 0; attempt < 50 && !app.output().includes(`"path":"${path}"`); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}

function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe("malformed requests", () => {
  let auth: RunningProcess;
  let app: RunningProcess;
  let host: string;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    // The test client is the trusted proxy, so its X-Forwarded-Host and -Proto are believed.
    app = await startAppProcess(freePort(), auth.url, { TRUST_PROXY: "loopback" });
    host = new URL(app.url).host;
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it.each([
    ["an unparseable Host", 400, "GET /probe-host HTTP/1.1\r\nHost: [bad"],
    ["a Host with a port out of range", 400, "GET /probe-port HTTP/1.1\r\nHost: example.com:99999"],
    [
      "an absolute-form target naming another site",
      400,
      "GET http://evil.example/probe-absolute HTTP/1.1\r\nHost: HOST",
    ],
    [
      "an unparseable X-Forwarded-Host from a trusted proxy",
      400,
      "GET /probe-forwarded-host HTTP/1.1\r\nHost: HOST\r\nX-Forwarded-Host: [bad",
    ],
    [
      "an X-Forwarded-Proto that is neither http nor https",
      400,
      "GET /probe-forwarded-proto HTTP/1.1\r\nHost: HOST\r\nX-Forwarded-Proto: no scheme",
    ],
    ["an asterisk target on GET", 400, "GET * HTTP/1.1\r\nHost: HOST"],
    ["TRACE", 405, "TRACE /probe-trace HTTP/1.1\r\nHost: HOST"],
    ["PROPFIND", 405, "PROPFIND /probe-propfind HTTP/1.1\r\nHost: HOST"],
    ["MKCOL on a protected page", 405, "MKCOL /dashboard/probe-mkcol HTTP/1.1\r\nHost: HOST"],
    ["a NUL in a query parameter", 400, "GET /probe-nul?q=%00 HTTP/1.1\r\nHost: HOST"],
    ["a line break in a parameter's name", 400, "GET /probe-crlf?%0Aq=1 HTTP/1.1\r\nHost: HOST"],
    [
      "a post whose Origin is the site but whose Host is not",
      403,
      "POST /probe-origin HTTP/1.1\r\nHost: other.example\r\nOrigin: http://HOST\r\nContent-Length: 0",
    ],
  ])("%s: a plain %i and one JSON log line, no stack", async (_label, status, template) => {
    const before = app.output().length;
    const raw = await rawRequest(app.url, template.replace("HOST", host));
    expect(statusOf(raw)).toBe(status);
    if (status === 405) expect(header(raw, "Allow")).toBe(ALLOW);
    expect(raw).not.toMatch(/\bat .+:\d+:\d+/);

    // The log names a target by its path alone.
    const path = (/^\S+ (?:https?:\/\/[^/]+)?(\S*)/.exec(template)?.[1] ?? "").split("?")[0] ?? "";
    await loggedAbout(app, path);
    const added = app.output().slice(before);
    expect(added).not.toMatch(/^\s+at /m);
    const about = logLines(app).filter((line) => line.path === path);
    expect(about).toHaveLength(1);
    expect(about[0]?.status).toBe(status);
  });

  it("serves an absolute-form target naming this site as its path, as a proxy forwards it", async () => {
    const raw = await rawRequest(app.url, `GET ${app.url}/sign-in HTTP/1.1\r\nHost: ${host}`);
    expect(statusOf(raw)).toBe(200);
    expect(raw).toContain('role="dialog"');
  });

  it("answers OPTIONS with the methods the site allows, without touching a page", async () => {
    for (const target of ["*", "/dashboard"]) {
      const raw = await rawRequest(app.url, `OPTIONS ${target} HTTP/1.1\r\nHost: ${host}`);
      expect(statusOf(raw), target).toBe(204);
      expect(header(raw, "Allow")).toBe(ALLOW);
    }
  });

  it("left every line of the log JSON, and the server serving", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(() => logLines(app)).not.toThrow();
    const raw = await rawRequest(app.url, `GET / HTTP/1.1\r\nHost: ${host}`);
    expect(statusOf(raw)).toBe(200);
  });
});
