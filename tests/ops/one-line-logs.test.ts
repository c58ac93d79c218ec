// The log stays one JSON object per line whatever a library prints (Remix's stack traces, auth-js's
// dumps), and a message repeated hundreds of times is written a few times, then counted, the count
// reported once when the process stops (decision 035).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPEATS_PER_WINDOW } from "../../server/console-log";
import {
  freePort,
  logLines,
  postForm,
  postSignIn,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const STRAY_POSTS = 500;
const CONCURRENCY = 10;
const STRAY_MESSAGE = 'You made a POST request to "/dashboard"';

function consoleLines(app: RunningProcess, containing: string) {
  return logLines(app).filter(
    (line) => line.event === "console" && String(line.message).includes(containing),
  );
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe("a form posted to a page without an action, 500 times", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("answers 405 each time and leaves only JSON lines, a few of them about it", async () => {
    let sent = 0;
    const statuses = new Set<number>();
    const worker = async () => {
      while (sent < STRAY_POSTS) {
        sent += 1;
        statuses.add((await postForm(app, "/dashboard", { stray: "yes" })).status);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await settle();
    expect([...statuses]).toEqual([405]);

    const lines = consoleLines(app, STRAY_MESSAGE);
    expect(lines).toHaveLength(REPEATS_PER_WINDOW);
    for (const line of lines) {
      expect(line.level).toBe("error");
      expect(line.message).toMatch(/^Error: You made a POST request to "\/dashboard"/);
      expect(String(line.detail)).toContain("at ");
    }
  }, 60_000);

  it("reports how many copies it left out, once, when it stops", async () => {
    expect(await app.stop()).toBe(0);
    const summaries = logLines(app).filter((line) => line.event === "console_suppressed");
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.count).toBe(STRAY_POSTS - REPEATS_PER_WINDOW);
    expect(JSON.stringify(summaries[0]?.messages)).toContain(STRAY_MESSAGE.replaceAll('"', '\\"'));
  });
});

describe("auth-js while the auth service does not answer", () => {
  let app: RunningProcess;

  beforeAll(async () => {
    // Nothing listens on the auth service's port.
    app = await startAppProcess(freePort(), `http://127.0.0.1:${freePort()}`);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
  });

  it("a sign-in says 'Connection Error' and auth-js's dump is one JSON line", async () => {
    const response = await postSignIn(app, "someone@example.com", "Whatever-Passw0rd!");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Connection Error");
    await settle();
    const [line, ...others] = consoleLines(app, "fetch failed");
    expect(others).toEqual([]);
    expect(line?.level).toBe("error");
    expect(line?.message).toBe("TypeError: fetch failed");
    expect(String(line?.detail)).toContain("ECONNREFUSED");
  });
});
