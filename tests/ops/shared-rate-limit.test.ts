// The shared rate-limit store against a real Redis (Debian's redis-server, started here on a free
// port): two app instances count one visitor's failed sign-ins together, the counts live in
// Redis, and when Redis goes away sign-in keeps working on each instance's own counts.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postSignIn, type RunningProcess } from "../support/processes";
import { startInstancesSharingRedis, type InstancesSharingRedis } from "../support/redis";

const PER_EMAIL = 3;

describe("rate limits shared through Redis", () => {
  let shared: InstancesSharingRedis;
  let apps: RunningProcess[];

  beforeAll(async () => {
    shared = await startInstancesSharingRedis({
      RATE_LIMIT_SIGN_IN_PER_EMAIL: String(PER_EMAIL),
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
    });
    apps = shared.apps;
  }, 60_000);

  afterAll(async () => {
    await shared?.stop();
  });

  it("counts one address's failed sign-ins across both instances, in Redis", async () => {
    const email = `shared-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let index = 0; index <= PER_EMAIL; index++) {
      const app = apps[index % 2]!;
      statuses.push((await postSignIn(app, email, "Wrong-Password-1!")).status);
    }
    // Each instance saw at most two attempts: only a shared count reaches the limit of three.
    expect(statuses).toEqual([400, 400, 400, 429]);

    const client = new Redis(shared.redisPort, "127.0.0.1");
    try {
      const keys = await client.keys("portal:sign-in-failures*");
      // One count for the (address, IP) pair, one for the address.
      expect(keys.filter((key) => key.includes(email))).toHaveLength(2);
    } finally {
      client.disconnect();
    }
    for (const app of apps) expect(app.output()).toContain('"event":"redis_ready"');
  });

  it("keeps sign-in working on local counts when Redis goes away", async () => {
    await shared.stopRedis();
    const email = `fallback-${Date.now()}@example.com`;
    const first = await postSignIn(apps[0]!, email, "Wrong-Password-1!");
    expect(first.status).toBe(400);
    expect(await first.text()).toContain("Invalid email or password. Please try again.");
    // Without the shared store each instance counts alone, and still limits.
    const statuses: number[] = [];
    for (let index = 1; index <= PER_EMAIL; index++) {
      statuses.push((await postSignIn(apps[0]!, email, "Wrong-Password-1!")).status);
    }
    expect(statuses).toEqual([400, 400, 429]);
    await vi.waitFor(() => expect(apps[0]!.output()).toContain('"event":"redis_unavailable"'), {
      timeout: 5_000,
    });
    for (const app of apps) expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
