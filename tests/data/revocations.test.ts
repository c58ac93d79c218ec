// Revocation markers in the product database, on both engines: tokens of other sessions issued up
// to the marker's second are refused (the same second too), the session that made the change is
// spared, later tokens and other users pass, and another instance's marker is seen within a second.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, stopEngines, useEngine } from "./engines";

afterAll(stopEngines);

describe.each(ENGINES)("revocation markers on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  it("end other sessions' tokens up to the marker's second, sparing the kept session", async () => {
    const { revokeSessions, isRevoked } = await import("~/session/revocations.server");
    const user = randomUUID();
    const second = Math.floor(Date.now() / 1000);
    expect(await isRevoked(user, "s-other", second - 10)).toBe(false);
    await revokeSessions(user, "s-kept");
    expect(await isRevoked(user, "s-other", second - 10)).toBe(true);
    // Issued in the marker's own second: refused, whether before or after it within the second.
    expect(await isRevoked(user, "s-other", Math.floor(Date.now() / 1000))).toBe(true);
    expect(await isRevoked(user, "s-kept", second - 10)).toBe(false);
    expect(await isRevoked(user, "s-new", Math.floor(Date.now() / 1000) + 1)).toBe(false);
    expect(await isRevoked(randomUUID(), "s-other", second - 10)).toBe(false);
  });

  it("sees a marker another instance wrote, once its one-second cache has passed", async () => {
    const { isRevoked } = await import("~/session/revocations.server");
    const { saveRevocation } = await import("~/data/session-revocations.server");
    const user = randomUUID();
    const before = Math.floor(Date.now() / 1000) - 5;
    expect(await isRevoked(user, "s-any", before)).toBe(false);
    await saveRevocation(user, { revokedAt: Date.now(), keptSessionId: null });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await isRevoked(user, "s-any", before)).toBe(true);
  });
});
