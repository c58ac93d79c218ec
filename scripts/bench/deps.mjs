// Loads the bench's tools (autocannon, lighthouse, chrome-launcher) from the project's node_modules;
// BENCH_DEPS_DIR may name another folder whose node_modules holds them (for trying the bench out).
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./config.mjs";

export const TOOL_VERSIONS = { autocannon: "9.0.0", lighthouse: "12.8.2" };

function resolveFrom(base, name) {
  try {
    return createRequire(join(base, "package.json")).resolve(name);
  } catch {
    return undefined;
  }
}

/** Path of a package's entry file, from the project first, then BENCH_DEPS_DIR. */
export function resolveTool(name) {
  const bases = [root, process.env.BENCH_DEPS_DIR].filter(Boolean);
  for (const base of bases) {
    const found = resolveFrom(base, name);
    if (found) return found;
  }
  const wanted = Object.entries(TOOL_VERSIONS)
    .map(([pkg, version]) => `${pkg}@${version}`)
    .join(" ");
  throw new Error(
    `Cannot find "${name}" in node_modules. Install the bench's tools: npm install --save-dev --save-exact ${wanted}`,
  );
}

export async function importTool(name) {
  return import(pathToFileURL(resolveTool(name)).href);
}

/** chrome-launcher is Lighthouse's own dependency: resolved next to the Lighthouse in use. */
export async function importChromeLauncher() {
  const lighthouseEntry = resolveTool("lighthouse");
  const path = createRequire(lighthouseEntry).resolve("chrome-launcher");
  return import(pathToFileURL(path).href);
}
