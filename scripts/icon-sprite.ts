// A Vite plugin that draws every icon the portal names into one SVG sprite of <symbol>s
// (assets/icons-<content hash>.svg, also served by the dev server; `virtual:icon-sprite` gives its
// address), from lucide-react's own markup read out of its one-file build (decision 043).
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Plugin } from "vite";
import { ICON_NAMES, type IconName } from "../app/components/ui/icon-names";

const require = createRequire(import.meta.url);
const VIRTUAL_ID = "virtual:icon-sprite";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** lucide's component name for an icon name: "circle-check" → "CircleCheck". */
function componentName(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) =>
    letter.toUpperCase(),
  );
}

/** The inner markup of one lucide icon (its paths, circles…), as lucide-react renders it. */
function drawing(name: IconName): string {
  const icons = require("lucide-react") as Record<string, ComponentType | undefined>;
  const component = icons[componentName(name)];
  if (!component) throw new Error(`icon-sprite: lucide-react has no icon named "${name}"`);
  const svg = renderToStaticMarkup(createElement(component));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
  if (!inner) throw new Error(`icon-sprite: unexpected markup for "${name}"`);
  return inner;
}

/** The sprite: each icon a <symbol> carrying lucide's stroke settings, named by its icon name. */
export function iconSprite(names: readonly IconName[] = ICON_NAMES): string {
  const symbols = [...new Set(names)].map(
    (name) =>
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${drawing(name)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}

export function iconSpritePlugin(): Plugin {
  let sprite: { source: string; fileName: string } | undefined;
  const built = () => {
    if (!sprite) {
      const source = iconSprite();
      const hash = createHash("sha256").update(source).digest("hex").slice(0, 10);
      sprite = { source, fileName: `assets/icons-${hash}.svg` };
    }
    return sprite;
  };
  let emit = false;
  return {
    name: "icon-sprite",
    configResolved(config) {
      // Written once, with the client's files; the server build only needs the address.
      emit = config.command === "build" && !config.build.ssr;
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return `export default ${JSON.stringify(`/${built().fileName}`)};`;
    },
    generateBundle() {
      if (emit)
        this.emitFile({ type: "asset", fileName: built().fileName, source: built().source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const { source, fileName } = built();
        if (req.url !== `/${fileName}`) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.end(source);
      });
    },
  };
}
