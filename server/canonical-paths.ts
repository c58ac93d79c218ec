// Sends a request for a page spelt other than canonically (`/Sign-In`, `/%73ign-in`, `/sign-in/`)
// to the canonical spelling with a 301, keeping its query; other methods, which cannot follow a
// redirect unchanged, and spellings that would not be a safe redirect get a 404.
import type { NextFunction, Request, Response } from "express";
import { canonicalRedirect } from "../app/delivery/canonical-path";

export function canonicalPaths(req: Request, res: Response, next: NextFunction) {
  const query = req.url.indexOf("?");
  const path = query === -1 ? req.url : req.url.slice(0, query);
  const target = canonicalRedirect(path);
  if (target === null) return next();
  if (target === "refuse" || (req.method !== "GET" && req.method !== "HEAD")) {
    res.status(404).type("text/plain").send("Not found.");
    return;
  }
  res.redirect(301, query === -1 ? target : `${target}${req.url.slice(query)}`);
}
