// Revocation markers on both engines: other sessions' tokens issued up to the marker's second are
// refused with its reason, the session that made the change is spared, later tokens and other
// users pass, and another instance's marker is seen within a second (decision 014).
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ENGINES, stopEngines, useEngine } from "../support/engines";

afterAll(stopEngines);

describe.each(ENGINES)("revocation markers on %s", (engine) => {
  beforeAll(async () => {
    await useEngine(engine);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("end other sessions' tokens up to the marker's second, sparing the kept session", async () => {
    const { revokeSessions, revocationOf } = await import("~/session/revocations.server");
    const user = randomUUID();
    // Mid-second, on a clock that stands still: the marker's second is the one the tokens use.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 500);
    const second = Math.floor(Date.now() / 1000);
    expect(await revocationOf(user, "s-other", second - 10)).toBeNull();
    await revokeSessions(user, "s-kept", "password-changed");
    expect(await revocationOf(user, "s-other", second - 10)).toBe("password-changed");
    // Issued in the marker's own second: refused, whether before or after it within the second.
    expect(await revocationOf(user, "s-other", Math.floor(Date.now() / 1000))).toBe(
      "password-changed",
    );
    expect(await revocationOf(user, "s-kept", second - 10)).toBeNull();
    expect(await revocationOf(user, "s-new", Math.floor(Date.now() / 1000) + 1)).toBeNull();
    expect(await revocationOf(randomUUID(), "s-other", second - 10)).toBeNull();
  });

  it("sees a marker another instance wrote, once its one-second cache has passed", async () => {
    const { revocationOf } = await import("~/session/revocations.server");
    const { saveRevocation } = await import("~/data/session-revocations.server");
    const { inTransaction } = await import("~/data/connection.server");
    const user = randomUUID();
    const before = Math.floor(Date.now() / 1000) - 5;
    expect(await revocationOf(user, "s-any", before)).toBeNull();
    await inTransaction((trx) =>
      saveRevocation(trx, user, {
        revokedAt: Date.now(),
        keptSessionId: null,
        reason: "everywhere",
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await revocationOf(user, "s-any", before)).toBe("everywhere");
  });
});
