// Revocation markers in memory (no REDIS_URL): tokens issued before the marker are refused, later
// ones and other users' are not.
import { beforeAll, describe, expect, it } from "vitest";
import type * as Revocations from "~/session/revocations.server";

let revocations: typeof Revocations;

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "unit-test-secret-unit-test-secret-0123";
  delete process.env.REDIS_URL;
  revocations = await import("~/session/revocations.server");
});

describe("revocation markers", () => {
  it("refuse tokens issued before the marker, and only the marked user's", async () => {
    const userId = "00000000-0000-4000-8000-000000000001";
    const now = Math.floor(Date.now() / 1000);
    expect(await revocations.isRevoked(userId, now - 10)).toBe(false);
    await revocations.revokeSessionsBefore(userId, now);
    expect(await revocations.isRevoked(userId, now - 10)).toBe(true);
    expect(await revocations.isRevoked(userId, undefined)).toBe(true);
    expect(await revocations.isRevoked(userId, now)).toBe(false);
    expect(await revocations.isRevoked(userId, now + 5)).toBe(false);
    expect(await revocations.isRevoked("00000000-0000-4000-8000-000000000002", now - 10)).toBe(
      false,
    );
  });
});
