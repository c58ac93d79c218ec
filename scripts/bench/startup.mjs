// Start-up and sign-in costs: cold start of `node build/main.js` (embedded auth, fresh data folder)
// to the first 200 on `/`, and one scrypt password hash with the auth server's parameters.
import { randomBytes, scrypt } from "node:crypto";
import { spawnApp, waitFor200 } from "./processes.mjs";

/** auth-server/passwords.ts: N = 2^logN, r = 8, p = 1, 64-byte key, maxmem = 256·N·r + 1 MiB. */
export function scryptOnce(logN) {
  const N = 2 ** logN;
  const r = 8;
  const options = { N, r, p: 1, maxmem: 256 * N * r + 1024 * 1024 };
  const started = performance.now();
  return new Promise((resolve, reject) =>
    scrypt("Bench-password-1234", randomBytes(16), 64, options, (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    ),
  );
}

export async function scryptTimes(logN, runs) {
  await scryptOnce(logN);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await scryptOnce(logN));
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
