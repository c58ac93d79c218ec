// `npm run bench`: measures the production build on 127.0.0.1 (load, share of a bare Remix page,
// auth calls, client weight, wire bytes, Lighthouse, start-up, product data), prints one table and
// writes bench-results/. Exits non-zero only when the bench itself fails, whatever the budgets say.
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { logWindow, sequentialAuthCalls } from "./auth-calls.mjs";
import { buildBarePage, startBarePage } from "./bare-page.mjs";
import { browserTransfer } from "./browser-transfer.mjs";
import { evaluateBudgets } from "./budgets.mjs";
import { clientWeight } from "./client-bytes.mjs";
import { root, settings } from "./config.mjs";
import { resolveTool } from "./deps.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { startApp, stopAll } from "./processes.mjs";
import { measureProductData } from "./product-data.mjs";
import { referenceShare } from "./reference-share.mjs";
import { machineInfo, step, tableRows, textTable, writeResults } from "./report.mjs";
import { measureServer } from "./server-load.mjs";
import { createConfirmedUser, expect200, signIn } from "./session.mjs";
import { sessionCheckCost } from "./session-cost.mjs";
import { skipSessionEnv } from "./skip-session.mjs";
import { median, percentile } from "./stats.mjs";
import { bcryptTimes, coldStarts } from "./startup.mjs";

const PAGES = ["/", "/dashboard", "/dashboard/sprint-1"];
const SIGNED_IN_PATHS = PAGES.slice(1);

function checkPrerequisites() {
  for (const file of ["main.js", "server/index.js", "client/assets"]) {
    if (!existsSync(join(settings.buildDir, file)))
      throw new Error(`${settings.buildDir}/${file} is missing: run \`npm run build\` first`);
  }
  resolveTool("autocannon");
  if (settings.lighthouse && settings.productData !== "only") resolveTool("lighthouse");
}

async function signInTimes(app, email) {
  await signIn(app.url, email);
  const window = logWindow(app);
  const times = [];
  for (let i = 0; i < settings.signIns; i++) times.push((await signIn(app.url, email)).ms);
  const tokenCalls = window().filter(
    (record) => record.requestId === undefined && record.path === "/auth/v1/token",
  );
  return {
    times,
    p50: median(times),
    p99: percentile(times, 99),
    tokenP50: median(tokenCalls.map((record) => record.ms)),
    authCallsPerSignIn: tokenCalls.length / settings.signIns,
  };
}

/** The bench's first part: everything but the product data. Fills `results`. */
async function measureCore(results, bare) {
  step(`bcrypt cost (${settings.bcryptCost})`);
  const bcrypt = await bcryptTimes(settings.bcryptCost, 5);
  results.bcrypt = { cost: settings.bcryptCost, times: bcrypt, p50: median(bcrypt) };

  step(`cold start ×${settings.coldStarts}`);
  const cold = await coldStarts(settings.buildDir, settings.coldStarts);
  results.coldStart = { times: cold, median: median(cold) };

  step("starting the app (embedded auth server) and signing in");
  const app = await startApp(settings.buildDir, { name: "app" });
  await expect200(`${app.url}/`);
  const email = `bench-${Date.now()}@example.test`;
  const user = await createConfirmedUser(app.authUrl, email);
  results.signIn = await signInTimes(app, email);
  const { cookie } = await signIn(app.url, email);

  step("client weight from the route manifest");
  const pages = [];
  for (const path of PAGES)
    pages.push({ path, html: await expect200(app.url + path, path === "/" ? undefined : cookie) });
  results.client = clientWeight(settings.buildDir, pages);

  step("JS over the wire for / in Chromium (brotli, then gzip only)");
  results.browser = await browserTransfer(`${app.url}/`);

  step("auth-service calls per signed-in view (sequential)");
  const steady = await sequentialAuthCalls(app, cookie, SIGNED_IN_PATHS, settings.steadyViews);

  if (settings.lighthouse) {
    step(`Lighthouse (mobile): / ×${settings.lighthouseRuns}, dashboards ×1`);
    results.lighthouse = await runLighthouse(
      PAGES.map((path) => ({
        path,
        url: app.url + path,
        cookie: path === "/" ? undefined : cookie,
      })),
    );
  } else results.lighthouseSkipped = "BENCH_LIGHTHOUSE=0";

  step("starting the session-check-skipped app");
  const skipApp = await startApp(settings.buildDir, {
    name: "skip-session",
    extra: skipSessionEnv(user),
  });
  await expect200(`${skipApp.url}/dashboard`, cookie);

  const runs = settings.connections.length * 5;
  step(`server load: ${runs} runs × ${settings.durationSeconds} s (+ warm-up)`);
  const server = await measureServer(app, skipApp, cookie);
  results.server = server.runs;
  step(
    `session check cost: ${settings.slices} alternating slices × ${settings.sliceSeconds} s each`,
  );
  results.sessionCheck = await sessionCheckCost(app, skipApp, cookie);
  await skipApp.stop();
  step(
    `throughput next to the bare page: ${settings.shareSlices} rounds × 3 pages × ${settings.shareSliceSeconds} s`,
  );
  results.referenceShare = await referenceShare(await bare(), [
    { key: "landing", label: "/ (visitor)", app, path: "/" },
    { key: "dashboard", label: "/dashboard (signed in)", app, path: "/dashboard", cookie },
  ]);
  await app.stop();
  const calls = steady.calls + server.underLoad.calls;
  const views = steady.views + server.underLoad.views;
  results.authCalls = {
    calls,
    views,
    perView: views > 0 ? calls / views : undefined,
    sequential: steady,
    underLoad: server.underLoad,
  };
  results.parts.push("core");
}

async function main() {
  checkPrerequisites();
  const results = {
    startedAt: new Date().toISOString(),
    buildDir: relative(root, settings.buildDir) || ".",
    machine: machineInfo(),
    settings: { ...settings },
    parts: [],
    lighthouse: [],
  };

  const { loadAverageAtStart: load, nproc } = results.machine;
  if (load > nproc / 2)
    step(`warning: load average ${load} on ${nproc} CPUs: other work will skew these numbers`);

  step("building the bare Remix reference page");
  const bareBuild = await buildBarePage();
  let bareServer;
  const bare = async () => (bareServer ??= await startBarePage(bareBuild));

  if (settings.productData !== "only") await measureCore(results, bare);
  if (settings.productData !== "0") {
    results.productData = await measureProductData(bare);
    results.parts.push("product-data");
  }

  results.finishedAt = new Date().toISOString();
  results.budgets = evaluateBudgets(results);
  const rows = tableRows(results);
  const { json, machine } = writeResults(results, rows);
  process.stdout.write(`\n${textTable(rows)}\n\n${machine}\nWritten to ${relative(root, json)}\n`);
}

const watchdog = setTimeout(() => {
  step(`the run exceeded ${settings.timeoutMinutes} minutes: stopping`);
  void stopAll().then(() => process.exit(1));
}, settings.timeoutMinutes * 60_000);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    step(`${signal}: stopping`);
    void stopAll().then(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  // A failed fetch says why only in its cause (a refused or reset connection, a timeout).
  const cause =
    error instanceof Error && error.cause ? `\ncause: ${error.cause.stack ?? error.cause}` : "";
  process.stderr.write(`[bench] failed: ${error instanceof Error ? error.stack : error}${cause}\n`);
  exitCode = 1;
} finally {
  await stopAll();
  clearTimeout(watchdog);
}
process.exit(exitCode);
