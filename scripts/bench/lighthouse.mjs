// Lighthouse (Node API, mobile preset = its default) on Debian's Chromium via chrome-launcher:
// category scores, LCP, TBT, CLS and total transfer per page; signed-in pages get the Cookie header.
import { CHROME_FLAGS, settings } from "./config.mjs";
import { importChromeLauncher, importTool } from "./deps.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const PAGE_TIMEOUT_MS = 120_000;

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue;
  const failing = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ]),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    transferBytes: audit("total-byte-weight"),
    formFactor: lhr.configSettings.formFactor,
    userAgent: lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    failingAudits: failing,
    runWarnings: lhr.runWarnings,
  };
}

/**
 * One Lighthouse run of `page`, tried a second time if Lighthouse itself fails (it sometimes loses
 * the trace on a loaded machine: NO_NAVSTART) or ends on another page; a second failure is the
 * page's error.
 */
async function auditOnce(lighthouse, page, flags) {
  let lastError;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const run = await withTimeout(lighthouse(page.url, flags), PAGE_TIMEOUT_MS, page.path);
      if (!run?.lhr) throw new Error("Lighthouse returned no report");
      if (run.lhr.runtimeError) throw new Error(run.lhr.runtimeError.message);
      // A signed-in page that lost its session is redirected to `/`: that would score the
      // landing page under the dashboard's name.
      const landed = new URL(run.lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(page.url).pathname) throw new Error(`Lighthouse ended on ${landed}`);
      return summarise(run.lhr);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * Audits each `{ path, url, cookie }` in one Chromium: the first page (whose scores are budgeted)
 * `settings.lighthouseRuns` times, keeping the run with the median performance score, the others
 * once. A page that fails twice in a row gets `{ error }`.
 */
export async function runLighthouse(pages) {
  const { default: lighthouse } = await importTool("lighthouse");
  const { launch } = await importChromeLauncher();
  const chrome = await launch({
    chromePath: settings.chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  const results = [];
  try {
    // A discarded first run: Chromium's and V8's caches start cold, which skews the first page.
    await withTimeout(
      lighthouse(pages[0].url, { port: chrome.port, logLevel: "error", onlyCategories: ["seo"] }),
      PAGE_TIMEOUT_MS,
      "warm-up",
    ).catch(() => undefined);
    for (const page of pages) {
      try {
        const flags = {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          // Its weight is 0; it navigates a second time without extraHeaders, which signs out.
          skipAudits: ["bf-cache"],
          extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined,
        };
        const runs = [];
        const times = page === pages[0] ? settings.lighthouseRuns : 1;
        for (let i = 0; i < times; i++) runs.push(await auditOnce(lighthouse, page, flags));
        runs.sort((a, b) => a.scores.performance - b.scores.performance);
        const kept = runs[Math.floor((runs.length - 1) / 2)];
        results.push({
          path: page.path,
          runs: runs.length,
          performanceScores: runs.map((run) => run.scores.performance),
          ...kept,
        });
      } catch (error) {
        results.push({
          path: page.path,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
