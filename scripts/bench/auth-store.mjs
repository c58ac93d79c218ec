// Auth store bench (npm run bench:auth): does a write cost the same at 1,000 users as at 100,000?
// The real auth server runs on data folders seeded in SQLite, and sequential sign-ups and refresh
// rotations are timed, alternating between the sizes call by call (decision 016).
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { hash } from "@node-rs/bcrypt";
import Database from "libsql";
import { DEMO_ANON_KEY } from "@portal/auth-server/demo-keys";
import { settings } from "./config.mjs";
import { freePort, scratchDir, stopAll, track } from "./processes.mjs";
import { count, ms, percentile } from "./stats.mjs";

const TOKENS_PER_SESSION = 10;

/**
 * Knobs: BENCH_AUTH_SIZES (default 1000,100000), BENCH_AUTH_SIGNUPS (100), BENCH_AUTH_REFRESHES
 * (300). Prints one table, sizes side by side, with the data file's size.
 */
function numbers(name, fallback) {
  const raw = process.env[name];
  return raw ? raw.split(",").map((part) => Number(part.trim())) : fallback;
}
const sizes = numbers("BENCH_AUTH_SIZES", [1_000, 100_000]);
const [signups] = numbers("BENCH_AUTH_SIGNUPS", [100]);
const [refreshes] = numbers("BENCH_AUTH_REFRESHES", [300]);

const refreshToken = () => randomBytes(9).toString("hex").slice(0, 12);

/** Starts the auth server on `dataDir`; resolves once /health answers. */
async function startServer(dataDir) {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [join(settings.buildDir, "auth-server.js")], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: "127.0.0.1",
        AUTH_DATA_DIR: dataDir,
        GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "0",
        GOTRUE_RATE_LIMIT_OTP: "0",
        GOTRUE_RATE_LIMIT_EMAIL_SENT: "1000000",
        // Every bench sign-up comes from one address: no per-client mail budget.
        AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
      },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    const ok = await fetch(`${url}/auth/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the auth server did not start");
}

async function stopServer({ child }) {
  child.kill("SIGTERM");
  await child.exited;
}

/** Seeds `users` users straight into the database the server created; returns active tokens. */
function seed(dataDir, users, passwordHash) {
  const db = new Database(join(dataDir, "auth.sqlite"));
  // Seeding only: no fsync, a big page cache for the index inserts.
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -262144");
  const now = Date.now();
  const insertUser = db.prepare(
    `INSERT INTO users (id, aud, role, email, encrypted_password, email_confirmed_at, app_metadata,
       user_metadata, created_at, updated_at)
     VALUES (?, 'authenticated', 'authenticated', ?, ?, ?, '{"provider":"email","providers":["email"]}', ?, ?, ?)`,
  );
  const insertIdentity = db.prepare(
    `INSERT INTO identities (id, provider_id, user_id, provider, identity_data, email, created_at, updated_at)
     VALUES (?, ?, ?, 'email', ?, ?, ?, ?)`,
  );
  const insertSession = db.prepare(
    "INSERT INTO sessions (id, user_id, aal, amr, created_at, updated_at, refreshed_at) VALUES (?, ?, 'aal1', ?, ?, ?, NULL)",
  );
  const insertToken = db.prepare(
    `INSERT INTO refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const active = [];
  db.exec("BEGIN");
  for (let i = 0; i < users; i++) {
    const id = randomUUID();
    const email = `seeded-${i}@example.com`;
    const data = JSON.stringify({ sub: id, email, email_verified: true, phone_verified: false });
    insertUser.run(id, email, passwordHash, now, data, now, now);
    insertIdentity.run(randomUUID(), id, id, data, email, now, now);
    const sessionId = randomUUID();
    insertSession.run(
      sessionId,
      id,
      JSON.stringify([{ method: "password", timestamp: now }]),
      now,
      now,
    );
    let parent = null;
    for (let t = 0; t < TOKENS_PER_SESSION; t++) {
      const token = refreshToken();
      const last = t === TOKENS_PER_SESSION - 1;
      insertToken.run(token, id, sessionId, parent, last ? 0 : 1, now, now);
      parent = token;
      if (last) active.push(token);
    }
  }
  db.exec("COMMIT");
  // Fold the WAL into the file, as a server that grew over months would have: the server then
  // starts on a checkpointed database instead of spending its first writes on a huge checkpoint.
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return active;
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function post(url, path, body) {
  const res = await fetch(`${url}/auth/v1${path}`, {
    method: "POST",
    headers: {
      apikey: DEMO_ANON_KEY,
      Authorization: `Bearer ${DEMO_ANON_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

function fileSize(dataDir) {
  const file = join(dataDir, "auth.sqlite");
  const wal = `${file}-wal`;
  return statSync(file).size + (existsSync(wal) ? statSync(wal).size : 0);
}

/** Seeds a data folder of `size` users and starts a server on it. */
async function prepare(size, passwordHash) {
  const dataDir = scratchDir("portal-bench-auth-");
  await stopServer(await startServer(dataDir)); // creates the schema
  const seedStarted = performance.now();
  const tokens = seed(dataDir, size, passwordHash);
  const seedMs = performance.now() - seedStarted;
  const server = await startServer(dataDir);
  return { size, dataDir, seedMs, tokens, server, signupTimes: [], refreshTimes: [] };
}

/**
 * Times the calls with every size's server running, alternating between them call by call, so a
 * busy moment on the machine hits all sizes alike instead of skewing one column.
 */
async function measure(runs) {
  for (let i = 0; i < signups; i++) {
    for (const run of runs) {
      const email = `bench-${run.size}-${i}@example.com`;
      run.signupTimes.push(
        await timed(() => post(run.server.url, "/signup", { email, password: "Bench-2026!" })),
      );
    }
  }
  for (let i = 0; i < refreshes; i++) {
    for (const run of runs) {
      const body = { refresh_token: run.tokens[i] };
      run.refreshTimes.push(
        await timed(() => post(run.server.url, "/token?grant_type=refresh_token", body)),
      );
    }
  }
  for (const run of runs) {
    await stopServer(run.server);
    run.bytes = fileSize(run.dataDir);
  }
  return runs;
}

try {
  if (!existsSync(join(settings.buildDir, "auth-server.js"))) {
    throw new Error(`${settings.buildDir}/auth-server.js is missing: run npm run build first`);
  }
  const passwordHash = `$2a$${(await hash("Seeded-2026!", 10)).slice(4)}`;
  const runs = [];
  for (const size of sizes) {
    process.stderr.write(`auth store bench: seeding ${count(size)} users…\n`);
    runs.push(await prepare(size, passwordHash));
  }
  process.stderr.write("auth store bench: timing sign-ups and refreshes…\n");
  const results = await measure(runs);
  const rows = [
    ["", ...results.map((r) => `${count(r.size)} users`)],
    ["refresh tokens seeded", ...results.map((r) => count(r.size * TOKENS_PER_SESSION))],
    ["seeding (direct SQLite)", ...results.map((r) => ms(r.seedMs))],
    ["data file (db + WAL)", ...results.map((r) => `${(r.bytes / 1e6).toFixed(1)} MB`)],
    [
      `sign-up p50 (${signups}, bcrypt 10)`,
      ...results.map((r) => ms(percentile(r.signupTimes, 50))),
    ],
    ["sign-up p95", ...results.map((r) => ms(percentile(r.signupTimes, 95)))],
    [`refresh p50 (${refreshes})`, ...results.map((r) => ms(percentile(r.refreshTimes, 50)))],
    ["refresh p95", ...results.map((r) => ms(percentile(r.refreshTimes, 95)))],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  console.log(line(rows[0]));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? "-" : "") + "-".repeat(width + 1) + (column === 0 ? "" : ":")).join("|")}|`,
  );
  for (const row of rows.slice(1)) console.log(line(row));
} finally {
  await stopAll();
}
