// The one Redis connection of this process (REDIS_URL), shared by everything kept there; null
// without REDIS_URL. It reconnects on its own and never queues commands while disconnected, so a
// caller falls back at once; each change of its state is logged once.
import type { Redis } from "ioredis";
import { once } from "node:events";
import { getEnv } from "./env.server";
import { log } from "./log.server";

/** How long the first user waits for the connection before going on without it. */
const CONNECT_WAIT_MS = 1000;

let client: Promise<Redis | null> | undefined;

async function connect(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let healthy: boolean | undefined;
  const report = (nowHealthy: boolean, detail?: string) => {
    if (healthy === nowHealthy) return;
    healthy = nowHealthy;
    if (nowHealthy) log("info", "redis_ready", {});
    else log("warn", "redis_unavailable", { detail });
  };
  redis.on("ready", () => report(true));
  redis.on("error", (error: Error) => report(false, error.message));
  redis.on("close", () => report(false, "connection closed"));
  await Promise.race([
    once(redis, "ready"),
    new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref()),
  ]).catch(() => undefined);
  return redis;
}

export function redisClient(): Promise<Redis | null> {
  const url = getEnv().REDIS_URL;
  client ??= url ? connect(url) : Promise.resolve(null);
  return client;
}
