// `npm test`: the whole suite as steps (typecheck, lint, build, unit/integration/ops, end to end),
// stopping at the first that fails; then each step's wall time and each runner's 15 slowest tests,
// so a slower suite shows in the log of the change that slowed it. The build runs with at most
// 1,024 open files, the limit of many CI runners and container builders.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const OPEN_FILE_LIMIT = 1024;
const SLOWEST = 15;

/** Where the runners write their JSON reports (vitest.config.ts, playwright.config.ts). */
const REPORTS = {
  vitest: "reports/vitest.json",
  playwright: "reports/e2e.json",
};

const steps = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  {
    name: "build",
    command: `ulimit -Sn ${OPEN_FILE_LIMIT} && ulimit -Hn ${OPEN_FILE_LIMIT} && npm run build`,
  },
  { name: "unit/integration/ops", command: "npm run test:unit" },
  { name: "end to end", command: "npm run e2e" },
];

function run(command) {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], { stdio: "inherit" });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

/** Vitest's JSON report: one entry per test, named by its file and titles. */
function vitestDurations(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${file.name.replace(`${process.cwd()}/`, "")} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
}

/** Playwright's JSON report: one entry per test and project. */
function playwrightDurations(report) {
  const found = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((total, result) => total + result.duration, 0);
        found.push({ name: `[${test.projectName}] ${[...path, spec.title].join(" › ")}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return found;
}

function printSlowest(title, durations) {
  console.log(`\n${title}: the ${SLOWEST} slowest of ${durations.length} tests`);
  for (const { name, ms } of durations.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
  }
}

for (const report of Object.values(REPORTS)) rmSync(report, { force: true });
const started = Date.now();
const times = [];
let failed;
for (const step of steps) {
  const stepStarted = Date.now();
  console.log(`\n=== ${step.name}: ${step.command}`);
  const code = await run(step.command);
  times.push({ name: step.name, ms: Date.now() - stepStarted, code });
  if (code !== 0) {
    failed = step.name;
    break;
  }
}

console.log("\n=== npm test: wall time per step");
for (const { name, ms, code } of times) {
  console.log(`  ${name.padEnd(22)} ${seconds(ms).padStart(9)}${code === 0 ? "" : "  (failed)"}`);
}
console.log(`  ${"total".padEnd(22)} ${seconds(Date.now() - started).padStart(9)}`);
const vitest =
  times.some((step) => step.name === "unit/integration/ops") && readJson(REPORTS.vitest);
if (vitest) printSlowest("Vitest", vitestDurations(vitest));
const playwright = times.some((step) => step.name === "end to end") && readJson(REPORTS.playwright);
if (playwright) printSlowest("Playwright", playwrightDurations(playwright));

if (failed) {
  console.error(`\nnpm test failed at: ${failed}`);
  process.exit(1);
}
