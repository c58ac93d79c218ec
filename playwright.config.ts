// End-to-end tests: Debian's Chromium (never a downloaded browser) against the production build,
// each spec in the projects tests/e2e/matrix.ts gives it (desktop and phone widths, JavaScript on
// and off), on both cores.
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { PROJECTS, specsFor, type ProjectName } from "./tests/e2e/matrix";
import { servers } from "./tests/support/e2e/servers";

const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  workers: 2,
  // Tests, not files, are shared out between the workers: no worker waits idle at the end.
  fullyParallel: true,
  retries: 0,
  // Generous on purpose: on CI runners pages with JavaScript have run up to ten times slower than
  // on a developer machine (the same tests without JavaScript did not), and a test that runs out of
  // time says nothing about the product. No test asserts a duration.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // The list as it runs, and the slowest tests at the end (scripts/test.mjs reads it).
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: servers.main.appUrl,
    launchOptions: chromiumLaunch,
    // A trace costs about a tenth of each test's time; CI keeps no artefacts, so only a developer's
    // run records one, for the tests that fail.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // Routed and emulated requests must reach the page as written; the offline-page worker has its
    // own tests, which allow it.
    serviceWorkers: "block",
    // The waves behind every page animate without end, and a headless Chromium without a GPU
    // repaints them in software: with the suite's pages open that took most of a CPU core of a
    // two-core runner. Pages honour reduced motion, so they stand still; the test of the waves
    // turns motion back on.
    reducedMotion: "reduce",
  },
  projects: (Object.keys(PROJECTS) as ProjectName[]).map((name) => ({
    name,
    testMatch: specsFor(name),
    use: { ...PROJECTS[name] },
  })),
  webServer: Object.values(servers).map((server) => ({
    command: `rm -rf .data/e2e/${server.name} && node ${server.launcher}`,
    // SIGTERM first: the PostgreSQL server's launcher stops its database on the way out.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    url: `${server.appUrl}/healthz`,
    env: server.env,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
