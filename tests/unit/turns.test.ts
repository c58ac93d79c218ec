// Requests taking turns (server/turns.ts): so many at once, the next ones waiting in order and then
// answered, one more than may wait answered 503 at once, an exempt path never waiting, and a
// request whose client left while it waited giving its turn on.
import express from "express";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { takeTurns } from "../../server/turns";

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** An app whose `/work` answers only when released; the order requests started in. */
async function serve() {
  const started: string[] = [];
  const releases: Array<() => void> = [];
  const app = express();
  app.use(takeTurns({ concurrent: 2, waiting: 2, exempt: (path) => path === "/stream" }));
  app.get("/work", (req, res) => {
    started.push(String(req.query.n));
    releases.push(() => res.send(`done ${req.query.n}`));
  });
  app.get("/stream", (_req, res) => res.send("exempt"));
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, started, releases };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("taking turns", () => {
  it("works on two at once, lets two wait in order, and sheds one more with a 503", async () => {
    const { url, started, releases } = await serve();
    const answers = [1, 2, 3, 4].map((n) => fetch(`${url}/work?n=${n}`));
    await settle();
    expect(started).toEqual(["1", "2"]);
    const shed = await fetch(`${url}/work?n=5`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("1");
    expect(await (await fetch(`${url}/stream`)).text()).toBe("exempt");
    releases.shift()?.();
    await settle();
    expect(started).toEqual(["1", "2", "3"]);
    while (started.length < 4 || releases.length > 0) {
      releases.shift()?.();
      await settle();
    }
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual([
      "done 1",
      "done 2",
      "done 3",
      "done 4",
    ]);
  });

  it("gives the turn of a request whose client left while it waited to the next one", async () => {
    const { url, started, releases } = await serve();
    const first = [1, 2].map((n) => fetch(`${url}/work?n=${n}`));
    await settle();
    const leaving = new AbortController();
    const left = fetch(`${url}/work?n=3`, { signal: leaving.signal }).catch(() => "left");
    const next = fetch(`${url}/work?n=4`);
    await settle();
    leaving.abort();
    expect(await left).toBe("left");
    await settle();
    releases.shift()?.();
    await settle();
    expect(started).toEqual(["1", "2", "4"]);
    while (releases.length > 0) {
      releases.shift()?.();
      await settle();
    }
    expect(await (await next).text()).toBe("done 4");
    await Promise.all(first);
  });
});
