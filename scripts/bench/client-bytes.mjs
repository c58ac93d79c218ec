// Client weight per page from the build: Remix's route manifest (build/client/assets/manifest-*.js)
// gives entry + matched route modules + imports + css; stylesheets linked by route `links` (not in
// the manifest) come from the page's HTML. Sizes raw and gzip (the server's compression level).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export function readRouteManifest(buildDir) {
  const assets = join(buildDir, "client", "assets");
  const files = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length === 0) throw new Error(`no manifest-*.js in ${assets}`);
  const newest = files
    .map((name) => ({ name, time: statSync(join(assets, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)[0].name;
  const text = readFileSync(join(assets, newest), "utf8").trim();
  const json = text.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;$/, "");
  return JSON.parse(json);
}

const segmentsOf = (path) => path.split("/").filter(Boolean);

/** Route ids from root to leaf for a URL path (static, `:param` and `*` segments). */
export function matchRoutes(manifest, pathname) {
  const routes = Object.values(manifest.routes);
  const childrenOf = (parentId) => routes.filter((route) => route.parentId === parentId);
  const rank = (route) => (route.path === "*" ? 2 : /(^|\/)[:*]/.test(route.path ?? "") ? 1 : 0);
  const walk = (route, rest) => {
    for (const child of childrenOf(route.id).sort((a, b) => rank(a) - rank(b))) {
      if (child.index) {
        if (rest.length === 0) return [child.id];
        continue;
      }
      const own = segmentsOf(child.path ?? "");
      if (own[0] === "*") return [child.id];
      const fits = own.every((part, i) => part.startsWith(":") || part === rest[i]);
      if (!fits || own.length > rest.length) continue;
      const deeper = walk(child, rest.slice(own.length));
      if (deeper) return [child.id, ...deeper];
      if (own.length === rest.length) return [child.id];
    }
    return rest.length === 0 ? [] : null;
  };
  const rootRoute = manifest.routes.root;
  const chain = walk(rootRoute, segmentsOf(pathname));
  if (!chain) throw new Error(`no route matches ${pathname}`);
  return ["root", ...chain];
}

/**
 * The asset URLs a document for `pathname` loads, by kind, deduplicated. The manifest file itself
 * only counts when the page loads it: with lazy route discovery the HTML inlines a partial one.
 */
export function assetsFor(manifest, pathname, { linkedCss = [], loadsManifest = true } = {}) {
  const routeIds = matchRoutes(manifest, pathname);
  const js = new Set(loadsManifest ? [manifest.url] : []);
  for (const file of [manifest.entry.module, ...manifest.entry.imports]) js.add(file);
  const css = new Set(manifest.entry.css ?? []);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  for (const file of linkedCss) css.add(file);
  return { routeIds, js: [...js], css: [...css] };
}

/** `<link>` hrefs in a page's HTML by rel: modulepreload (scripts) and stylesheet. */
export function linksInHtml(html) {
  const found = { modulepreload: [], stylesheet: [] };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = /\brel="([^"]+)"/i.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href && rel && rel in found) found[rel].push(href);
  }
  return found;
}

const sizeCache = new Map();

function sizeOf(buildDir, url) {
  const key = `${buildDir}|${url}`;
  if (!sizeCache.has(key)) {
    const bytes = readFileSync(join(buildDir, "client", url.replace(/^\//, "")));
    // compression's default: zlib level 6 (Z_DEFAULT_COMPRESSION).
    sizeCache.set(key, { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length });
  }
  return sizeCache.get(key);
}

export function totals(buildDir, urls) {
  const sum = { raw: 0, gzip: 0, files: urls.length };
  for (const url of urls) {
    const { raw, gzip } = sizeOf(buildDir, url);
    sum.raw += raw;
    sum.gzip += gzip;
  }
  return sum;
}

/**
 * Per page: JS and CSS totals, the HTML document's own size, the JS beyond what `/` loads, and
 * whether the manifest's script list agrees with the page's modulepreload links. `pages` = [{ path, html }], the first being `/`.
 */
export function clientWeight(buildDir, pages) {
  const manifest = readRouteManifest(buildDir);
  const results = pages.map(({ path, html }) => {
    const links = linksInHtml(html);
    const assets = assetsFor(manifest, path, {
      linkedCss: links.stylesheet,
      loadsManifest:
        links.modulepreload.includes(manifest.url) || html.includes(`import "${manifest.url}"`),
    });
    const fromHtml = new Set(links.modulepreload);
    const agrees =
      fromHtml.size === assets.js.length && assets.js.every((url) => fromHtml.has(url));
    return {
      path,
      routeIds: assets.routeIds,
      jsFiles: assets.js,
      cssFiles: assets.css,
      js: totals(buildDir, assets.js),
      css: totals(buildDir, assets.css),
      html: { raw: Buffer.byteLength(html), gzip: gzipSync(html, { level: 6 }).length },
      matchesHtml: agrees,
    };
  });
  const landing = new Set(results[0].jsFiles);
  for (const page of results) {
    page.addedJs = totals(
      buildDir,
      page.jsFiles.filter((url) => !landing.has(url)),
    );
  }
  return { manifestVersion: manifest.version, pages: results };
}
