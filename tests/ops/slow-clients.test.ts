// Slow and greedy clients on raw connections, small limits configured: a silent or trickling
// connection gets a 408 (an upload's too, answered unread), an idle kept-alive one closes after its
// timeout, and extra connections from one address close, but a trusted proxy's do not (decision 035).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  freePort,
  logLines,
  openConnection,
  startAppProcess,
  startAuthProcess,
  statusOf,
  type RawConnection,
  type RunningProcess,
} from "../support/processes";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a test waits for the server to act: many times the configured limits. */
const PATIENCE_MS = 15_000;
const STILL_OPEN = "(still open)";

/** What the connection received by the time it closed, or STILL_OPEN if it did not close. */
function closing(connection: RawConnection): Promise<string> {
  return Promise.race([connection.closed, sleep(PATIENCE_MS).then(() => STILL_OPEN)]);
}

/** Writes `text` a few bytes at a time, every 200 ms, until the connection closes. */
function trickle(connection: RawConnection, text: string) {
  let sent = 0;
  const timer = setInterval(() => {
    if (connection.socket.destroyed || sent >= text.length) return clearInterval(timer);
    connection.socket.write(text.slice(sent, sent + 4));
    sent += 4;
  }, 200);
  void connection.closed.then(() => clearInterval(timer));
}

/** Sends a GET on an open connection and resolves with the status of its complete answer. */
async function answer(connection: RawConnection, extraHead = ""): Promise<number> {
  const from = connection.received().length;
  connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: test${extraHead}\r\n\r\n`);
  for (let attempt = 0; attempt < PATIENCE_MS / 50; attempt++) {
    const text = connection.received().slice(from);
    const end = text.indexOf("\r\n\r\n");
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? 0);
    if (end !== -1 && text.length >= end + 4 + length) return statusOf(text);
    if (connection.socket.destroyed) return statusOf(text);
    await sleep(50);
  }
  throw new Error("no complete answer");
}

describe("slow clients", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url, {
      HTTP_HEADERS_TIMEOUT_MS: "1000",
      HTTP_REQUEST_TIMEOUT_MS: "2000",
      HTTP_KEEP_ALIVE_TIMEOUT_MS: "1000",
    });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("closes a connection that sends nothing with a 408 after the header timeout", async () => {
    const connection = await openConnection(app.url);
    expect(statusOf(await closing(connection))).toBe(408);
  });

  it("closes a connection whose headers trickle in with a 408 after the header timeout", async () => {
    const connection = await openConnection(app.url);
    connection.socket.write("GET / HTTP/1.1\r\nHost: test\r\n");
    trickle(connection, Array.from({ length: 1000 }, (_, i) => `X-Slow-${i}: y\r\n`).join(""));
    expect(statusOf(await closing(connection))).toBe(408);
  });

  it("closes a connection whose body trickles in after the request timeout", async () => {
    const connection = await openConnection(app.url);
    const body = `email=${"a".repeat(990)}@example.com`;
    connection.socket.write(
      "POST /sign-in HTTP/1.1\r\nHost: test\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    trickle(connection, body);
    const received = await closing(connection);
    expect(received).not.toBe(STILL_OPEN);
    // A 408 when nothing was answered yet, or a plain close.
    expect([0, 408]).toContain(statusOf(received));
  });

  it("closes an upload's connection soon after answering it unread, however its body trickles on", async () => {
    const connection = await openConnection(app.url);
    const body = "x".repeat(1024 * 1024);
    connection.socket.write(
      `POST /dashboard/sprint-1/tasks/icp-builder HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\n` +
        `Origin: ${app.url}\r\n` +
        "Content-Type: multipart/form-data; boundary=slow\r\n" +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    trickle(connection, body);
    const received = await closing(connection);
    expect(received).not.toBe(STILL_OPEN);
    // Sent to sign in without a byte of the body read.
    expect(statusOf(received)).toBe(302);
  });

  it("announces its keep-alive timeout and closes an idle connection after it", async () => {
    const connection = await openConnection(app.url);
    expect(await answer(connection)).toBe(200);
    expect(connection.received()).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
    expect(await closing(connection)).not.toBe(STILL_OPEN);
  });

  it("still answers an ordinary request", async () => {
    const page = await fetch(`${app.url}/sign-in`);
    expect(page.status).toBe(200);
  });
});

describe("connections per client address", () => {
  const MAX = 3;
  const PROXY = "127.0.0.4";
  let auth: RunningProcess;
  let app: RunningProcess;
  const open: RawConnection[] = [];

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url, {
      HTTP_MAX_CONNECTIONS_PER_IP: String(MAX),
      TRUST_PROXY: PROXY,
      // Kept-alive connections stay open for the length of a test.
      HTTP_KEEP_ALIVE_TIMEOUT_MS: "60000",
    });
  }, 60_000);

  afterAll(async () => {
    for (const connection of open) connection.socket.destroy();
    await app?.stop();
    await auth?.stop();
  });

  async function connected(from: string): Promise<RawConnection> {
    const connection = await openConnection(app.url, from);
    open.push(connection);
    return connection;
  }

  it(`closes the ${MAX + 1}th connection from one address at once, while ${MAX} stay open`, async () => {
    const client = "127.0.0.5";
    const kept = await Promise.all(Array.from({ length: MAX }, () => connected(client)));
    for (const connection of kept) expect(await answer(connection)).toBe(200);

    const extra = await connected(client);
    expect(await answer(extra, "\r\nConnection: close")).toBe(0);
    expect(await closing(extra)).toBe("");
    expect(await answer(await connected(client), "\r\nConnection: close")).toBe(0);
    // Logged once, without the address.
    await vi.waitFor(() => {
      const capped = logLines(app).filter((line) => line.event === "connections_capped");
      expect(capped).toEqual([expect.objectContaining({ level: "warn", limit: MAX })]);
      expect(JSON.stringify(capped)).not.toContain(client);
    });

    for (const connection of kept) expect(await answer(connection)).toBe(200);
    const elsewhere = await connected("127.0.0.6");
    expect(await answer(elsewhere)).toBe(200);
  });

  it("lets the address connect again once one of its connections has closed", async () => {
    const client = "127.0.0.7";
    const kept = await Promise.all(Array.from({ length: MAX }, () => connected(client)));
    for (const connection of kept) expect(await answer(connection)).toBe(200);
    kept[0]?.socket.destroy();
    // The server sees the close a moment later; until then a new connection may still be closed.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = await answer(await connected(client));
      if (status !== 200) await sleep(100);
    }
    expect(status).toBe(200);
  });

  it("does not cap the trusted proxy, which carries many clients", async () => {
    const viaProxy = await Promise.all(Array.from({ length: 3 * MAX }, () => connected(PROXY)));
    const statuses = await Promise.all(viaProxy.map((connection) => answer(connection)));
    expect(statuses).toEqual(viaProxy.map(() => 200));
  });
});
