// Debian's real redis-server for the operations tests, started on a free port without persistence,
// and two app instances sharing it (and one auth server), as several instances run behind a balancer.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Redis } from "ioredis";
import { freePort, startAppProcess, startAuthProcess, type RunningProcess } from "./processes";

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";

/** Starts redis-server on `port` (127.0.0.1) and resolves once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => null });
  probe.on("error", () => {
    // Refused until the server is up: the loop below retries.
  });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (
        await probe.connect().then(
          () => true,
          () => false,
        )
      )
        return child;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  } finally {
    probe.disconnect();
  }
}

export interface InstancesSharingRedis {
  redisPort: number;
  redis: ChildProcess;
  auth: RunningProcess;
  /** Two app instances, both using `auth` and the Redis at `redisPort`. */
  apps: [RunningProcess, RunningProcess];
  /** Stops redis-server (the apps keep running) and resolves once it has exited. */
  stopRedis: () => Promise<void>;
  /** Stops everything still running. */
  stop: () => Promise<void>;
}

/** One redis-server, one standalone auth server and two app instances (`appEnv` added) using both. */
export async function startInstancesSharingRedis(
  appEnv: Record<string, string> = {},
): Promise<InstancesSharingRedis> {
  const redisPort = freePort();
  const redis = await startRedis(redisPort);
  const stopRedis = async () => {
    if (redis.exitCode !== null || redis.signalCode !== null) return;
    const exited = once(redis, "exit");
    redis.kill();
    await exited;
  };
  // Whatever started is stopped again if a later step fails.
  const started: RunningProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((running) => running.stop()));
    await stopRedis();
  };
  const starting = async <T extends RunningProcess>(starts: Promise<T>): Promise<T> => {
    const running = await starts;
    started.push(running);
    return running;
  };
  try {
    const auth = await starting(startAuthProcess(freePort()));
    const env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, ...appEnv };
    const first = await starting(startAppProcess(freePort(), auth.url, env));
    const second = await starting(startAppProcess(freePort(), auth.url, env));
    return { redisPort, redis, auth, apps: [first, second], stopRedis, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
