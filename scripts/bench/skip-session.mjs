// Bench-only copy of the build whose session check is skipped: resolveAuthState() in the server
// bundle returns a fixed signed-in user at once. The app's source is not touched.
import { cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./config.mjs";
import { scratchDir } from "./processes.mjs";

const MARKER = "async function resolveAuthState(request) {";

/** Copies `buildDir` to a scratch folder (node_modules linked) and patches the check out. */
export function skipSessionBuild(buildDir, user) {
  const dir = scratchDir("portal-bench-skip-");
  const copy = join(dir, "build");
  cpSync(buildDir, copy, { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  // The server bundle may be split into chunks (server/index.js, server/assets/*.js).
  const serverDir = join(copy, "server");
  const found = readdirSync(serverDir, { recursive: true })
    .filter((name) => name.endsWith(".js"))
    .map((name) => join(serverDir, name))
    .filter((file) => readFileSync(file, "utf8").includes(MARKER));
  const serverFile = found[0];
  const source = serverFile ? readFileSync(serverFile, "utf8") : "";
  if (found.length !== 1 || source.indexOf(MARKER) !== source.lastIndexOf(MARKER)) {
    throw new Error(`skip-session: "${MARKER}" not found exactly once in ${serverDir}`);
  }
  const stub = `\n  return { user: ${JSON.stringify(user)}, unavailable: false, headers: new Headers(), supabase: void 0 };`;
  writeFileSync(serverFile, source.replace(MARKER, MARKER + stub));
  return copy;
}
