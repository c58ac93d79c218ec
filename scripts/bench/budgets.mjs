// The performance budgets: each one's limit, how it is checked against the results, and what it
// protects. A miss is reported, never an error.

const KB = 1000;
const KIB = 1024;

function check(id, label, value, pass, display, limit, protects) {
  const status = value === undefined || value === null ? "n/a" : pass ? "pass" : "MISS";
  return { id, label, value, display, limit, status, protects };
}

const lighthouseOf = (results, path) => results.lighthouse.find((page) => page.path === path);

/** The budgets of the bench's first part (pages, bytes, Lighthouse, session, auth calls). */
function coreBudgets(results) {
  const budgets = [];
  const pages = results.client?.pages ?? [];
  const landing = pages.find((page) => page.path === "/");
  budgets.push(
    check(
      "landing-js",
      "`/` JS, gzip, in all",
      landing?.js.gzip,
      landing && landing.js.gzip <= 100 * KB,
      landing && `${(landing.js.gzip / KB).toFixed(1)} KB`,
      "≤ 100 KB",
      "first visit on a phone: every KB of script is download, parse and compile before the page reacts",
    ),
  );
  const wire = [
    ["chromium", "brotli", "Chromium's own Accept-Encoding (brotli)"],
    ["gzip", "gzip", "Accept-Encoding: gzip, deflate"],
  ];
  for (const [id, key, how] of wire) {
    const measured = results.browser?.[key];
    budgets.push(
      check(
        `landing-js:${id}`,
        `\`/\` JS over the wire in Chromium, ${how}`,
        measured?.bytes,
        measured && measured.bytes <= 100 * KIB,
        measured && `${(measured.bytes / KIB).toFixed(1)} KiB in ${measured.requests} requests`,
        "≤ 100 KiB",
        "what a first visit really downloads: compressed bodies plus response headers",
      ),
    );
  }
  for (const page of pages.filter((p) => p.path !== "/")) {
    budgets.push(
      check(
        `route-js:${page.path}`,
        `${page.path} JS beyond \`/\`, gzip`,
        page.addedJs.gzip,
        page.addedJs.gzip <= 20 * KB,
        `${(page.addedJs.gzip / KB).toFixed(1)} KB`,
        "≤ 20 KB",
        "signing in or moving between sprints stays fast: a route adds only its own code",
      ),
    );
  }
  const home = lighthouseOf(results, "/");
  const score = (id) => (home && !home.error ? home.scores[id] : undefined);
  const scoreBudgets = [
    ["performance", 95, "≥ 95", "the landing page is the first impression, on a mid-range phone"],
    ["accessibility", 100, "= 100", "every client can use the portal with assistive technology"],
    ["best-practices", 100, "= 100", "no console errors, deprecated APIs or unsafe patterns"],
    ["seo", 90, "≥ 90", "the public page can be found and shared"],
  ];
  for (const [id, min, limit, protects] of scoreBudgets) {
    const value = score(id);
    budgets.push(
      check(
        `lh-${id}`,
        `Lighthouse ${id} on \`/\``,
        value,
        value >= min,
        value === undefined ? undefined : `${value}`,
        limit,
        protects,
      ),
    );
  }
  for (const page of results.lighthouse) {
    const value = page.error ? undefined : page.cls;
    budgets.push(
      check(
        `cls:${page.path}`,
        `CLS on ${page.path}`,
        value,
        value === 0,
        value === undefined ? undefined : value.toFixed(3),
        "= 0",
        "nothing moves under the reader's finger while the page loads (sidebar, toasts, fonts)",
      ),
    );
  }
  for (const row of results.sessionCheck ?? []) {
    budgets.push(
      check(
        `session-cost:${row.connections}`,
        `Session check cost, /dashboard @${row.connections}`,
        Number.isFinite(row.cost) ? row.cost : undefined,
        row.cost <= 0.1,
        `${(row.cost * 100).toFixed(1)}%`,
        "≤ 10%",
        "verifying the cookie locally (cached JWKS) stays cheap next to rendering the page",
      ),
    );
  }
  const shares = [
    ["dashboard", "/dashboard", 0.5, "signed-in pages cost at most twice what Remix alone costs"],
    ["landing", "/", 0.6, "the public page stays close to what the stack alone can serve"],
  ];
  for (const [key, path, min, protects] of shares) {
    const row = results.referenceShare?.rows.find((r) => r.key === key);
    budgets.push(
      check(
        `share:${path}`,
        `${path} req/s, share of the bare Remix page's`,
        row?.shareOfBare,
        row?.shareOfBare >= min,
        row && `${(row.shareOfBare * 100).toFixed(0)}%`,
        `≥ ${min * 100}%`,
        protects,
      ),
    );
  }
  const auth = results.authCalls;
  budgets.push(
    check(
      "auth-calls",
      "Auth-service calls per signed-in view",
      auth?.perView,
      auth?.perView === 0,
      auth && `${auth.calls} in ${auth.views.toLocaleString("en-US")} views`,
      "= 0",
      "signed-in pages do not depend on, or load, the auth service (no /user call per request)",
    ),
  );
  return budgets;
}

/**
 * Each signed-in page next to the bare page, its data read: at least half its throughput on
 * SQLite, and PostgreSQL within a tenth of SQLite's share.
 */
function signedInShareBudgets(share) {
  const rowOf = (engine, path) => share.rows.find((row) => row.key === `${engine}:${path}`);
  const paths = [...new Set(share.rows.slice(1).map((row) => row.key.split(":")[1]))];
  return paths.flatMap((path) => {
    const sqlite = rowOf("sqlite", path)?.shareOfBare;
    const postgres = rowOf("postgres", path)?.shareOfBare;
    const shown = (value) => (value === undefined ? undefined : `${(value * 100).toFixed(0)}%`);
    return [
      check(
        `data-share:sqlite:${path}`,
        `${path} req/s with its data read (SQLite), share of the bare Remix page's`,
        sqlite,
        sqlite >= 0.5,
        shown(sqlite),
        "≥ 50%",
        "a client's own pages cost at most twice what Remix alone costs",
      ),
      check(
        `data-share:postgres:${path}`,
        `${path} share on PostgreSQL, next to SQLite's`,
        postgres,
        sqlite !== undefined && postgres >= sqlite * 0.9,
        postgres === undefined ? undefined : `${shown(postgres)} (SQLite ${shown(sqlite)})`,
        "within 10% of SQLite's",
        "the shared database several instances use costs a view little more than the embedded file",
      ),
    ];
  });
}

/**
 * The console at scale, on each engine: "Needs attention" and the Stuck filter at 80% or more of
 * the list's rate before anyone was late, p99 under 500 ms; /healthz answering meanwhile.
 */
function consoleBudgets(staff) {
  const label = staff.engine === "postgres" ? "PostgreSQL" : "SQLite";
  const { plain, runs } = staff.attention ?? {};
  const budgets = runs
    ? runs.flatMap((run) => {
        const share = plain && run.requestsPerSecond / plain.requestsPerSecond;
        const what = run.key === "staff-stuck" ? "/staff?show=stuck" : "/staff, Needs attention";
        return [
          check(
            `console-share:${staff.engine}:${run.key}`,
            `${what} (${label}), share of the list's rate before anyone was late`,
            share,
            share >= 0.8,
            share === undefined ? undefined : `${(share * 100).toFixed(0)}%`,
            "≥ 80%",
            "an agency's console stays as quick when a third of its clients fall behind",
          ),
          check(
            `console-p99:${staff.engine}:${run.key}`,
            `${what} (${label}), p99 at 10 connections`,
            run.latency.p99,
            run.latency.p99 < 500,
            `${Math.round(run.latency.p99)} ms`,
            "< 500 ms",
            "staff triaging the clients who need them never wait half a second",
          ),
        ];
      })
    : [];
  for (const run of staff.companies?.after ?? []) {
    const before = staff.companies.before.find((one) => one.path === run.path);
    const share = before && run.requestsPerSecond / before.requestsPerSecond;
    budgets.push(
      check(
        `companies-share:${staff.engine}:${run.path}`,
        `${run.path} (${label}), clients of three people: share of one person each`,
        share,
        share >= 0.9,
        share === undefined ? undefined : `${(share * 100).toFixed(0)}%`,
        "≥ 90%",
        "an agency whose clients are companies of several people keeps the console's pace",
      ),
    );
  }
  const health = staff.healthUnderLoad?.probes?.find((probe) => probe.path === "/healthz");
  budgets.push(
    check(
      `console-health:${staff.engine}`,
      `/healthz p99 while /staff is under load (${label})`,
      health?.p99,
      health?.p99 < 100,
      health && `${Math.round(health.p99)} ms`,
      "< 100 ms",
      "an orchestrator's health probe is not mistaken for a dead instance while staff work",
    ),
  );
  return budgets;
}

/** The product data's budgets: the signed-in pages' size and throughput, and the read's cost. */
function productDataBudgets(results) {
  const data = results.productData;
  const dashboard = data.shapes.find((shape) => shape.path === "/dashboard");
  const sqlite = data.readCost.find((cost) => cost.engine === "sqlite");
  const value = sqlite && sqlite.readAndView.cpuMicros / 1000;
  return [
    check(
      "dashboard-html",
      "/dashboard HTML, raw (signed in)",
      dashboard?.raw,
      dashboard?.raw <= 20 * KB,
      dashboard && `${(dashboard.raw / KB).toFixed(1)} KB`,
      "≤ 20 KB",
      "a phone on a slow network parses and paints the page clients use most without waiting",
    ),
    ...signedInShareBudgets(data.share),
    ...(data.staff ?? []).flatMap(consoleBudgets),
    check(
      "data-read-cpu",
      "Product-data read + programme view, CPU per view (SQLite, in-process)",
      value,
      value <= 0.2,
      value === undefined ? undefined : `${value.toFixed(3)} ms`,
      "≤ 0.2 ms",
      "keeping each client's place in a database costs a signed-in view next to nothing",
    ),
  ];
}

/** The budgets of the parts this run measured. */
export function evaluateBudgets(results) {
  return [
    ...(results.parts.includes("core") ? coreBudgets(results) : []),
    ...(results.parts.includes("product-data") ? productDataBudgets(results) : []),
  ];
}
