// The app's import graph keeps its layers (decision 028): each folder imports only the folders its
// row allows, a component never a `.server` module, and no module reaches itself through imports.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const app = join(import.meta.dirname, "../../app");

/** Each folder (or top-level module) and the folders it may import; an entry may import all. */
const MAY_IMPORT: Record<string, string[] | "all"> = {
  routes: "all",
  root: "all",
  "entry.server": "all",
  "entry.client": "all",
  "load-context": [],
  components: [
    "auth",
    "brand",
    "content",
    "dashboard",
    "data",
    "files",
    "forms",
    "hooks",
    "lib",
    "messages",
    "people",
    "programme",
    "questionnaires",
    "session",
    "staff",
  ],
  auth: ["forms", "session", "data", "mail", "people", "content", "lib"],
  dashboard: [
    "accounts",
    "forms",
    "session",
    "data",
    "files",
    "hand-ins",
    "messages",
    "people",
    "programme",
    "questionnaires",
    "content",
    "lib",
  ],
  staff: [
    "accounts",
    "brand",
    "forms",
    "session",
    "data",
    "files",
    "hand-ins",
    "identity",
    "messages",
    "people",
    "visits",
    "programme",
    "questionnaires",
    "content",
    "lib",
  ],
  "hand-ins": ["forms", "session", "data", "files", "messages", "programme", "content", "lib"],
  questionnaires: ["content", "data", "forms", "hand-ins", "lib", "people", "programme", "session"],
  visits: ["data", "lib"],
  messages: ["forms", "data", "people", "programme", "content", "lib"],
  mail: [
    "brand",
    "forms",
    "session",
    "data",
    "identity",
    "messages",
    "people",
    "staff",
    "programme",
    "content",
    "lib",
  ],
  accounts: [
    "brand",
    "forms",
    "session",
    "data",
    "identity",
    "people",
    "programme",
    "content",
    "lib",
  ],
  brand: ["data", "files", "lib"],
  people: ["data", "lib"],
  files: ["forms", "session", "data", "content", "lib"],
  jobs: ["inbound", "mail", "messages", "data", "lib"],
  inbound: ["brand", "forms", "data", "files", "mail", "messages", "programme", "content", "lib"],
  live: ["identity", "session", "data", "lib"],
  identity: ["data", "session", "lib"],
  forms: ["brand", "session", "people", "programme", "content", "lib"],
  session: ["data", "lib"],
  data: ["programme", "lib"],
  programme: ["content", "lib"],
  delivery: ["hooks", "programme", "lib"],
  hooks: ["lib"],
  content: [],
  lib: [],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A module's imports, resolved to paths under app/ (without extension); packages left out. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const [, spec = ""] of source.matchAll(
    /(?:from|import)\s*\(?\s*"((?:~\/|\.{1,2}\/)[^"]+)"/g,
  )) {
    const path = spec.startsWith("~/")
      ? spec.slice(2)
      : normalize(join(dirname(relative(app, file)), spec));
    found.push(path.replace(/\.(ts|tsx)$/, "").replace(/\?.*$/, ""));
  }
  return found;
}

/** The folder a module is in, or the module itself at the top of app/. */
const top = (path: string) => path.split("/")[0] as string;
const moduleKey = (path: string) => path.replace(/\.(ts|tsx)$/, "");

const files = sourceFiles(app);
const graph = new Map(files.map((file) => [moduleKey(relative(app, file)), importsOf(file)]));

describe("the app's layers", () => {
  it("imports only downward, as each folder's row allows", () => {
    const wrong: string[] = [];
    for (const [module, imports] of graph) {
      const allowed = MAY_IMPORT[top(module)];
      expect(allowed, `${module} belongs to no folder of the table`).toBeDefined();
      for (const target of imports) {
        const to = top(target);
        if (to === top(module) || allowed === "all" || to.includes(".css")) continue;
        if (!allowed?.includes(to)) wrong.push(`${module} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps server modules out of components", () => {
    const leaks = [...graph]
      .filter(([module]) => module.startsWith("components/"))
      .flatMap(([module, imports]) =>
        imports.filter((target) => /\.server(\/|$)/.test(target)).map((t) => `${module} → ${t}`),
      );
    expect(leaks).toEqual([]);
  });

  it("has no import cycle", () => {
    // The graph is the app's: its imports resolve to its modules.
    const resolved = [...graph.values()].flat().filter((target) => graph.has(target));
    expect(resolved.length).toBeGreaterThan(300);
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (module: string, path: string[]) => {
      if (state.get(module) === "done") return;
      if (state.get(module) === "open") {
        cycles.push([...path.slice(path.indexOf(module)), module].join(" → "));
        return;
      }
      state.set(module, "open");
      for (const target of graph.get(module) ?? []) {
        if (graph.has(target)) visit(target, [...path, module]);
      }
      state.set(module, "done");
    };
    for (const module of graph.keys()) visit(module, []);
    expect(cycles).toEqual([]);
  });
});
