// The end-to-end suite stays inside its budget: every spec is in the matrix (tests/e2e/matrix.ts)
// and no spec is listed where it does not run (no test skips itself by project), and the browser
// runs Playwright lists stay under the ceiling. The count is printed, so the log shows it move.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BROWSER_RUN_CEILING, MATRIX } from "../e2e/matrix";

const root = join(import.meta.dirname, "../..");
const specDir = join(root, "tests/e2e");
const specs = readdirSync(specDir).filter((name) => name.endsWith(".spec.ts"));

/** Ways a test can skip itself, by its project or otherwise, at run time. */
const SELF_SKIP = /\b(test|info|testInfo)\.(skip|fixme)\s*\(/;

describe("the end-to-end matrix", () => {
  it("lists every spec, and only specs that exist", () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...specs].sort());
  });

  it("leaves no spec to skip itself by project", () => {
    const skipping = specs.filter((spec) =>
      SELF_SKIP.test(readFileSync(join(specDir, spec), "utf8")),
    );
    expect(skipping, "specs with a test.skip: list them in the projects they need").toEqual([]);
  });

  it(`keeps the browser runs at or under ${BROWSER_RUN_CEILING}`, { timeout: 60_000 }, () => {
    const listed = execFileSync(
      process.execPath,
      [join(root, "node_modules/@playwright/test/cli.js"), "test", "--list"],
      { cwd: root, encoding: "utf8", env: { ...process.env, CI: "" } },
    );
    const total = Number(/^Total: (\d+) tests? in \d+ files?$/m.exec(listed)?.[1]);
    console.log(`end-to-end: ${total} browser runs listed (ceiling ${BROWSER_RUN_CEILING})`);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BROWSER_RUN_CEILING);
  });
});
