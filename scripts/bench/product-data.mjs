// The bench's product-data part on SQLite and a throwaway PostgreSQL, a client part-way through
// sprint 1: signed-in pages' HTML, beside the bare page and under load, each profiled; the tick; the
// staff list and conversation at 10,000 clients; a hand-in to S3; read CPU per view.
import { startPostgres } from "../postgres.mjs";
import { settings } from "./config.mjs";
import { treeCpuSeconds } from "./cpu.mjs";
import { profilePage } from "./cpu-profile.mjs";
import { measureBucketHandIn, measureHandIns } from "./hand-ins.mjs";
import { pageShape } from "./page-shape.mjs";
import { freePort, onStop, scratchDir, startApp } from "./processes.mjs";
import { buildReadCost, measureReadCost } from "./read-cost.mjs";
import { referenceShare } from "./reference-share.mjs";
import { measureEndpoints } from "./server-load.mjs";
import { SPRINT_ID, TICK, TICKED_TASKS } from "./seeded-client.mjs";
import { createConfirmedUser, expect200, postForm, signIn } from "./session.mjs";
import { measureStaffList } from "./staff-list.mjs";
import { step as logStep } from "./report.mjs";

const PAGES = ["/dashboard", `/dashboard/sprint-${SPRINT_ID}`, "/dashboard/account"];
const SPRINT = `/dashboard/sprint-${SPRINT_ID}`;
const LABELS = { sqlite: "SQLite", postgres: "PostgreSQL" };
const step = (message) => logStep(`product data: ${message}`);

/** A PostgreSQL cluster for this run, stopped by stopAll() if the run ends early. */
async function startCluster() {
  const postgres = startPostgres(await freePort());
  const stop = onStop(() => postgres.stop());
  return {
    /** A new, empty database in the cluster: its connection string. */
    database(name) {
      postgres.psql(["-c", `CREATE DATABASE ${name}`]);
      return postgres.url.replace("/postgres?", `/${name}?`);
    },
    /** CPU seconds of the server and its backends so far. */
    cpuSeconds: () => treeCpuSeconds(postgres.pid),
    pid: postgres.pid,
    stop,
  };
}

/**
 * The app of one engine, and a signed-in client who has opened sprint 1 (its countdown started) and
 * ticked a few tasks. On PostgreSQL the app's CPU counts the database server's too, which
 * `databaseCpuSeconds` gives apart.
 */
async function startEngine(name) {
  const cluster = name === "postgres" ? await startCluster() : undefined;
  const extra = cluster ? { DATABASE_URL: cluster.database("portal") } : {};
  const app = await startApp(settings.buildDir, { name: `data-${name}`, extra });
  if (cluster) {
    const appCpuSeconds = app.cpuSeconds;
    app.cpuSeconds = () => appCpuSeconds() + cluster.cpuSeconds();
    app.databaseCpuSeconds = cluster.cpuSeconds;
  }
  const cookie = await preparedClient(app, name);
  for (const path of PAGES) await expect200(`${app.url}${path}`, cookie);
  return { name, app, cookie, cluster, extra };
}

/**
 * A client of `app` in the same state as the engine's own (signed in with JavaScript, so with the
 * browser's zone; sprint opened; ticks).
 */
async function preparedClient(app, name) {
  const email = `client-${name}-${Date.now()}@bench.example.test`;
  await createConfirmedUser(app.authUrl, email);
  const { cookie } = await signIn(app.url, email, undefined, { timeZone: "UTC" });
  await expect200(`${app.url}${SPRINT}`, cookie);
  for (const taskId of TICKED_TASKS)
    await postForm(app.url, SPRINT, { taskId, status: "completed" }, cookie);
  return cookie;
}

/** Each page on each engine, engines side by side; then the tick on each. */
function endpointsOf(engines) {
  const pages = PAGES.flatMap((path) =>
    engines.map(({ name, app, cookie }) => ({
      key: `${name}:${path}`,
      label: `${LABELS[name]} · GET ${path}`,
      target: app,
      path,
      cookie,
    })),
  );
  const ticks = engines.map(({ name, app, cookie }) => ({
    key: `${name}:tick`,
    label: `${LABELS[name]} · POST ${SPRINT} (tick → 302)`,
    target: app,
    path: SPRINT,
    cookie,
    method: "POST",
    body: new URLSearchParams(TICK).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    expectStatus: 302,
  }));
  return [...pages, ...ticks];
}

/** The in-process read cost on each engine, each on a database of its own. */
async function readCosts(engines) {
  const script = await buildReadCost();
  const costs = [];
  for (const { name, cluster } of engines) {
    const database = { DATA_DIR: scratchDir("portal-bench-read-cost-") };
    if (cluster)
      Object.assign(database, { DATABASE_URL: cluster.database("read_cost"), pid: cluster.pid });
    costs.push({ label: LABELS[name], ...(await measureReadCost(script, database)) });
  }
  return costs;
}

/** `bare()` starts (or gives) the bare Remix page; returns every figure of this part. */
export async function measureProductData(bare) {
  const engines = [];
  for (const name of settings.engines) {
    step(`starting the ${name} app and a client with some state`);
    engines.push(await startEngine(name));
  }
  step("the signed-in pages' HTML");
  const [first] = engines;
  const shapes = [];
  for (const path of PAGES)
    shapes.push({ path, ...pageShape(await expect200(`${first.app.url}${path}`, first.cookie)) });

  const targets = PAGES.flatMap((path) =>
    engines.map(({ name, app, cookie }) => ({
      key: `${name}:${path}`,
      label: `${LABELS[name]} · ${path} (signed in)`,
      app,
      path,
      cookie,
    })),
  );
  step(
    `throughput next to the bare page: ${settings.shareSlices} rounds × ${targets.length + 1} pages × ${settings.shareSliceSeconds} s`,
  );
  const share = await referenceShare(await bare(), targets);

  const endpoints = endpointsOf(engines);
  step(
    `pages and the tick under load: ${endpoints.length * settings.connections.length} runs × ${settings.durationSeconds} s`,
  );
  const runs = await measureEndpoints(endpoints);

  const staff = [];
  for (const engine of engines) {
    step(
      `${engine.name}: the staff list and the conversation at ${settings.staffClients.toLocaleString("en-US")} clients`,
    );
    const list = await measureStaffList(engine, LABELS[engine.name]);
    // Its background directory syncs must not run under the next engine's measurements.
    await engine.app.stop();
    step(`${engine.name}: the review queue and the files page at 10,000 rows, a 100 MB hand-in`);
    // A failure here is reported in its rows, and the rest of the run still stands.
    const handIns = await measureHandIns(engine, LABELS[engine.name]).catch((error) => ({
      error: String(error?.message ?? error),
    }));
    staff.push({ engine: engine.name, ...list, handIns });
  }

  step("a 100 MB hand-in to the S3 server (Swift) and its download, on an app of its own");
  const bucketHandIn = await measureBucketHandIn();

  step(`the read's CPU per view, in-process (${settings.readCostViews} views per engine)`);
  const readCost = await readCosts(engines);

  const profiles = [];
  for (const path of PAGES) {
    step(`a CPU profile of ${path} on ${LABELS[first.name]} (${settings.profileSeconds} s)`);
    profiles.push(
      await profilePage({
        buildDir: settings.buildDir,
        path,
        extra: first.extra,
        seconds: settings.profileSeconds,
        prepare: (app) => preparedClient(app, `${first.name}-profile`),
      }),
    );
  }
  for (const { cluster } of engines) await cluster?.stop();

  return {
    engines: settings.engines,
    shapes,
    share,
    runs,
    staff,
    bucketHandIn,
    readCost,
    profiles,
  };
}
