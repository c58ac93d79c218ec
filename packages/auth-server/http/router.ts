// Route matching: method + path pattern ("/admin/users/:id") to a route and its params, with
// 404 / 405 outcomes (HEAD matches GET). The routes themselves are in ../routes.ts.

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** What the router needs of a route; `access: "open"` marks a path reachable without an API key. */
export interface RoutePattern {
  method: Method;
  path: string;
  access: string;
}

export type Match<R extends RoutePattern> =
  | { kind: "found"; route: R; params: Record<string, string> }
  | { kind: "not_found" }
  | { kind: "method_not_allowed" };

export class Router<R extends RoutePattern> {
  private readonly compiled: { route: R; segments: string[] }[];

  constructor(routes: readonly R[]) {
    this.compiled = routes.map((route) => ({ route, segments: split(route.path) }));
  }

  match(method: string, path: string): Match<R> {
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
