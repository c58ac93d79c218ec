// The bench's own bundles build from today's code and run: the in-process read measurement
// (bundled from app/ modules, so an app change can break it) and the bare Remix reference page.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildBarePage, startBarePage } from "../../scripts/bench/bare-page.mjs";
import { stopAll } from "../../scripts/bench/processes.mjs";
import { buildReadCost, measureReadCost } from "../../scripts/bench/read-cost.mjs";

afterAll(() => stopAll());

describe("the bench's bundles", () => {
  it("bundles the read measurement from the app's modules and runs it on SQLite", async () => {
    const script = await buildReadCost();
    const measured = await measureReadCost(script, {
      DATA_DIR: mkdtempSync(join(tmpdir(), "portal-bench-bundle-")),
    });
    expect(measured).toMatchObject({ engine: "sqlite", rounds: 5 });
    for (const phase of ["readAndView", "readOnly", "viewOnly"]) {
      expect(measured[phase].cpuMicros).toBeGreaterThan(0);
      expect(measured[phase].wallMicros).toBeGreaterThan(0);
    }
  }, 120_000);

  it("builds the bare reference page and serves it", async () => {
    const app = await startBarePage(await buildBarePage());
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<!DOCTYPE html>");
  }, 180_000);
});
