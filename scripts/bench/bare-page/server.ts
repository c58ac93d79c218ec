// Serves the reference page's build (argv[2]) on 127.0.0.1:argv[3] with the same stack as the
// portal: Express, compression() for whatever the entry has not compressed, static assets, then
// Remix's request handler. The bench bundles this file with esbuild.
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [buildDir = "", port = ""] = process.argv.slice(2);
const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
app.use(compression());
app.use(
  "/assets",
  express.static(join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
);
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
