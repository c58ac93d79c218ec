// Route table: method + path pattern ("/admin/users/:id") to handler, with 404 / 405 outcomes.
import type { Reply } from "./reply";
import type { RequestContext } from "./request";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Handler = (ctx: RequestContext) => Promise<Reply>;

/** "apikey": behind the gateway's key check; "open": reachable without a key (mail links, health). */
export type Access = "apikey" | "open";

export interface Route {
  method: Method;
  path: string;
  access: Access;
  handler: Handler;
}

export type Match =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "not_found" }
  | { kind: "method_not_allowed" };

export class Router {
  private readonly compiled: { route: Route; segments: string[] }[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.path) }));
  }

  match(method: string, path: string): Match {
    const segments = split(path);
    let pathMatched = false;
    for (const { route, segments: pattern } of this.compiled) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method || (method === "HEAD" && route.method === "GET")) {
        return { kind: "found", route, params };
      }
    }
    return { kind: pathMatched ? "method_not_allowed" : "not_found" };
  }

  /** Whether any route at this path is open (used to skip the API key check). */
  isOpenPath(path: string): boolean {
    const segments = split(path);
    return this.compiled.some(
      ({ route, segments: pattern }) => route.access === "open" && matchSegments(pattern, segments),
    );
  }
}

function split(path: string): string[] {
  return path.split("/").filter(Boolean);
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const actual = segments[i] as string;
    if (expected.startsWith(":")) {
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}
