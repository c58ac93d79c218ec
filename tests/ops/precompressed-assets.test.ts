// The built server's fingerprinted assets as a client receives them: the build's brotli or gzip
// copy chosen from Accept-Encoding, bytes that decompress to the very file, Vary and a per-encoding
// ETag that answers 304, HEAD without a body, Range and unknown files left to the static handler.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDir,
  freePort,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const assetsDir = join(buildDir, "client/assets");

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe("precompressed fingerprinted assets", () => {
  let auth: RunningProcess;
  let app: RunningProcess;
  let largestJs: string;
  let original: Buffer;

  // node:http, not fetch: fetch decompresses and hides Content-Encoding.
  const send = (path: string, headers: Record<string, string>, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(`${app.url}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.once("error", reject);
      req.end();
    });

  beforeAll(async () => {
    largestJs = readdirSync(assetsDir)
      .filter((name) => name.endsWith(".js"))
      .sort((a, b) => statSync(join(assetsDir, b)).size - statSync(join(assetsDir, a)).size)[0]!;
    original = readFileSync(join(assetsDir, largestJs));
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("has a brotli and a gzip copy of the largest script in the build", () => {
    expect(readdirSync(assetsDir)).toEqual(
      expect.arrayContaining([`${largestJs}.br`, `${largestJs}.gz`]),
    );
  });

  it("sends brotli to a browser that offers it, which decompresses to the very file", async () => {
    const answer = await send(`/assets/${largestJs}`, {
      "Accept-Encoding": "gzip, deflate, br, zstd",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    // The document's headers stay on documents: each script is smaller on the wire without them.
    expect(answer.headers["content-security-policy"]).toBeUndefined();
    expect(answer.headers["x-request-id"]).toBeUndefined();
    expect(answer.body.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(answer.body).equals(original)).toBe(true);
  });

  it("sends gzip when brotli is refused, which decompresses to the very file", async () => {
    const answer = await send(`/assets/${largestJs}`, { "Accept-Encoding": "br;q=0, gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(answer.body).equals(original)).toBe(true);
  });

  it("sends the file as it is when both are refused", async () => {
    const answer = await send(`/assets/${largestJs}`, {
      "Accept-Encoding": "br;q=0, gzip;q=0, deflate",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.equals(original)).toBe(true);
  });

  it("gives each encoding its own ETag and answers a matching If-None-Match with 304", async () => {
    const path = `/assets/${largestJs}`;
    const br = await send(path, { "Accept-Encoding": "br" });
    const gzip = await send(path, { "Accept-Encoding": "gzip" });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await send(path, {
      "Accept-Encoding": "br",
      "If-None-Match": br.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toMatch(/Accept-Encoding/i);
    // The brotli copy's tag does not validate the gzip copy.
    const otherEncoding = await send(path, {
      "Accept-Encoding": "gzip",
      "If-None-Match": br.headers.etag as string,
    });
    expect(otherEncoding.status).toBe(200);
  });

  it("serves the icon sprite the pages point at, compressed, as SVG, cached for a year", async () => {
    const page = await (await fetch(`${app.url}/`)).text();
    const href = /<use href="(\/assets\/icons-[0-9a-f]+\.svg)#[a-z-]+"/.exec(page)?.[1];
    expect(href).toBeDefined();
    const answer = await send(href!, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/svg+xml");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sprite = brotliDecompressSync(answer.body).toString();
    expect(sprite).toBe(readFileSync(join(buildDir, "client", href!)).toString());
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol id="/);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await send(`/assets/${largestJs}`, { "Accept-Encoding": "br" }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBeGreaterThan(0);
    expect(answer.body.length).toBe(0);
  });

  it("answers a Range request from the file as it is", async () => {
    const answer = await send(`/assets/${largestJs}`, {
      "Accept-Encoding": "identity",
      Range: "bytes=0-9",
    });
    expect(answer.status).toBe(206);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(original.subarray(0, 10))).toBe(true);
  });

  it("leaves unknown files to the rest of the server (its 404 page)", async () => {
    const answer = await send("/assets/no-such-file-0000.js", { "Accept-Encoding": "identity" });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers.etag).toBeUndefined();
  });
});
