// Edits installed packages after `npm ci` (postinstall): each edit names the exact version it was
// written for and the text it replaces; another version or text fails the install (decision 073).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const resolve = createRequire(new URL("../package.json", import.meta.url)).resolve;

/** The server's router: route branches ranked once per route table, each path's RegExp built once. */
const ROUTER_MATCHING = {
  pkg: "@remix-run/router",
  version: "1.23.3",
  file: "dist/router.cjs.js",
  edits: [
    {
      before: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);
  let matches = null;`,
      after: `  let branches = rankedBranches(routes);
  let matches = null;`,
    },
    {
      before: `function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
      after: `const rankedBranchesByRoutes = new WeakMap();
function rankedBranches(routes) {
  let branches = rankedBranchesByRoutes.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesByRoutes.set(routes, branches);
  }
  return branches;
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {`,
    },
    {
      before: `function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }`,
      after: `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  if (caseSensitive === void 0) {
    caseSensitive = false;
  }
  if (end === void 0) {
    end = true;
  }
  let key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compileNewPath(path, caseSensitive, end);
    if (compiledPaths.size < 1000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compileNewPath(path, caseSensitive, end) {`,
    },
  ],
};

function apply({ pkg, version, file, edits }) {
  const root = dirname(resolve(`${pkg}/package.json`));
  const installed = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
  if (installed !== version) {
    throw new Error(`${pkg} is ${installed}; its edit was written for ${version}: review it`);
  }
  const path = join(root, file);
  let text = readFileSync(path, "utf8");
  for (const { before, after } of edits) {
    if (text.includes(after)) continue;
    if (!text.includes(before)) throw new Error(`${pkg}/${file} lacks the text an edit replaces`);
    text = text.replace(before, after);
  }
  writeFileSync(path, text);
}

apply(ROUTER_MATCHING);
