// Start-up and sign-in costs: cold start of `node build/main.js` (embedded auth, fresh data folder)
// to the first 200 on `/`, and one bcrypt password hash at the auth server's cost.
import { hash } from "@node-rs/bcrypt";
import { spawnApp, waitFor200 } from "./processes.mjs";

/** packages/auth-server/passwords.ts: bcrypt through @node-rs/bcrypt, on libuv's pool. */
async function bcryptOnce(cost) {
  const started = performance.now();
  await hash("Bench-password-1234", cost);
  return performance.now() - started;
}

export async function bcryptTimes(cost, runs) {
  await bcryptOnce(cost);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await bcryptOnce(cost));
  return times;
}

/** Spawn → first 200 on `/`, `runs` times, each with a new data folder; the child is stopped. */
export async function coldStarts(buildDir, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const app = await spawnApp(buildDir, { name: `cold-${i}` });
    try {
      times.push(await waitFor200(app, "/"));
    } finally {
      await app.stop();
    }
  }
  return times;
}
