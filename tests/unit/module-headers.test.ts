// Every source module opens with a header of at most three `//` lines: its job and its invariant,
// the reasons left to docs/decisions (named by number). No header points outside the repository,
// and every module under app/ and server/ has one (type declarations aside).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const MAX_HEADER_LINES = 3;
/** What a header must not point at: issues, notes and documents kept outside the repository. */
const OUTSIDE_POINTER = /issue #|\bissue \d|shared\/|notes\/|spec section|\bthe spec\b/i;
/** Folders whose every module needs a header of its own. */
const HEADER_REQUIRED = /^(app|server)\//;

const modules = execFileSync(
  "git",
  ["ls-files", "app", "server", "scripts", "tests", "packages/auth-server"],
  { cwd: root, encoding: "utf8" },
)
  .split("\n")
  .filter((path) => /\.(ts|tsx|mjs|js)$/.test(path) && existsSync(join(root, path)));

/** The module's leading `//` lines. */
function header(path: string): string[] {
  const lines = readFileSync(join(root, path), "utf8").split(/\r?\n/);
  const end = lines.findIndex((line) => !line.startsWith("//"));
  return end === -1 ? lines : lines.slice(0, end);
}

const headers = modules.map((path) => ({ path, lines: header(path) }));

describe("module headers", () => {
  it("finds the modules", () => {
    expect(modules.length).toBeGreaterThan(100);
  });

  it(`are at most ${MAX_HEADER_LINES} lines`, () => {
    const long = headers
      .filter(({ lines }) => lines.length > MAX_HEADER_LINES)
      .map(({ path, lines }) => `${path} (${lines.length} lines)`);
    expect(long, "move the why into an ADR and name it: (decision NNN)").toEqual([]);
  });

  it("point at nothing outside the repository", () => {
    const pointing = headers
      .filter(({ lines }) => OUTSIDE_POINTER.test(lines.join("\n")))
      .map(({ path }) => path);
    expect(pointing, "name a decision (docs/decisions) instead").toEqual([]);
  });

  it("open every module under app/ and server/", () => {
    const missing = headers
      .filter(({ path }) => HEADER_REQUIRED.test(path) && !path.endsWith(".d.ts"))
      .filter(({ lines }) => lines.length === 0)
      .map(({ path }) => path);
    expect(missing, "start each with its job and invariant in 1-3 `//` lines").toEqual([]);
  });
});
