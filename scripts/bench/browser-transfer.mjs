// What Chromium actually downloads for a page: Debian's Chromium loads it with a fresh profile and
// empty cache, and CDP reports each response's bytes on the wire (body as encoded, plus headers);
// scripts are summed with brotli, then with gzip only (decision 023).
import { createRequire } from "node:module";
import { CHROMIUM_FLAGS } from "../chromium.mjs";
import { root, settings } from "./config.mjs";

/** playwright-core comes with @playwright/test (a devDependency); no browser is downloaded. */
const { chromium } = createRequire(`${root}/package.json`)("playwright-core");

const isScript = (response) =>
  /javascript/i.test(response.mimeType) || new URL(response.url).pathname.endsWith(".js");

/** One fresh browser loading `url`; `acceptEncoding` replaces the browser's own header if given. */
async function loadOnce(url, acceptEncoding) {
  const browser = await chromium.launch({
    executablePath: settings.chromePath,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (acceptEncoding)
      await cdp.send("Network.setExtraHTTPHeaders", {
        headers: { "Accept-Encoding": acceptEncoding },
      });
    const responses = new Map();
    const finished = new Map();
    cdp.on("Network.responseReceived", ({ requestId, response }) =>
      responses.set(requestId, response),
    );
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) =>
      finished.set(requestId, encodedDataLength),
    );
    await page.goto(url, { waitUntil: "networkidle" });
    const scripts = { bytes: 0, requests: 0, encodings: {} };
    for (const [requestId, response] of responses) {
      if (!isScript(response) || !finished.has(requestId)) continue;
      scripts.bytes += finished.get(requestId);
      scripts.requests += 1;
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const encoding = headers["content-encoding"] ?? "identity";
      scripts.encodings[encoding] = (scripts.encodings[encoding] ?? 0) + 1;
    }
    return scripts;
  } finally {
    await browser.close();
  }
}

/** `url`'s scripts over the wire: { brotli, gzip }, each { bytes, requests, encodings }. */
export async function browserTransfer(url) {
  return {
    brotli: await loadOnce(url),
    gzip: await loadOnce(url, "gzip, deflate"),
  };
}
