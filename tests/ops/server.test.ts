// The production server as ops see it: configuration errors stop it with one clear message;
// security headers and caching; cross-site posts refused; oversized bodies refused; rate limits
// answered with 429 and a clear message; request logs without secrets; a clean, draining shutdown.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import {
  freePort,
  postSignIn,
  signedInCookie,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const root = join(import.meta.dirname, "../..");
const buildDir = join(root, process.env.OPS_BUILD_DIR ?? "build");
const PASSWORD = "Ops-Test-2026!";
const email = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const childEnv: Record<string, string | undefined> = { PATH: process.env.PATH, ...env };
    const child = spawn(process.execPath, [join(buildDir, "main.js")], {
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("configuration", () => {
  it("stops with one message listing every bad value and what to set", async () => {
    const { code, output } = await runToExit({
      NODE_ENV: "production",
      PORT: "not-a-port",
      SUPABASE_URL: "nonsense",
      BOOKING_URL: "ftp:/x",
    });
    expect(code).toBe(1);
    expect(output).toContain("Invalid configuration");
    for (const name of ["PORT", "SUPABASE_URL"]) expect(output).toContain(name);
  });

  it("requires SESSION_SECRET in production and says how to make one", async () => {
    const { code, output } = await runToExit({ NODE_ENV: "production", PORT: String(freePort()) });
    expect(code).toBe(1);
    expect(output).toMatch(/SESSION_SECRET: required in production \(set SESSION_SECRET/);
  });
});

describe("the running server", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url, {
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "3",
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
    });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("sends a CSP whose fresh nonce is on every script, and the other security headers", async () => {
    // A page rendered for its request (here the sign-in dialog with an address carried over).
    const path = "/sign-in?email=someone%40example.com";
    const [first, second] = await Promise.all([
      fetch(`${app.url}${path}`),
      fetch(`${app.url}${path}`),
    ]);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers.get("content-security-policy")).not.toContain(`nonce-${nonce}`);
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("strict-transport-security")).toContain("max-age=");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers the landing page as rendered once: the same bytes for all, scripts allowed by hash, no cookie", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${app.url}/`)));
    const pages = new Set<string>();
    for (const answer of answers) {
      const csp = answer.headers.get("content-security-policy") ?? "";
      const html = await answer.text();
      expect(csp).not.toContain("nonce-");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(html).not.toContain("nonce=");
      const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, text = ""] of inline) {
        const hash = createHash("sha256").update(text).digest("base64");
        expect(csp).toContain(`'sha256-${hash}'`);
      }
      expect(answer.headers.get("set-cookie")).toBeNull();
      pages.add(`${csp}\n${html}`);
    }
    expect(pages.size).toBe(1);

    // A flash toast (here the one a sign-in leaves) is that visitor's alone: rendered for them
    // once, then cleared, and never served to anyone else.
    const signedIn = await signedInCookie(
      app,
      auth.url,
      DEMO_SERVICE_ROLE_KEY,
      email("toast"),
      PASSWORD,
    );
    const toastCookie = signedIn.split("; ").find((pair) => pair.startsWith("toast="));
    if (!toastCookie) throw new Error("sign-in left no toast cookie");
    const withToast = await fetch(`${app.url}/`, { headers: { Cookie: toastCookie } });
    expect(await withToast.text()).toContain("Welcome Back!");
    expect(withToast.headers.get("set-cookie")).toMatch(/^toast=/);
    const next = await (await fetch(`${app.url}/`)).text();
    expect(next).not.toContain("Welcome Back!");
  });

  it("caches fingerprinted assets for a year, public files for an hour, and compresses", async () => {
    const assets = join(buildDir, "client/assets");
    const largest = readdirSync(assets)
      .filter((name) => name.endsWith(".js"))
      .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
    // node:http, not fetch: fetch decompresses and hides Content-Encoding.
    const headersOf = (path: string) =>
      new Promise<IncomingHttpHeaders>((resolve, reject) => {
        get(`${app.url}${path}`, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
          response.resume();
          resolve(response.headers);
        }).once("error", reject);
      });
    const assetHeaders = await headersOf(`/assets/${largest}`);
    expect(assetHeaders["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(assetHeaders["content-encoding"]).toBe("gzip");
    const pageHeaders = await headersOf("/");
    expect(pageHeaders["content-encoding"]).toBe("gzip");
    expect(pageHeaders["cache-control"]).toBe("private, no-store");
    const favicon = await fetch(`${app.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("sends each page compressed whole, with its length, and data requests compressed too", async () => {
    const fetchRaw = (path: string, acceptEncoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`${app.url}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
          );
        }).once("error", reject);
      });
    const page = await fetchRaw("/", "gzip, deflate, br, zstd");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["vary"]).toContain("Accept-Encoding");
    expect(Number(page.headers["content-length"])).toBe(page.body.length);
    const html = brotliDecompressSync(page.body).toString();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("</html>");
    const plain = await fetchRaw("/", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("</html>");
    const notFound = await fetchRaw("/no-such-page", "br");
    expect(notFound.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(notFound.body).toString()).toContain("</html>");
    const data = await fetchRaw("/_root.data", "br");
    expect(data.headers["content-encoding"]).toBe("br");
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });

  it("refuses a form post from another site with 403", async () => {
    const post = (origin: string) =>
      fetch(`${app.url}/auth/sign-out`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin },
      });
    expect((await post("https://evil.example")).status).toBe(403);
    expect((await post("null")).status).toBe(403);
    expect((await post(app.url)).status).toBe(302);
  });

  it("refuses an oversized body with 413 before reading it", async () => {
    const response = await fetch(`${app.url}/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: `email=${"a".repeat(2 * 1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });

  it("limits sign-in attempts per e-mail with a 429 and a clear message", async () => {
    const address = email("limited");
    const attempt = () => postSignIn(app, address, "Wrong-Password-1!");
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many attempts from this device or for this email.");
  });

  it("logs one JSON line per request, without passwords, tokens, cookies or e-mail addresses", async () => {
    const address = email("logs");
    const cookie = await signedInCookie(app, auth.url, DEMO_SERVICE_ROLE_KEY, address, PASSWORD);
    await fetch(`${app.url}/dashboard?token=secret-in-query`, { headers: { Cookie: cookie } });
    const lines = app.output().trim().split("\n");
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.event === "request");
    expect(requests.length).toBeGreaterThan(0);
    for (const line of requests) {
      expect(Object.keys(line)).toEqual(
        expect.arrayContaining(["time", "requestId", "method", "path", "status", "ms"]),
      );
    }
    const everything = app.output() + auth.output();
    for (const secret of [
      PASSWORD,
      address,
      cookie.split("=")[1]?.slice(0, 40) ?? "",
      "secret-in-query",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("per-IP sign-in limit", () => {
  it("counts each client address separately (behind a trusted proxy)", async () => {
    const auth = await startAuthProcess(freePort());
    const app = await startAppProcess(freePort(), auth.url, {
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGN_IN_PER_IP: "2",
    });
    try {
      const attempt = (ip: string) =>
        postSignIn(app, email("ip"), "Wrong-1!", { "X-Forwarded-For": ip }).then(
          (response) => response.status,
        );
      expect([await attempt("198.51.100.1"), await attempt("198.51.100.1")]).toEqual([400, 400]);
      expect(await attempt("198.51.100.1")).toBe(429);
      expect(await attempt("198.51.100.2")).toBe(400);
    } finally {
      await app.stop();
      await auth.stop();
    }
  }, 60_000);
});

describe("shutdown", () => {
  it("on SIGTERM finishes the request in flight, closes the embedded auth server and exits 0", async () => {
    const port = freePort();
    const authPort = freePort();
    const childEnv: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: "shutdown-test-session-secret-0123456789",
      EMBEDDED_AUTH_PORT: String(authPort),
      AUTH_DATA_DIR: ":memory:",
    };
    const child = spawn(process.execPath, [join(buildDir, "main.js")], {
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 150 && !output.includes('"event":"started"'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain('"event":"started"');

    // A sign-in is in flight (password hashing takes a while) when the signal arrives.
    const inFlight = fetch(`${url}/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: new URLSearchParams({
        email: email("late"),
        password: "Whatever-1!",
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Invalid email or password.");
    expect(await exited).toBe(0);
    expect(output).toContain('"event":"shutdown"');
    expect(output).toContain('"event":"stopped"');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${authPort}/auth/v1/health`)).rejects.toThrow();
  }, 60_000);
});
