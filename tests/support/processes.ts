// Starts the production build as real processes for the operations tests: the standalone auth
// server and the app pointed at it, each stoppable and restartable with its output captured;
// one-shot commands run to their exit; raw TCP connections for requests fetch will not send.
import { execFile, spawn, type ChildProcess, type ExecFileException } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEMO_ANON_KEY } from "@portal/auth-server";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";

const root = join(import.meta.dirname, "../..");
/** The build the processes run: `$OPS_BUILD_DIR` or `build`, resolved from the project root. */
export const buildDir = resolve(root, process.env.OPS_BUILD_DIR || "build");

export interface RunningProcess {
  url: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  child: ChildProcess;
}

// Each Vitest worker gets its own range of 1,000 ports, so parallel test files never collide, and
// each file starts at a random place in it, away from a process the worker's last file left
// stopping; OPS_PORT_BASE moves the whole range (two checkouts testing on one machine at once).
let nextPort =
  Number(process.env.OPS_PORT_BASE ?? 4000) +
  Number(process.env.VITEST_POOL_ID ?? 0) * 1_000 +
  Math.floor(Math.random() * 800);
/** Ports the Fetch standard's clients refuse (Node's fetch among them), from 4000 up. */
const BLOCKED_BY_FETCH = new Set([
  4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function freePort(): number {
  do nextPort += 1;
  while (BLOCKED_BY_FETCH.has(nextPort));
  return nextPort;
}

/** Waits for `url` to answer 200, from `child` itself: a child that exited (its port taken) throws. */
async function waitForOk(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited before it was ready:\n${output()}`);
    }
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered 200:\n${output()}`);
}

/**
 * `prefix`: a command the process runs under (e.g. `unshare … sh -c '… && exec "$@"' sh`), which
 * must end by exec'ing the node command appended to it.
 */
function run(
  script: string,
  env: Record<string, string>,
  healthPath: string,
  port: number,
  prefix: string[] = [],
): Promise<RunningProcess> {
  const childEnv: Record<string, string | undefined> = { PATH: process.env.PATH, ...env };
  const command = [...prefix, process.execPath, join(buildDir, script)];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const running: RunningProcess = {
    url,
    child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  return waitForOk(`${url}${healthPath}`, child, () => output).then(() => running);
}

export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command's script (`build/staff.js`…) to its exit, with only PATH and `env` set. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeout = 60_000,
) {
  const childEnv: Record<string, string | undefined> = { PATH: process.env.PATH, ...env };
  return new Promise<CommandOutcome>((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: root, env: childEnv as NodeJS.ProcessEnv, timeout, encoding: "utf8" },
      (error: ExecFileException | null, stdout: string, stderr: string) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The standalone auth server on `port`, keeping its data in `dataDir` (a new temp dir by default). */
export function startAuthProcess(
  port: number,
  {
    dataDir = mkdtempSync(join(tmpdir(), "portal-auth-")),
    env = {},
  }: { dataDir?: string; env?: Record<string, string> } = {},
) {
  return run(
    "auth-server.js",
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_DATA_DIR: dataDir,
      AUTH_BCRYPT_COST: "4",
      // Every test client signs up from 127.0.0.1: per-client mail budgets off unless a test sets them.
      AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "0",
      ...env,
    },
    "/auth/v1/health",
    port,
  ).then((process) => ({ ...process, dataDir }));
}

/**
 * The app on `port`, using the auth server at `authUrl` and product data in a new temp dir;
 * `prefix` runs it under another command (see run).
 */
export function startAppProcess(
  port: number,
  authUrl: string,
  env: Record<string, string> = {},
  prefix: string[] = [],
) {
  return run(
    "main.js",
    {
      NODE_ENV: "production",
      DATA_DIR: mkdtempSync(join(tmpdir(), "portal-data-")),
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "ops-test-session-secret-0123456789abcdef",
      SUPABASE_URL: authUrl,
      SUPABASE_ANON_KEY: DEMO_ANON_KEY,
      ...env,
    },
    "/healthz",
    port,
    prefix,
  );
}

/** The JSON objects a process logged, in order; a line that is not one throws, naming it. */
export function logLines(running: RunningProcess): Array<Record<string, unknown>> {
  return running
    .output()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line that is not JSON: ${line.slice(0, 200)}`);
      }
    });
}

/** Posts a form to `path` as a browser on the same site would, without following the redirect. */
export function postForm(
  app: RunningProcess,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.url,
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

/** Posts the sign-in form (as a browser on the same site would) and returns the response. */
export function postSignIn(
  app: RunningProcess,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return postForm(app, "/sign-in", { email, password }, headers);
}

/** Creates a confirmed user (staff with `{ role: "staff" }`) through the admin API; returns their id. */
export async function createConfirmedUser(
  authUrl: string,
  serviceRoleKey: string,
  email: string,
  password: string,
  appMetadata?: Record<string, string>,
) {
  const created = await fetch(`${authUrl}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: serviceRoleKey,
      Authorization: `Bearer ${serviceRoleKey}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ email, password, email_confirm: true, app_metadata: appMetadata }),
  });
  if (!created.ok) throw new Error(`admin create: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** Signs an existing user in through the app's form action and returns the Cookie header. */
export async function signInCookie(app: RunningProcess, email: string, password: string) {
  const response = await postSignIn(app, email, password);
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .filter((line) => !/max-age=0/i.test(line))
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Creates a confirmed user, signs them in through the app's form action, returns the Cookie header. */
export async function signedInCookie(
  app: RunningProcess,
  authUrl: string,
  serviceRoleKey: string,
  email: string,
  password: string,
) {
  await createConfirmedUser(authUrl, serviceRoleKey, email, password);
  return signInCookie(app, email, password);
}

/**
 * A new confirmed person (staff with `staff`) at an address made from `label`, signed in through
 * the app's form action: their id, address and Cookie header.
 */
export async function signedInPerson(
  app: RunningProcess,
  authUrl: string,
  label: string,
  password: string,
  staff = false,
) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const id = await createConfirmedUser(
    authUrl,
    DEMO_SERVICE_ROLE_KEY,
    email,
    password,
    staff ? { role: "staff" } : undefined,
  );
  return { id, email, cookie: await signInCookie(app, email, password) };
}

/** The account `personId` works in, as the console's redirect from their id to its page says. */
export async function consoleAccountId(app: RunningProcess, personId: string, staffCookie: string) {
  const response = await fetch(`${app.url}/staff/clients/${personId}`, {
    headers: { Cookie: staffCookie },
    redirect: "manual",
  });
  const moved = /\/staff\/clients\/([0-9a-f-]{36})/.exec(response.headers.get("location") ?? "");
  return moved?.[1] ?? personId;
}

/** Each of `tasks`' status on the client's Sprint 1 page, as the server draws it. */
export async function shownTaskStatuses(app: RunningProcess, tasks: string[], cookie: string) {
  const page = await fetch(`${app.url}/dashboard/sprint-1`, { headers: { Cookie: cookie } });
  const html = await page.text();
  const statuses = new Map<string, string>();
  for (const task of tasks) {
    const row = new RegExp(`data-task="${task}"[\\s\\S]*?name="status" value="(\\w+)"`).exec(html);
    // The form posts the opposite of what is shown.
    if (row) statuses.set(task, row[1] === "pending" ? "completed" : "pending");
  }
  return statuses;
}

/** A TCP connection to the app, for requests fetch will not send (bad heads, slow bodies). */
export interface RawConnection {
  socket: Socket;
  /** Every byte the server has sent so far, as text. */
  received: () => string;
  /** Resolves with every byte received once the connection is closed, by either side. */
  closed: Promise<string>;
}

/** Opens a connection to `url`'s port from `localAddress` (any 127.0.0.x is a separate client). */
export function openConnection(url: string, localAddress = "127.0.0.1"): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    const closed = new Promise<string>((done) => socket.once("close", () => done(received)));
    let failure: string | undefined;
    socket.on("error", (error: NodeJS.ErrnoException) => (failure ??= error.code));
    socket.once("connect", () => resolve({ socket, received: () => received, closed }));
    // A server that resets a connection it accepted can do so before this side has seen the
    // connect (a loaded machine): that connection was made, and is already closed.
    socket.once("close", () =>
      failure === "ECONNRESET"
        ? resolve({ socket, received: () => received, closed })
        : reject(new Error(`no connection to ${url} (${failure ?? "closed"})`)),
    );
  });
}

/** Sends `head` (and `body`) on a new connection that asks to be closed; resolves with the answer. */
export async function rawRequest(
  url: string,
  head: string,
  { body = "", localAddress }: { body?: string; localAddress?: string } = {},
): Promise<string> {
  const connection = await openConnection(url, localAddress);
  connection.socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  return connection.closed;
}

/** An answer's status code from its raw text (0 when nothing came back). */
export function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);
}
