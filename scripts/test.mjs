// `npm test`: typecheck, lint and the build side by side (one core each is all they use), then
// Vitest, then Playwright, stopping at the first step that fails; then each step's wall time and
// each runner's 15 slowest tests. The build runs with at most 1,024 open files (decision 046).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const OPEN_FILE_LIMIT = 1024;
const SLOWEST = 15;

/** Where the runners write their JSON reports (vitest.config.ts, playwright.config.ts). */
const REPORTS = {
  vitest: "reports/vitest.json",
  playwright: "reports/e2e.json",
};

/** Each stage's steps run at once; a stage starts when the one before it has passed. */
const stages = [
  [
    { name: "typecheck", command: "npm run typecheck" },
    { name: "lint", command: "npm run lint" },
    {
      name: "build",
      command: `ulimit -Sn ${OPEN_FILE_LIMIT} && ulimit -Hn ${OPEN_FILE_LIMIT} && npm run build`,
    },
  ],
  [{ name: "unit/integration/ops", command: "npm run test:unit" }],
  [{ name: "end to end", command: "npm run e2e" }],
];

/**
 * Runs `command`; its exit code. Alone in its stage, its output streams as it comes; beside others,
 * each step's output is printed whole when it ends, so none is interleaved.
 */
function run({ name, command }, alone) {
  const header = `\n=== ${name}: ${command}\n`;
  if (alone) process.stdout.write(header);
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.once("close", (code, signal) => {
      if (!alone) process.stdout.write(Buffer.concat([Buffer.from(header), ...output]));
      resolve(code ?? (signal ? 1 : 0));
    });
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
for (const stage of stages) {
  const finished = await Promise.all(
    stage.map(async (step) => {
      const stepStarted = Date.now();
      const code = await run(step, stage.length === 1);
      return { name: step.name, ms: Date.now() - stepStarted, code };
    }),
  );
  times.push(...finished);
  failed = finished.find((step) => step.code !== 0)?.name;
  if (failed) break;
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
