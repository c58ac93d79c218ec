// Where a signed-in view's CPU goes: the app runs under --cpu-prof while one page is loaded, and
// the main thread's samples are summed by area (React, HTTP, Remix, compression, the database
// driver, the app…) from each function's file; shares are of the thread's busy time, idle left out.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { settings } from "./config.mjs";
import { runLoad } from "./load.mjs";
import { scratchDir, startApp } from "./processes.mjs";

/** Areas in the order the table lists them; the first rule that matches a function's file wins. */
const AREAS = [
  ["garbage collection", (frame) => frame.functionName === "(garbage collector)"],
  [
    "V8 and native code outside JavaScript",
    (frame) => /^\((program|root)\)$/.test(frame.functionName),
  ],
  [
    "React rendering (react-dom, React, Remix's components)",
    (frame) =>
      /node_modules\/(react|react-dom|@remix-run\/react|react-router|react-router-dom|scheduler)\//.test(
        frame.url,
      ),
  ],
  [
    "Remix's server runtime (routing, loaders, turbo-stream)",
    (frame) => /node_modules\/(@remix-run\/(server-runtime|router)|turbo-stream)\//.test(frame.url),
  ],
  ["compression (zlib)", (frame) => /^node:zlib$|internal\/zlib/.test(frame.url)],
  [
    "database driver and query builder",
    (frame) => /node_modules\/(kysely|libsql|@libsql|pg|pg-[a-z-]+)\//.test(frame.url),
  ],
  [
    "crypto (session tokens, nonces)",
    (frame) => /node_modules\/jose\/|^node:crypto$|internal\/crypto/.test(frame.url),
  ],
  [
    "HTTP (Express, Remix's adapter, sockets)",
    (frame) =>
      /node_modules\/(express|@remix-run\/(express|node|web-[a-z]+)|undici|cookie|send|finalhandler|on-finished|body-parser|router|qs)\/|^node:(_http_[a-z]+|http|net)$|internal\/(http|net|url)/.test(
        frame.url,
      ) ||
      // Native socket writes, which the profile lists without a file.
      (frame.url === "" && /^write(v|Buffer|[A-Za-z0-9]*String)$/.test(frame.functionName)),
  ],
  [
    "the app's own code (server, routes, components)",
    (frame) => /\/build\/(main\.js|server\/)/.test(frame.url),
  ],
  [
    "other Node internals (streams, microtasks, encoding)",
    (frame) => /^node:/.test(frame.url) || frame.functionName === "runMicrotasks",
  ],
  ["other packages", (frame) => /node_modules\//.test(frame.url)],
  ["other", () => true],
];

/**
 * Self time per area, in ms, of one .cpuprofile's samples taken between `from` and `to` (µs of the
 * monotonic clock, which the profile's timestamps use too); idle samples are not counted.
 */
export function summariseProfile(profile, { from = -Infinity, to = Infinity } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (at < from || at > to || !frame || frame.functionName === "(idle)") return;
    const [area] = AREAS.find(([, matches]) => matches(frame));
    selfMs.set(area, (selfMs.get(area) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const busyMs = [...selfMs.values()].reduce((sum, value) => sum + value, 0);
  return AREAS.map(([area]) => ({ area, ms: selfMs.get(area) ?? 0 }))
    .filter((row) => row.ms > 0)
    .map((row) => ({ ...row, share: row.ms / busyMs }))
    .concat([{ area: "busy in all", ms: busyMs, share: 1 }]);
}

/**
 * Profiles `path` on a fresh app of `buildDir` (with `extra` environment, e.g. DATABASE_URL) while
 * it is loaded at `settings.shareConnections` connections for `seconds`. `prepare(app)` signs a
 * client in and returns the cookie. Returns the areas with their ms per request.
 */
export async function profilePage({ buildDir, path, prepare, extra = {}, seconds }) {
  const dir = scratchDir("portal-bench-profile-");
  const app = await startApp(buildDir, {
    name: "profile",
    extra,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  const cookie = await prepare(app);
  await runLoad({ url: `${app.url}${path}`, connections: 10, durationSeconds: 1, cookie });
  const micros = () => Number(process.hrtime.bigint() / 1000n);
  const from = micros();
  const load = await runLoad({
    url: `${app.url}${path}`,
    connections: settings.shareConnections,
    durationSeconds: seconds,
    cookie,
    headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  });
  const to = micros();
  // The profile is written as the process exits; the app's own process is the one with its pid.
  await app.stop();
  const file = readdirSync(dir).find((name) => name.includes(`.${app.child.pid}.`));
  if (!file) throw new Error(`no CPU profile of ${path} was written`);
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
  // Only the samples of the measured load: not start-up, sign-in or warm-up.
  const areas = summariseProfile(profile, { from, to });
  return {
    path,
    file: join(dir, file),
    window: { from, to },
    requests: load.total,
    areas: areas.map((row) => ({ ...row, msPerRequest: row.ms / load.total })),
  };
}
