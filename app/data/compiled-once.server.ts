// Queries asked on every page view, built and compiled once per engine and per count of keys: later
// calls bind their own keys to the same SQL, where the builder would make its tree anew (decision 076).
import { CompiledQuery, type Compilable } from "kysely";
import type { Executor } from "./connection.server";

/** What such a query is asked by: ids, one or several. */
type Key = string | string[];

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
  /** For each parameter that is a key: its index, the argument's, and the element's (-1: none). */
  slots: [parameter: number, argument: number, element: number][];
}

/** Shapes kept per query and engine; more (many different counts of keys) are compiled per call. */
const MAX_SHAPES = 64;

/** A key's stand-in while compiling: nothing an id is made of (`⟪0.-1⟫`, `⟪1.3⟫`). */
const placeholder = (argument: number, element: number) => `⟪${argument}.${element}⟫`;

/** The query `build` makes for `args`, with a placeholder in place of each key, and where each is. */
function compile<Args extends Key[]>(
  build: (db: Executor, ...args: Args) => Compilable<unknown>,
  db: Executor,
  args: Args,
): Compiled | null {
  const marked = args.map((arg, argument) =>
    typeof arg === "string"
      ? placeholder(argument, -1)
      : arg.map((_, element) => placeholder(argument, element)),
  ) as Args;
  const { sql, parameters } = build(db, ...marked).compile();
  const slots: Compiled["slots"] = [];
  parameters.forEach((value, index) => {
    const match = typeof value === "string" ? /^⟪(\d+)\.(-?\d+)⟫$/.exec(value) : null;
    if (match) slots.push([index, Number(match[1]), Number(match[2])]);
  });
  const bound = new Set(slots.map(([, argument, element]) => `${argument}.${element}`));
  // A key written into the SQL itself, or never bound: not reusable.
  const reusable = !sql.includes("⟪") && bound.size === marked.flat().length;
  return reusable ? { sql, parameters, slots } : null;
}

/**
 * `build` (a query of `db` and of ids only) as a function that compiles it once per engine and
 * count of ids, then runs that SQL with each call's ids.
 */
export function compiledOnce<Args extends Key[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const byEngine = new WeakMap<object, Map<string, Compiled | null>>();
  return async (db, ...args) => {
    const engine = db.getExecutor().adapter.constructor;
    let shapes = byEngine.get(engine);
    if (!shapes) byEngine.set(engine, (shapes = new Map()));
    const shape = args.map((arg) => (typeof arg === "string" ? "-" : arg.length)).join(",");
    let compiled = shapes.get(shape);
    if (compiled === undefined) {
      compiled = compile(build, db, args);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled);
    }
    if (!compiled) return (await db.executeQuery(build(db, ...args).compile())).rows;
    const parameters = [...compiled.parameters];
    for (const [index, argument, element] of compiled.slots) {
      const arg = args[argument]!;
      parameters[index] = typeof arg === "string" ? arg : arg[element];
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
