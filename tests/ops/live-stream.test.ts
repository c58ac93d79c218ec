// The live stream on the built server: an uncompressed event stream that pings each change to the
// pages allowed to see it (a client's own, staff all), outlives the request timeout, reaches another
// app instance on one PostgreSQL, leaves nothing behind after 2,000 streams, and ends at shutdown.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  signInCookie,
  consoleAccountId,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

/** The client's account named by a ping: an id of its own. */
const ACCOUNT_ID = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
);

const PASSWORD = "Live-Stream-2026!";

interface Stream {
  status: number;
  headers: Headers;
  /** Resolves with the data of the next `changed` event. */
  nextChange(): Promise<string>;
  close(): void;
}

async function openStream(app: RunningProcess, cookie: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${app.url}/resources/live`, {
    headers: { Cookie: cookie, "Accept-Encoding": "br, gzip" },
    signal: abort.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const nextEvent = async (): Promise<string> => {
    for (;;) {
      const end = buffered.indexOf("\n\n");
      if (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        return event;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      buffered += value;
    }
  };
  return {
    status: response.status,
    headers: response.headers,
    async nextChange() {
      for (;;) {
        const event = await nextEvent();
        if (event.startsWith("event: changed")) return event.split("data: ")[1] ?? "";
      }
    },
    close: () => abort.abort(),
  };
}

const tick = (app: RunningProcess, cookie: string, taskId: string) =>
  postForm(app, "/dashboard/sprint-1", { taskId, status: "completed" }, { Cookie: cookie });

async function liveCounts(app: RunningProcess) {
  const health = (await (await fetch(`${app.url}/healthz`)).json()) as {
    live: { streams: number; listeners: number };
  };
  return health.live;
}

describe("the live stream", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url, {
      HTTP_HEADERS_TIMEOUT_MS: "1000",
      HTTP_REQUEST_TIMEOUT_MS: "1500",
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      // Staff's streams ask the auth service (its admin API) whether they are staff still.
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
    });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("is an uncompressed event stream that pings a client's own changes, and staff every client's", async () => {
    const [one, two, staff] = await Promise.all([
      signedInPerson(app, auth.url, "live-one", PASSWORD),
      signedInPerson(app, auth.url, "live-two", PASSWORD),
      signedInPerson(app, auth.url, "live-staff", PASSWORD, true),
    ]);
    const oneStream = await openStream(app, one.cookie);
    const twoStream = await openStream(app, two.cookie);
    const staffStream = await openStream(app, staff.cookie);
    try {
      expect([twoStream.status, staffStream.status]).toEqual([200, 200]);
      expect(oneStream.status).toBe(200);
      expect(oneStream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(oneStream.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(oneStream.headers.get("content-encoding")).toBeNull();
      // A ping names the client's account, whose id the console's redirect from theirs gives.
      const oneAccount = await consoleAccountId(app, one.id, staff.cookie);
      const twoAccount = await consoleAccountId(app, two.id, staff.cookie);
      expect((await tick(app, one.cookie, "icp-builder")).status).toBe(302);
      expect(await oneStream.nextChange()).toBe(JSON.stringify({ clientId: oneAccount }));
      expect(await staffStream.nextChange()).toBe(JSON.stringify({ clientId: oneAccount }));
      // The other client's first ping is their own change: nothing of the first client's came.
      expect((await tick(app, two.cookie, "icp-builder")).status).toBe(302);
      expect(await twoStream.nextChange()).toBe(JSON.stringify({ clientId: twoAccount }));
      expect(await staffStream.nextChange()).toBe(JSON.stringify({ clientId: twoAccount }));
    } finally {
      for (const stream of [oneStream, twoStream, staffStream]) stream.close();
    }
  });

  it("is refused to a visitor", async () => {
    const answer = await fetch(`${app.url}/resources/live`, { redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("content-type") ?? "").not.toContain("event-stream");
  });

  it("stays open past the request timeout, and still pings", async () => {
    const client = await signedInPerson(app, auth.url, "live-long", PASSWORD);
    const stream = await openStream(app, client.cookie);
    try {
      // Three times the 1.5 s in which a request must have arrived in full.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect((await tick(app, client.cookie, "icp-builder")).status).toBe(302);
      expect(JSON.parse(await stream.nextChange())).toEqual({ clientId: ACCOUNT_ID });
    } finally {
      stream.close();
    }
  });

  it("takes 60 streams from one address (20 people behind one NAT, 3 tabs each) and still answers pages", async () => {
    const people = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        signedInPerson(app, auth.url, `live-nat-${index}`, PASSWORD),
      ),
    );
    const streams = await Promise.all(
      people.flatMap((person) => [0, 1, 2].map(() => openStream(app, person.cookie))),
    );
    try {
      expect(streams.map((stream) => stream.status)).toEqual(Array(60).fill(200));
      const pages = await Promise.all(
        people.map((person) =>
          fetch(`${app.url}/dashboard`, { headers: { Cookie: person.cookie } }),
        ),
      );
      expect(pages.map((page) => page.status)).toEqual(Array(20).fill(200));
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it(
    "leaves no stream or listener behind after 2,000 streams opened and closed",
    { timeout: 180_000 },
    async () => {
      // Six people, as one person holds at most 20 streams at once (a batch's, and the last one's
      // still closing).
      const people = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) => signedInPerson(app, auth.url, `live-many-${n}`, PASSWORD)),
      );
      let most = 0;
      for (let batch = 0; batch < 42; batch++) {
        const streams = await Promise.all(
          Array.from({ length: 48 }, (_, n) => openStream(app, people[n % 6]!.cookie)),
        );
        expect(streams.every((stream) => stream.status === 200)).toBe(true);
        most = Math.max(most, (await liveCounts(app)).streams);
        for (const stream of streams) stream.close();
      }
      expect(most).toBeGreaterThanOrEqual(48);
      let counts = await liveCounts(app);
      for (let wait = 0; wait < 100 && counts.streams + counts.listeners > 0; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        counts = await liveCounts(app);
      }
      expect(counts).toEqual({ streams: 0, listeners: 0 });
    },
  );
});

describe("the live stream at shutdown", () => {
  it("ends at SIGTERM, so the server stops without waiting for it", async () => {
    const auth = await startAuthProcess(freePort());
    // A stream that held the server open would keep it for ten minutes: past this test's time.
    const app = await startAppProcess(freePort(), auth.url, { SHUTDOWN_TIMEOUT_MS: "600000" });
    try {
      const client = await signedInPerson(app, auth.url, "live-shutdown", PASSWORD);
      const stream = await openStream(app, client.cookie);
      const ended = stream.nextChange().then(
        () => "ping",
        (error: Error) => error.message,
      );
      expect(await app.stop("SIGTERM")).toBe(0);
      expect(await ended).toBe("the stream ended");
    } finally {
      await app.stop();
      await auth.stop();
    }
  });
});

describe("the live stream across two app instances on one PostgreSQL", () => {
  it("carries a change made through one instance to a stream open on the other", async () => {
    const auth = await startAuthProcess(freePort());
    const settings = { DATABASE_URL: freshPostgres().url };
    const one = await startAppProcess(freePort(), auth.url, settings);
    const two = await startAppProcess(freePort(), auth.url, settings);
    try {
      const client = await signedInPerson(one, auth.url, "live-instances", PASSWORD);
      const stream = await openStream(two, await signInCookie(two, client.email, PASSWORD));
      // The other instance listens once its connection is up: a ping may need a second change.
      const change = stream.nextChange();
      let pinged: string | undefined;
      for (const task of ["icp-builder", "messaging-mastery", "pricing-strategist"]) {
        expect((await tick(one, client.cookie, task)).status).toBe(302);
        pinged = await Promise.race([
          change,
          new Promise<undefined>((resolve) => setTimeout(resolve, 2_000)),
        ]);
        if (pinged) break;
      }
      stream.close();
      expect(JSON.parse(pinged ?? "{}")).toEqual({ clientId: ACCOUNT_ID });
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await auth.stop();
    }
  });
});
