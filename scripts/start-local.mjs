// `npm start` on a developer's machine: reads .env if there is one and keeps a generated
// SESSION_SECRET in .data/ (git-ignored) when none is set, then starts the production build.
// Containers run build/main.js directly and must be given SESSION_SECRET.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dataDir = fileURLToPath(new URL("../.data/", import.meta.url));
const secretFile = `${dataDir}session-secret`;
const envFile = fileURLToPath(new URL("../.env", import.meta.url));

if (existsSync(envFile)) process.loadEnvFile(envFile);
// React and Remix pick their production code by NODE_ENV, read when the build is loaded.
process.env.NODE_ENV ??= "production";

if (!process.env.SESSION_SECRET) {
  if (!existsSync(secretFile)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = readFileSync(secretFile, "utf8").trim();
}

await import("../build/main.js");
