// The staff console at `settings.staffClients` clients (made by the admin API): the first GET /staff
// timed alone, page 1 and a search under load, the probes, each view's auth-service calls (decision
// 034), the conversation, the clients as companies of three, then sprints run late ("Stuck").
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { sequentialAuthCalls } from "./auth-calls.mjs";
import { measureConversation } from "./conversation.mjs";
import { settings } from "./config.mjs";
import { runLoad } from "./load.mjs";
import { readValue, runSeed } from "./seed-sql.mjs";
import { measureEndpoints } from "./server-load.mjs";
import { step as logStep } from "./report.mjs";
import { percentile } from "./stats.mjs";
import { createConfirmedUser, expect200, signIn } from "./session.mjs";

const step = (message) => logStep(`product data: ${message}`);

/** Admin calls in flight at once while creating the clients. */
const CREATE_CONCURRENCY = 20;
/** The clients' addresses: client-00000@… on; the search matches the hundred of client-001xx. */
const clientEmail = (i) => `client-${String(i).padStart(5, "0")}@bench.example.test`;
/** Client i's two colleagues: member-0000i-1@… and member-0000i-2@…. */
const memberEmail = (i) =>
  `member-${String(Math.floor(i / 2)).padStart(5, "0")}-${(i % 2) + 1}@bench.example.test`;
/**
 * Joins each member to the account of the client their address numbers (by a keyed lookup), and
 * closes the empty account the directory's sync opened for each member.
 */
const JOIN_MEMBERS = [
  `CREATE TEMP TABLE bench_accounts (n TEXT PRIMARY KEY, account_id TEXT NOT NULL)`,
  `INSERT INTO bench_accounts SELECT substr(email, 8, 5), account_id FROM clients
   WHERE email LIKE 'client-_____@bench.example.test' AND account_only IS NULL`,
  `DELETE FROM clients WHERE account_only = 1 AND email LIKE 'member-_____-_@bench.example.test'`,
  `UPDATE clients SET account_id = (SELECT a.account_id FROM bench_accounts a
     WHERE a.n = substr(clients.email, 8, 5))
   WHERE email LIKE 'member-_____-_@bench.example.test'`,
];
/** When the directory's last complete sync started (ms), or null before the first. */
const SYNCED_AT = "SELECT synced_at FROM directory_sync";
/** How long the directory's sync may take to list the members once asked. */
const SYNC_WAIT_MS = 120_000;
const SEARCH = "client-001";
/** Sequential views (page 1 and the search in turn) for the count of auth-service calls per view. */
const STAFF_VIEWS = 20;

/** The connections on the list while the health probes are timed (an independent tester's load). */
const PROBED_CONNECTIONS = 20;
/** The pause between one probe's answer and the next probe. */
const PROBE_PAUSE_MS = 50;

/**
 * /healthz and /readyz asked in turn, one at a time, while `load` runs: each answer's latency, as
 * an orchestrator's probe would see it (it waits for each answer).
 */
async function probesDuring(app, load) {
  const latencies = { "/healthz": [], "/readyz": [] };
  let loading = true;
  const done = load.finally(() => {
    loading = false;
  });
  while (loading) {
    for (const path of Object.keys(latencies)) {
      const started = performance.now();
      const answer = await fetch(`${app.url}${path}`);
      await answer.arrayBuffer();
      latencies[path].push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
  }
  const loadResult = await done;
  const summary = Object.entries(latencies).map(([path, values]) => ({
    path,
    probes: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
  }));
  return { load: loadResult, probes: summary };
}

/** Runs `task(i)` for i in 0..count-1, `concurrency` at a time. */
async function inPool(count, concurrency, task) {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/** The list's total as the page says it ("Showing 1–50 of 10001, …"). */
function listedTotal(html) {
  const match = /Showing \d+–\d+ of (\d+),/.exec(html);
  return match ? Number(match[1]) : undefined;
}

const DAY_MS = 86_400_000;
const STUCK_PATH = "/staff?show=stuck";

/**
 * Sprints opened, the same rows on both engines, for client n (by id) of those made here: n % 10 < 2,
 * Sprint 1 opened 10–69 days ago (its 5 days gone, its tasks overdue, ICP Builder ticked by every
 * other one); n % 20 = 2, Sprint 1 completed and Sprint 2 opened 22–41 days ago (its 21 days gone);
 * n % 10 of 3 or 4, Sprint 1 opened 0–3 days ago (a quarter of them a day late); the rest, none.
 */
function lateSprintStatements(base) {
  const opened = (sprintId, where, daysAgo, status) =>
    `INSERT INTO sprint_states (user_id, sprint_id, ${status ? "status, " : ""}started_at, updated_at)
     SELECT user_id, ${sprintId}, ${status ? `'${status}', ` : ""}${base} - (${daysAgo}) * ${DAY_MS}, ${base}
     FROM bench_late WHERE ${where}`;
  return [
    `CREATE TEMP TABLE bench_late AS
     SELECT row_number() OVER (ORDER BY user_id) - 1 AS n, user_id FROM clients
     WHERE coalesce(is_staff, 0) = 0 AND account_id = user_id
       AND email LIKE 'client-_____@bench.example.test'`,
    opened(1, "n % 10 < 2", "10 + n % 60"),
    `INSERT INTO task_states (user_id, task_id, status, updated_at)
     SELECT user_id, 'icp-builder', 'completed', ${base} FROM bench_late WHERE n % 10 = 0`,
    opened(1, "n % 20 = 2", "42 + n % 20", "completed"),
    opened(2, "n % 20 = 2", "22 + n % 20", "in-progress"),
    opened(1, "n % 10 IN (3, 4)", "n % 4"),
  ];
}

/** A "Needs attention" kind's count as the page prints it ("Overdue tasks (7004)"), or 0. */
function attentionCount(html, title) {
  const match = new RegExp(`${title}(?:<!-- -->)? \\((?:<!-- -->)?(\\d+)`).exec(html);
  return match ? Number(match[1]) : 0;
}

/** `node build/data.js rebuild-facts` on the app's database, as an operator runs it. */
function rebuildFacts(engine) {
  return promisify(execFile)(
    process.execPath,
    [join(settings.buildDir, "data.js"), "rebuild-facts"],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATA_DIR: engine.app.dataDir,
        ...(engine.extra?.DATABASE_URL ? { DATABASE_URL: engine.extra.DATABASE_URL } : {}),
      },
      timeout: 600_000,
    },
  );
}

/**
 * Late sprints written among the clients (lateSprintStatements) past the app's write path, so their
 * task facts rebuilt by the command; then /staff, its "Needs attention" asking over every kind,
 * and its "Stuck" filter under load.
 */
async function measureAttention(engine, label, cookie) {
  const { app } = engine;
  step(`${engine.name}: /staff before anyone is late, then late sprints written and /staff again`);
  // The plain list in the same state less the late sprints: what the two below are compared with.
  const [plain] = await measureEndpoints(
    [
      {
        key: "staff-plain",
        label: `${label} · GET /staff, no one late yet (the same clients and messages)`,
        target: app,
        path: "/staff",
        cookie,
      },
    ],
    { connections: [settings.staffConnections] },
  );
  const started = performance.now();
  await runSeed(engine.name, app, engine.extra?.DATABASE_URL, lateSprintStatements(Date.now()));
  const seedMs = performance.now() - started;
  const rebuildStarted = performance.now();
  await rebuildFacts(engine);
  const rebuildMs = performance.now() - rebuildStarted;
  const page = await expect200(`${app.url}/staff`, cookie);
  const found = {
    stuck: listedTotal(await expect200(`${app.url}${STUCK_PATH}`, cookie)) ?? 0,
    overdueTasks: attentionCount(page, "Overdue tasks"),
    timeUp: attentionCount(page, "Sprints whose time ran out"),
  };
  if (found.stuck === 0 || found.overdueTasks === 0 || found.timeUp === 0)
    throw new Error(
      `${engine.name}: /staff shows nothing late after the seed: ${JSON.stringify(found)}`,
    );
  const scale = `${found.stuck.toLocaleString("en-US")} stuck`;
  const runs = await measureEndpoints(
    [
      {
        key: "staff-attention",
        label: `${label} · GET /staff with Needs attention (${scale})`,
        target: app,
        path: "/staff",
        cookie,
      },
      {
        key: "staff-stuck",
        label: `${label} · GET ${STUCK_PATH} (${scale})`,
        target: app,
        path: STUCK_PATH,
        cookie,
      },
    ],
    { connections: [settings.staffConnections] },
  );
  return { seedMs, rebuildMs, ...found, plain, runs };
}

/**
 * /staff and /staff/messages with each client one person, then with two colleagues joined to each
 * (made by the admin API, listed by the directory's sync, then joined to their client's account):
 * the console lists the same companies, now of three people each.
 */
async function measureCompanies(engine, label, cookie) {
  const { app } = engine;
  const endpoints = (people) =>
    ["/staff", "/staff/messages"].map((path) => ({
      key: `companies-${path}`,
      label: `${label} · GET ${path}, ${settings.staffClients} clients of ${people}`,
      target: app,
      path,
      cookie,
    }));
  const options = { connections: [settings.staffConnections] };
  step(`${engine.name}: /staff and /staff/messages, one person per client`);
  const before = await measureEndpoints(endpoints("one person each"), options);
  const listedBefore = listedTotal(await expect200(`${app.url}/staff`, cookie)) ?? 0;
  step(`${engine.name}: two colleagues for each client, joined to its account`);
  const started = performance.now();
  const members = settings.staffClients * 2;
  await inPool(members, CREATE_CONCURRENCY, (i) =>
    createConfirmedUser(app.authUrl, memberEmail(i), { password: null }),
  );
  // The next view starts a sync, which lists the new people (as clients, until joined).
  const resetAt = Date.now();
  await runSeed(engine.name, app, engine.extra?.DATABASE_URL, [
    "UPDATE directory_sync SET synced_at = 0",
  ]);
  // Waits for that sync to end, not only to list the people: they come first (newest first), and on
  // SQLite a join written while it lists the rest fails it (the file is locked), so the next view
  // starts a full sync of every user again, and the measurement times views beside that sync.
  const synced = async () =>
    Number(await readValue(engine.name, app, engine.extra?.DATABASE_URL, SYNCED_AT)) >= resetAt;
  const waitUntil = Date.now() + SYNC_WAIT_MS;
  while (
    (listedTotal(await expect200(`${app.url}/staff`, cookie)) ?? 0) < listedBefore + members ||
    !(await synced())
  ) {
    if (Date.now() > waitUntil)
      throw new Error(`${engine.name}: the sync never listed the members and ended`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await runSeed(engine.name, app, engine.extra?.DATABASE_URL, JOIN_MEMBERS);
  const seedMs = performance.now() - started;
  const listedAfter = listedTotal(await expect200(`${app.url}/staff`, cookie));
  if (listedAfter !== listedBefore)
    throw new Error(`${engine.name}: /staff lists ${listedAfter} companies, not ${listedBefore}`);
  const after = await measureEndpoints(endpoints("three people each"), options);
  return { members, seedMs, before, after };
}

/**
 * `engine` is `{ name, app }`: an app of its own, so its directory holds only these clients;
 * `label` names the engine in the rows.
 */
export async function measureStaffList(engine, label) {
  const { name, app } = engine;
  step(`${name}: creating ${settings.staffClients} clients through the admin API`);
  const started = performance.now();
  await inPool(settings.staffClients, CREATE_CONCURRENCY, (i) =>
    createConfirmedUser(app.authUrl, clientEmail(i), { password: null }),
  );
  const createMs = performance.now() - started;

  const staffEmail = `staff-${Date.now()}@bench.example.test`;
  const staff = await createConfirmedUser(app.authUrl, staffEmail, {
    appMetadata: { role: "staff" },
  });
  const { cookie } = await signIn(app.url, staffEmail);

  const firstStarted = performance.now();
  const html = await expect200(`${app.url}/staff`, cookie);
  const firstViewMs = performance.now() - firstStarted;
  const total = listedTotal(html);
  if (total === undefined || total < settings.staffClients)
    throw new Error(`${name}: /staff lists ${total} clients after its first view`);

  const searchPath = `/staff?q=${SEARCH}`;
  const matches = listedTotal(await expect200(`${app.url}${searchPath}`, cookie)) ?? 0;

  const endpoints = [
    { key: "staff", label: `${label} · GET /staff (page 1)`, target: app, path: "/staff", cookie },
    {
      key: "staff-search",
      label: `${label} · GET ${searchPath} (${matches} matches)`,
      target: app,
      path: searchPath,
      cookie,
    },
  ];
  step(`${name}: the list and a search under load, the probes meanwhile`);
  const runs = await measureEndpoints(endpoints, { connections: [settings.staffConnections] });
  const underLoad = await probesDuring(
    app,
    runLoad({
      url: `${app.url}/staff`,
      connections: PROBED_CONNECTIONS,
      durationSeconds: settings.durationSeconds,
      cookie,
    }),
  );
  const auth = await sequentialAuthCalls(app, cookie, ["/staff", searchPath], STAFF_VIEWS);
  const authCallsPerView = auth.views > 0 ? auth.calls / auth.views : undefined;
  return {
    label,
    clients: settings.staffClients,
    listed: total,
    createMs,
    firstViewMs,
    runs,
    healthUnderLoad: { connections: PROBED_CONNECTIONS, ...underLoad },
    authCallsPerView,
    authCalls: auth,
    conversation: await measureConversation(engine, label, { id: staff.id, cookie }),
    companies: await measureCompanies(engine, label, cookie),
    attention: await measureAttention(engine, label, cookie),
  };
}
