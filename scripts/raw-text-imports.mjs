// An esbuild plugin for Vite's `?raw` imports (a programme file read as text, as the app's build
// does): the file's contents as a string. Used by the server bundles and the bench's measurement.
import { readFile } from "node:fs/promises";

export const rawTextImports = {
  name: "raw-text-imports",
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, async (args) => {
      const resolved = await builder.resolve(args.path.slice(0, -"?raw".length), {
        kind: args.kind,
        resolveDir: args.resolveDir,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: "raw-text" };
    });
    builder.onLoad({ filter: /.*/, namespace: "raw-text" }, async (args) => ({
      contents: await readFile(args.path, "utf8"),
      loader: "text",
    }));
  },
};
