// The server's router with the install's edit (branches ranked once per route table, each path's
// pattern built once) matches as before: per table, per case rule, per partial or whole path.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { AgnosticRouteObject, matchRoutes as MatchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The CommonJS build is the one Node's server runtime loads; the edit is made to it.
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const { matchRoutes } = require("@remix-run/router") as { matchRoutes: typeof MatchRoutes };

type Route = AgnosticRouteObject;

const portal: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      {
        id: "dashboard",
        path: "dashboard",
        children: [
          { id: "dashboard-home", index: true },
          { id: "account", path: "account" },
          { id: "sprint", path: ":sprint" },
          { id: "task", path: ":sprint/tasks/:taskId" },
        ],
      },
      { id: "files", path: "files/*" },
      { id: "report", path: "report/:year?" },
      { id: "missing", path: "*" },
    ],
  },
];

const ids = (routes: Route[], path: string) =>
  matchRoutes(routes, path)?.map((match) => match.route.id) ?? null;

describe("route matching with the install's edit", () => {
  it("is in the router Node loads", () => {
    expect(readFileSync(routerFile, "utf8")).toContain("function rankedBranches(routes)");
  });

  it("gives the same matches and params however often and in whatever order it is asked", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids(portal, "/")).toEqual(["root", "home"]);
      expect(ids(portal, "/dashboard")).toEqual(["root", "dashboard", "dashboard-home"]);
      expect(ids(portal, "/dashboard/account")).toEqual(["root", "dashboard", "account"]);
      expect(ids(portal, "/dashboard/sprint-2")).toEqual(["root", "dashboard", "sprint"]);
      expect(matchRoutes(portal, "/dashboard/sprint-2/tasks/icp-builder")?.at(-1)?.params).toEqual({
        sprint: "sprint-2",
        taskId: "icp-builder",
      });
      expect(matchRoutes(portal, "/files/a/b.pdf")?.at(-1)?.params["*"]).toBe("a/b.pdf");
      expect(matchRoutes(portal, "/report")?.at(-1)?.params).toEqual({ year: undefined });
      expect(matchRoutes(portal, "/report/2026")?.at(-1)?.params).toEqual({ year: "2026" });
      expect(ids(portal, "/no/such/page")).toEqual(["root", "missing"]);
    }
  });

  it("keeps each route table's ranking to itself", () => {
    const other: Route[] = [{ id: "only", path: "dashboard/account" }];
    expect(ids(portal, "/dashboard/account")).toEqual(["root", "dashboard", "account"]);
    expect(ids(other, "/dashboard/account")).toEqual(["only"]);
    expect(ids(other, "/dashboard")).toBeNull();
    expect(ids(portal, "/dashboard")).toEqual(["root", "dashboard", "dashboard-home"]);
  });

  it("builds a pattern per case rule and per whole or partial path", () => {
    const exact: Route[] = [{ id: "exact", path: "About", caseSensitive: true }];
    const loose: Route[] = [{ id: "loose", path: "About" }];
    expect(ids(exact, "/about")).toBeNull();
    expect(ids(loose, "/about")).toEqual(["loose"]);
    expect(ids(exact, "/About")).toEqual(["exact"]);
    // "about" as a parent matches a partial path; as a leaf, the whole path only.
    const parent: Route[] = [
      { id: "parent", path: "about", children: [{ id: "team", path: "team" }] },
    ];
    const leaf: Route[] = [{ id: "leaf", path: "about" }];
    expect(ids(parent, "/about/team")).toEqual(["parent", "team"]);
    expect(ids(leaf, "/about/team")).toBeNull();
  });
});
