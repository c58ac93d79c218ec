// The pages kept for every visitor against a flood on the production build: 2,000 requests from one
// client for other spellings, unknown paths and query strings, and the landing page is still
// answered from what was kept, to another client as to the flooder (decision 037).
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

interface Answer {
  status: number;
  location: string | undefined;
  cache: string | undefined;
}

const VISITOR = "127.0.0.1";
const FLOODER = "127.0.0.2";
const SHARED_PATHS = ["/", "/sign-in", "/sign-up", "/forgot-password"];
const FLOOD_SIZE = 2_000;

describe("the pages kept for every visitor", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  /** A GET from `from` (a loopback address: another client IP), redirects not followed. */
  const send = (path: string, from: string, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const url = new URL(app.url);
      const req = request(
        { host: url.hostname, port: url.port, path, method, localAddress: from },
        (response) => {
          response.resume();
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              cache: response.headers["x-cache"] as string | undefined,
            }),
          );
        },
      );
      req.once("error", reject);
      req.end();
    });

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  /** `path` spelt another way, chosen by `n`: a case flip, an escaped letter, a slash more. */
  function variant(path: string, n: number): string {
    const letters = [...path].map((character, index) => {
      if (!/[a-z]/.test(character)) return character;
      const pick = (n >> (index % 8)) & 3;
      if (pick === 1) return character.toUpperCase();
      if (pick === 2) return `%${character.charCodeAt(0).toString(16)}`;
      return character;
    });
    const spelt = letters.join("");
    const slashed = n % 3 === 0 ? `${spelt}/` : n % 3 === 1 ? `/${spelt}` : spelt;
    return slashed === path ? `${path}/` : slashed;
  }

  function floodRequest(n: number): string {
    const path = SHARED_PATHS[n % SHARED_PATHS.length]!;
    if (n % 10 === 7) return `/no-such-page-${n}`;
    if (n % 10 === 8) return `${path}?v=${n}`;
    return variant(path, n + 1);
  }

  it("2,000 other spellings of its paths are sent to the canonical one and leave / answered from what was kept", async () => {
    expect((await send("/", VISITOR)).cache).toBe("miss");
    expect(await send("/", VISITOR)).toMatchObject({ status: 200, cache: "hit" });
    expect(await send("/sign-in", VISITOR)).toMatchObject({ status: 200 });

    const answers: Array<Answer & { path: string }> = [];
    for (let batch = 0; batch < FLOOD_SIZE; batch += 25) {
      const paths = Array.from({ length: 25 }, (_, i) => floodRequest(batch + i));
      const results = await Promise.all(paths.map((path) => send(path, FLOODER)));
      answers.push(...results.map((answer, i) => ({ ...answer, path: paths[i]! })));
    }
    expect(answers).toHaveLength(FLOOD_SIZE);
    for (const answer of answers) {
      if (answer.path.includes("?") || answer.path.startsWith("/no-such-page")) {
        // Rendered for that request alone (a query can hold what someone typed; a 404 is not kept).
        expect([200, 404]).toContain(answer.status);
        expect(answer.cache).toBeUndefined();
      } else {
        expect(answer.status).toBe(301);
        expect(SHARED_PATHS).toContain(answer.location);
      }
    }
    expect(answers.filter(({ status }) => status === 301).length).toBeGreaterThan(1_500);

    expect(await send("/", VISITOR)).toMatchObject({ status: 200, cache: "hit" });
    expect(await send("/sign-in", VISITOR)).toMatchObject({ status: 200, cache: "hit" });
    expect(await send("/", FLOODER)).toMatchObject({ status: 200, cache: "hit" });
  });

  it("keeps the query of a redirected request, and refuses other methods and unsafe spellings", async () => {
    expect(await send("/Sign-In?email=a%40b.co", VISITOR)).toMatchObject({
      status: 301,
      location: "/sign-in?email=a%40b.co",
    });
    expect((await send("/Sign-In", VISITOR, "POST")).status).toBe(404);
    expect((await send("/\\evil.example/", VISITOR)).status).toBe(404);
    expect((await send("//evil.example/", VISITOR)).location).toBe("/evil.example");
    expect((await send("/sign-in", VISITOR, "HEAD")).status).toBe(200);
  });
});
