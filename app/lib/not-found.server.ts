// The answer for a URL no page exists at: one JSON line in the server log with the path (cut to a
// sane length), and status 404 for the 404 page to render with.
import { data } from "@remix-run/node";
import { log } from "./log.server";

const MAX_LOGGED_PATH = 2048;

export function notFound(request: Request) {
  const path = new URL(request.url).pathname.slice(0, MAX_LOGGED_PATH);
  log("warn", "not_found", { path });
  return data(null, { status: 404 });
}
