// The conversation at the staff list's scale: `settings.staffMessages` messages written straight into
// the database among its clients; the inbox and the list with unread counts under load; a client's
// post until staff's open thread shows it; `settings.liveStreams` open streams' memory and idle CPU.
import { readFileSync } from "node:fs";
import { settings } from "./config.mjs";
import { step } from "./report.mjs";
import { runSeed } from "./seed-sql.mjs";
import { measureEndpoints } from "./server-load.mjs";
import { createConfirmedUser, signIn } from "./session.mjs";
import { percentile } from "./stats.mjs";

/** Seconds of posting while the time until seen is measured. */
const POSTING_SECONDS = 10;

/**
 * The same rows on both engines: message i goes to client i mod N, every third from the staff
 * member; each thread's summary from its messages, every other one waiting for an answer; the
 * staff member has read half of the threads up to five messages from their end.
 */
function seedStatements(engine, staffId, messages, base) {
  const series =
    engine === "postgres"
      ? `SELECT i FROM generate_series(0, ${messages - 1}) AS s(i)`
      : `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${messages - 1}) SELECT i FROM s`;
  return [
    `CREATE TEMP TABLE bench_clients AS SELECT row_number() OVER (ORDER BY user_id) - 1 AS n, user_id FROM clients WHERE coalesce(is_staff, 0) = 0 AND account_id = user_id`,
    `CREATE INDEX bench_clients_n ON bench_clients (n)`,
    `INSERT INTO messages (client_id, author_id, author_email, author_role, body, internal, created_at)
     SELECT c.user_id,
       CASE WHEN s.i % 3 = 0 THEN '${staffId}' ELSE c.user_id END,
       CASE WHEN s.i % 3 = 0 THEN 'staff@bench.example.test' ELSE 'client@bench.example.test' END,
       CASE WHEN s.i % 3 = 0 THEN 'staff' ELSE 'client' END,
       'Bench message ' || s.i, 0, ${base} + s.i
     FROM (${series}) s JOIN bench_clients c ON c.n = s.i % (SELECT count(*) FROM bench_clients)`,
    `INSERT INTO threads (client_id, last_message_id, last_message_at, awaiting_since)
     SELECT m.client_id, max(m.id), max(m.created_at),
       CASE WHEN c.n % 2 = 0 THEN min(m.created_at) ELSE NULL END
     FROM messages m JOIN bench_clients c ON c.user_id = m.client_id GROUP BY m.client_id, c.n`,
    `INSERT INTO thread_reads (client_id, reader_id, last_read_id, read_at)
     SELECT t.client_id, '${staffId}', t.last_message_id - 5, ${base}
     FROM threads t JOIN bench_clients c ON c.user_id = t.client_id WHERE c.n % 2 = 1`,
  ];
}

async function seed(engine, app, databaseUrl, staffId, messages) {
  const statements = seedStatements(engine, staffId, messages, Date.now() - messages);
  await runSeed(engine, app, databaseUrl, statements);
}

/** The data of each `changed` event on the staff member's live stream, as it arrives. */
async function liveStream(app, cookie, onChange) {
  const abort = new AbortController();
  const response = await fetch(`${app.url}/resources/live`, {
    headers: { Cookie: cookie },
    signal: abort.signal,
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffered = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffered += value;
      for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
        if (buffered.slice(0, end).startsWith("event: changed")) onChange();
        buffered = buffered.slice(end + 2);
      }
    }
  })();
  return () => abort.abort();
}

/**
 * A client posts `settings.messagesPerSecond` messages a second; the staff member's tab reads its
 * thread again at each ping, as the page does: each message's time from its post until that page
 * shows it.
 */
async function timeUntilSeen(app, staffCookie) {
  const client = await createConfirmedUser(app.authUrl, `talker-${Date.now()}@bench.example.test`);
  const { cookie: clientCookie } = await signIn(app.url, client.email);
  const threadUrl = `${app.url}/staff/clients/${client.id}/messages`;
  const pending = new Map();
  const seen = [];
  let reading = Promise.resolve();
  const readThread = () => {
    reading = reading.then(async () => {
      const html = await (await fetch(threadUrl, { headers: { Cookie: staffCookie } })).text();
      for (const [text, postedAt] of pending) {
        if (html.includes(text)) {
          seen.push(performance.now() - postedAt);
          pending.delete(text);
        }
      }
    });
  };
  const stop = await liveStream(app, staffCookie, readThread);
  const count = POSTING_SECONDS * settings.messagesPerSecond;
  const posts = [];
  for (let i = 0; i < count; i++) {
    const text = `Timed message ${i} ${Math.random().toString(36).slice(2)}`;
    pending.set(text, performance.now());
    posts.push(
      fetch(`${app.url}/dashboard/messages`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: app.url,
          Cookie: clientCookie,
        },
        body: new URLSearchParams({ body: text }),
      }).then((answer) => answer.arrayBuffer()),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / settings.messagesPerSecond));
  }
  await Promise.all(posts);
  for (let wait = 0; pending.size > 0 && wait < 50; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  await reading;
  return { posted: count, seen: seen.length, p50: percentile(seen, 50), p99: percentile(seen, 99) };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app's resident memory, bytes, from /proc. */
function rssBytes(app) {
  const status = readFileSync(`/proc/${app.child.pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

/** The live streams the app's /healthz counts as open. */
async function openStreams(app) {
  const health = await (await fetch(`${app.url}/healthz`)).json();
  return health.live.streams;
}

/** Tabs one client holds open here: one person may hold at most 20 streams. */
const TABS_PER_CLIENT = 10;

/**
 * `settings.liveStreams` tabs' live streams held open on the instance (clients', ten tabs each),
 * each read as it arrives: the server's memory growth, its CPU over 10 idle seconds (heartbeats
 * only), and how long after the tabs close it holds none.
 */
async function streamsCost(app) {
  const count = settings.liveStreams;
  const cookies = [];
  for (let n = 0; n < Math.ceil(count / TABS_PER_CLIENT); n++) {
    const client = await createConfirmedUser(
      app.authUrl,
      `tabs-${n}-${Date.now()}@bench.example.test`,
    );
    cookies.push((await signIn(app.url, client.email)).cookie);
  }
  await sleep(1_000);
  const before = rssBytes(app);
  const tabs = Array.from({ length: count }, () => new AbortController());
  await Promise.all(
    tabs.map(async (tab, n) => {
      const response = await fetch(`${app.url}/resources/live`, {
        headers: { Cookie: cookies[Math.floor(n / TABS_PER_CLIENT)] },
        signal: tab.signal,
      });
      response.body.pipeTo(new WritableStream(), { signal: tab.signal }).catch(() => undefined);
    }),
  );
  for (let waited = 0; (await openStreams(app)) < count; waited += 100) {
    if (waited > 60_000) throw new Error(`fewer than ${count} live streams opened in a minute`);
    await sleep(100);
  }
  await sleep(1_000);
  const cpuBefore = app.cpuSeconds();
  await sleep(10_000);
  const idleCpu = (app.cpuSeconds() - cpuBefore) / 10;
  const grown = rssBytes(app) - before;
  const closedAt = performance.now();
  for (const tab of tabs) tab.abort();
  while ((await openStreams(app)) > 0) await sleep(20);
  return { count, grown, idleCpu, freedMs: performance.now() - closedAt };
}

/**
 * `engine` is the staff list's: its app, its clients made, `staff` signed in there. The rows are
 * labelled with `label`.
 */
export async function measureConversation(engine, label, staff) {
  step(
    `product data: ${engine.name}: ${settings.staffMessages} messages written, the inbox under load`,
  );
  const started = performance.now();
  await seed(engine.name, engine.app, engine.extra?.DATABASE_URL, staff.id, settings.staffMessages);
  const seedMs = performance.now() - started;
  const scale = `${settings.staffClients.toLocaleString("en-US")} clients, ${settings.staffMessages.toLocaleString("en-US")} messages`;
  const runs = await measureEndpoints(
    [
      {
        key: "staff-messages",
        label: `${label} · GET /staff/messages (${scale})`,
        target: engine.app,
        path: "/staff/messages",
        cookie: staff.cookie,
      },
      {
        key: "staff-unread",
        label: `${label} · GET /staff with unread counts (${scale})`,
        target: engine.app,
        path: "/staff",
        cookie: staff.cookie,
      },
    ],
    { connections: [settings.staffConnections] },
  );
  const untilSeen = await timeUntilSeen(engine.app, staff.cookie);
  const streams = await streamsCost(engine.app);
  return { seedMs, messages: settings.staffMessages, runs, untilSeen, streams };
}
