// At start-up the file store drops uploads a crash or a cut connection left half-written (older
// than the upload timeout) and keeps those that may still be arriving, and every stored file.
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { removeAbandonedUploads } from "~/files/store.server";

const HOUR = 3_600_000;

describe("removeAbandonedUploads", () => {
  it("removes partial uploads older than the timeout, and nothing else", async () => {
    const root = mkdtempSync(join(tmpdir(), "portal-files-"));
    const incoming = join(root, "incoming");
    mkdirSync(incoming);
    const now = Date.now();
    for (const [name, ageMs] of [
      ["abandoned", 2 * HOUR],
      ["arriving", 60_000],
    ] as const) {
      writeFileSync(join(incoming, name), "partial");
      const at = new Date(now - ageMs);
      utimesSync(join(incoming, name), at, at);
    }
    writeFileSync(join(root, "stored-file-id"), "whole");

    await removeAbandonedUploads(root, HOUR, now);

    expect(readdirSync(incoming)).toEqual(["arriving"]);
    expect(readdirSync(root).sort()).toEqual(["incoming", "stored-file-id"]);
  });

  it("is content with a store that has no uploads yet", async () => {
    const root = mkdtempSync(join(tmpdir(), "portal-files-"));
    await expect(removeAbandonedUploads(root, HOUR)).resolves.toBeUndefined();
  });
});
