// Requests taking turns (server/turns.ts): so many at once, the next ones waiting in order and then
// answered, one more than may wait answered 503 at once, an exempt path never waiting, and a
// request whose client left while it waited giving its turn on.
import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { takeTurns } from "../../server/turns";

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/**
 * An app whose `/work` answers only when released: the order requests arrived in (ahead of the
 * turns), started in, and those whose client left.
 */
async function serve() {
  const arrived: string[] = [];
  const started: string[] = [];
  const left: string[] = [];
  const releases: Array<() => void> = [];
  const app = express();
  app.use((req, res, next) => {
    if (req.path !== "/work") return next();
    const n = String(req.query.n);
    arrived.push(n);
    res.once("close", () => {
      if (!res.writableEnded) left.push(n);
    });
    next();
  });
  app.use(takeTurns({ concurrent: 2, waiting: 2, exempt: (req) => req.path === "/stream" }));
  app.get("/work", (req, res) => {
    started.push(String(req.query.n));
    releases.push(() => res.send(`done ${req.query.n}`));
  });
  app.get("/stream", (_req, res) => res.send("exempt"));
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, arrived, started, left, releases };
}

/** Releases every request worked on, until `done` resolves. */
async function releaseUntil<T>(releases: Array<() => void>, done: Promise<T>): Promise<T> {
  let finished = false;
  void done.finally(() => (finished = true));
  await vi.waitFor(() => {
    while (releases.length > 0) releases.shift()?.();
    if (!finished) throw new Error("not all answered yet");
  });
  return done;
}

describe("taking turns", () => {
  it("works on two at once, lets two wait in order, and sheds one more with a 503", async () => {
    const { url, arrived, started, releases } = await serve();
    const answers = [1, 2, 3, 4].map((n) => fetch(`${url}/work?n=${n}`));
    await vi.waitFor(() => expect(arrived).toHaveLength(4));
    // A request starts as it arrives, or not at all: two started, two wait.
    expect(started).toEqual(arrived.slice(0, 2));
    const shed = await fetch(`${url}/work?n=5`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("1");
    expect(await (await fetch(`${url}/stream`)).text()).toBe("exempt");
    releases.shift()?.();
    await vi.waitFor(() => expect(started).toEqual(arrived.slice(0, 3)));
    const texts = await releaseUntil(
      releases,
      Promise.all(answers.map(async (answer) => (await answer).text())),
    );
    expect(texts).toEqual(["done 1", "done 2", "done 3", "done 4"]);
    expect(started).toEqual(arrived.slice(0, 4));
  });

  it("gives the turn of a request whose client left while it waited to the next one", async () => {
    const { url, arrived, started, left, releases } = await serve();
    const first = [1, 2].map((n) => fetch(`${url}/work?n=${n}`));
    await vi.waitFor(() => expect(arrived).toHaveLength(2));
    const leaving = new AbortController();
    const leaver = fetch(`${url}/work?n=3`, { signal: leaving.signal }).catch(() => "left");
    await vi.waitFor(() => expect(arrived).toHaveLength(3));
    const next = fetch(`${url}/work?n=4`);
    await vi.waitFor(() => expect(arrived).toHaveLength(4));
    leaving.abort();
    expect(await leaver).toBe("left");
    await vi.waitFor(() => expect(left).toEqual(["3"]));
    releases.shift()?.();
    await vi.waitFor(() => expect(started).toEqual([...arrived.slice(0, 2), "4"]));
    expect(await (await releaseUntil(releases, next)).text()).toBe("done 4");
    await Promise.all(first);
  });
});
