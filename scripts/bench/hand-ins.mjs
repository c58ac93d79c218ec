// Hand-ins at scale: 10,000 hand-ins waiting for review across a hundred clients and 10,000 files
// of one client, written straight into the database, then the review queue and the
// files page under load; a 100 MB hand-in and its download, timed, to disk and to Swift's S3 API.
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { startSwift } from "../swift.mjs";
import { settings } from "./config.mjs";
import { freePort, onStop, startApp } from "./processes.mjs";
import { runSeed } from "./seed-sql.mjs";
import { measureEndpoints } from "./server-load.mjs";
import { createConfirmedUser, expect200, signIn } from "./session.mjs";

const ROWS = 10_000;
/** The clients the waiting hand-ins are spread over. */
const HAND_IN_CLIENTS = 100;
const MiB = 1024 * 1024;
const UPLOAD_BYTES = 100 * MiB;
const BOUNDARY = "----portal-bench-upload";
const BUCKET = "portal-bench";

function seedStatements(engine, clientId, base) {
  const series =
    engine === "postgres"
      ? `SELECT i FROM generate_series(0, ${ROWS - 1}) AS s(i)`
      : `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${ROWS - 1}) SELECT i FROM s`;
  const uuid =
    engine === "postgres"
      ? "gen_random_uuid()::text"
      : "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))";
  return [
    `CREATE TEMP TABLE bench_reviewed AS SELECT row_number() OVER (ORDER BY user_id) - 1 AS n, user_id FROM clients WHERE coalesce(is_staff, 0) = 0 AND account_id = user_id`,
    `INSERT INTO hand_ins (client_id, task_id, version, link, note, submitted_by_email, submitted_at, status)
     SELECT c.user_id, 'bench-task-' || s.i, 1, '', 'Bench hand-in', 'client@bench.example.test', ${base} + s.i, 'in-review'
     FROM (${series}) s JOIN bench_reviewed c ON c.n = s.i % (SELECT count(*) FROM bench_reviewed)`,
    `INSERT INTO shared_files (id, client_id, name, bytes, sha256, note, shared_by_id, shared_by_email, shared_by_role, created_at, content_type)
     SELECT ${uuid}, (SELECT account_id FROM clients WHERE user_id = '${clientId}'), 'bench-file-' || s.i || '.pdf', 1000 + s.i, '', 'Bench file', '${clientId}', 'client@bench.example.test', 'client', ${base} + s.i, 'application/pdf'
     FROM (${series}) s`,
  ];
}

async function seed(engine, app, databaseUrl, clientId) {
  const statements = seedStatements(engine, clientId, Date.now() - ROWS);
  await runSeed(engine, app, databaseUrl, statements);
}

/** The app's resident memory (bytes), from /proc. */
function residentBytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Posts a 100 MB PDF as a hand-in, streamed; its time and the app's peak memory growth. */
async function uploadHandIn(app, cookie) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="link"\r\n\r\n\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="raw-cut.pdf"\r\n` +
      "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const fileRest = UPLOAD_BYTES - "%PDF-1.7\n".length;
  const block = Buffer.alloc(MiB, 0x20);
  const pid = app.child.pid;
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
  const started = performance.now();
  const status = await new Promise((resolve, reject) => {
    const post = request(
      `${app.url}/dashboard/sprint-1/tasks/vsl-alchemist`,
      {
        method: "POST",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(head.length + fileRest + tail.length),
          Origin: app.url,
          Cookie: cookie,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    post.on("error", reject);
    void (async () => {
      const write = (chunk) =>
        post.write(chunk) ? Promise.resolve() : new Promise((done) => post.once("drain", done));
      await write(head);
      for (let sent = 0; sent < fileRest; sent += block.length) {
        await write(block.subarray(0, Math.min(block.length, fileRest - sent)));
      }
      await write(tail);
      post.end();
    })();
  }).finally(() => clearInterval(sampler));
  const seconds = (performance.now() - started) / 1000;
  if (status !== 302) {
    const errors = readFileSync(app.logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes('"level":"error"'));
    throw new Error(
      `the 100 MB hand-in answered ${status}, not 302:\n${errors.slice(0, 3).join("\n")}`,
    );
  }
  return { seconds, grown: peak - baseline };
}

/** Downloads the newest file of the task page at full speed; its time. */
async function downloadLatest(app, cookie) {
  const html = await expect200(`${app.url}/dashboard/sprint-1/tasks/vsl-alchemist`, cookie);
  const fileId = /href="\/resources\/files\/([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!fileId) throw new Error("the task page lists no file");
  const started = performance.now();
  const response = await fetch(`${app.url}/resources/files/${fileId}`, {
    headers: { Cookie: cookie },
  });
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  if (bytes !== UPLOAD_BYTES) throw new Error(`downloaded ${bytes} bytes, not ${UPLOAD_BYTES}`);
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * On an app of its own on `engine` (`cluster` for PostgreSQL), stopped afterwards: HAND_IN_CLIENTS
 * clients and a staff member, the rows written while nothing else writes, then the timings.
 */
export async function measureHandIns(engine, label) {
  const extra = engine.cluster ? { DATABASE_URL: engine.cluster.database("hand_ins") } : {};
  const app = await startApp(settings.buildDir, { name: `hand-ins-${engine.name}`, extra });
  const stopApp = onStop(() => app.stop());
  for (let i = 0; i < HAND_IN_CLIENTS; i++) {
    await createConfirmedUser(app.authUrl, `hand-ins-${i}@bench.example.test`, { password: null });
  }
  const staffEmail = `hand-ins-staff-${Date.now()}@bench.example.test`;
  await createConfirmedUser(app.authUrl, staffEmail, { appMetadata: { role: "staff" } });
  const staff = await signIn(app.url, staffEmail);
  // The console's first view brings every client into the product database.
  await expect200(`${app.url}/staff`, staff.cookie);
  const email = `hand-ins-client-${Date.now()}@bench.example.test`;
  const client = await createConfirmedUser(app.authUrl, email);
  const { cookie } = await signIn(app.url, email);
  await expect200(`${app.url}/staff`, staff.cookie);
  await seed(engine.name, app, extra.DATABASE_URL, client.id);
  const scale = `${ROWS.toLocaleString("en-US")}`;
  const runs = await measureEndpoints(
    [
      {
        key: "staff-reviews",
        label: `${label} · GET /staff/reviews (${scale} hand-ins waiting)`,
        target: app,
        path: "/staff/reviews",
        cookie: staff.cookie,
      },
      {
        key: "client-files",
        label: `${label} · GET /dashboard/files (${scale} files of the client)`,
        target: app,
        path: "/dashboard/files",
        cookie,
      },
    ],
    { connections: [settings.staffConnections] },
  );
  const upload = await uploadHandIn(app, cookie);
  const download = await downloadLatest(app, cookie);
  await stopApp();
  return { runs, upload, download, megabytes: UPLOAD_BYTES / MiB };
}

/**
 * The 100 MB hand-in and its download on an app of its own (SQLite) keeping files in a bucket of a
 * Swift started for it; both are stopped afterwards (by stopAll() if this fails).
 */
export async function measureBucketHandIn() {
  const swift = await startSwift({ freePort });
  const stopSwift = onStop(() => swift.stop());
  const credentials = { accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey };
  const s3 = new S3Client({
    endpoint: swift.endpoint,
    region: swift.region,
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  s3.destroy();
  const app = await startApp(settings.buildDir, {
    name: "s3",
    extra: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: swift.endpoint,
      S3_REGION: swift.region,
      S3_ACCESS_KEY_ID: swift.accessKeyId,
      S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    },
  });
  const email = `bucket-hand-in-${Date.now()}@bench.example.test`;
  await createConfirmedUser(app.authUrl, email);
  const { cookie } = await signIn(app.url, email);
  const upload = await uploadHandIn(app, cookie);
  const download = await downloadLatest(app, cookie);
  await app.stop();
  await stopSwift();
  return { upload, download, megabytes: UPLOAD_BYTES / MiB };
}
