// `npm start` works where a process may open only 1,024 files: a copy of the checkout as a fresh
// clone would have it (no .env), with this run's build, made under the same limit by npm test, is
// served under that limit (decisions 009, 046).
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/processes";

const root = join(import.meta.dirname, "../..");
const OPEN_FILE_LIMIT = 1024;
const clone = mkdtempSync(join(tmpdir(), "portal-file-limit-"));

/**
 * The environment a person's shell would give: without what Vitest sets (NODE_ENV=test builds in
 * another mode, one that happens to open fewer files).
 */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) {
    if (name === "NODE_ENV" || name === "TEST" || name.startsWith("VITEST")) delete env[name];
  }
  return env;
}

/** Runs `command` in the copy through bash with the soft and hard open-file limits lowered. */
function underFileLimit(command: string, env: Record<string, string> = {}) {
  return spawn(
    "bash",
    ["-c", `ulimit -Sn ${OPEN_FILE_LIMIT} && ulimit -Hn ${OPEN_FILE_LIMIT} && exec ${command}`],
    { cwd: clone, env: shellEnv(env), stdio: ["ignore", "pipe", "pipe"] },
  );
}

function captured(child: ReturnType<typeof spawn>) {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { output: () => output, exited };
}

const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
  {
    cwd: root,
    encoding: "utf8",
  },
)
  .split("\0")
  .filter(Boolean);
for (const file of files) {
  mkdirSync(dirname(join(clone, file)), { recursive: true });
  cpSync(join(root, file), join(clone, file), { dereference: false });
}
symlinkSync(join(root, "node_modules"), join(clone, "node_modules"), "dir");
symlinkSync(join(root, "build"), join(clone, "build"), "dir");

afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe(`with at most ${OPEN_FILE_LIMIT} open files`, () => {
  it("the built app starts as npm start runs it and serves the landing page", async () => {
    const port = freePort();
    const server = underFileLimit("node scripts/start-local.mjs", {
      PORT: String(port),
      HOST: "127.0.0.1",
      EMBEDDED_AUTH_PORT: String(freePort()),
      AUTH_DATA_DIR: mkdtempSync(join(tmpdir(), "portal-auth-")),
    });
    const app = captured(server);
    try {
      let landing: Response | undefined;
      for (let attempt = 0; attempt < 150 && !landing?.ok; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        landing = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      }
      expect(landing?.status, app.output()).toBe(200);
      expect(await landing?.text()).toContain("Client Portal");
    } finally {
      server.kill("SIGTERM");
    }
    expect(await app.exited, app.output()).toBe(0);
  });
});
