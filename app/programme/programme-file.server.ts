// Reads the programme file (an agency's, named by PROGRAMME_FILE, or the default
// app/content/programme.yaml) and checks it against the programme schema; every problem is
// reported with the file, the line and the field, as the ConfigError start-up prints.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import type * as z from "zod/v4-mini";
import defaultProgramme from "~/content/programme.yaml?raw";
import { ConfigError } from "~/lib/env.server";
import type { ProgrammeContent } from "./model";
import { programmeSchema } from "./programme-schema";

const DEFAULT_SOURCE = "app/content/programme.yaml";
/** Past this many problems the rest are counted, not listed. */
const MAX_PROBLEMS = 20;

type Path = readonly PropertyKey[];

interface Problem {
  line: number;
  text: string;
}

/** The programme in `path`, or the default programme when no path is given. */
export function readProgrammeFile(path: string | undefined): ProgrammeContent {
  const { text, source } = readProgrammeText(path, "PROGRAMME_FILE");
  return parseProgramme(text, source);
}

/**
 * The YAML in `path` (the default programme's without one) and how problems name it; a file that
 * cannot be read is a ConfigError naming `setting`, the variable that points to it.
 */
export function readProgrammeText(
  path: string | undefined,
  setting: string,
): { text: string; source: string } {
  if (path === undefined) return { text: defaultProgramme, source: DEFAULT_SOURCE };
  try {
    return { text: readFileSync(path, "utf8"), source: path };
  } catch (error) {
    const shown = resolve(path) === path ? path : `${path} (${resolve(path)})`;
    throw new ConfigError([`${setting}: cannot read ${shown}: ${readFailure(error)}`]);
  }
}

/**
 * The programme in `text`, a YAML file; `source` names it in problems. Throws ConfigError listing
 * every problem (YAML syntax first, else every rule the content breaks) with its line and field.
 */
export function parseProgramme(text: string, source: string): ProgrammeContent {
  const checked = checkYaml(text, programmeSchema);
  if ("value" in checked) return checked.value;
  throw configError(
    checked.problems.map(({ line, place, message }) => ({
      line,
      text: `${source}${place ? ` ${place}` : ""}: ${message}`,
    })),
  );
}

/** A problem of a YAML text: its line, where it is ("line 3, sprints[0].id"; "": the whole text). */
export interface YamlProblem {
  line: number;
  place: string;
  message: string;
}

/**
 * `text` (YAML) checked by `schema`: its value, or every problem (the first syntax error, else each
 * rule it breaks) with its line and field, in line order. `under`: where the text sits in what
 * `schema` checks.
 */
export function checkYaml<T>(
  text: string,
  schema: z.ZodMiniType<T>,
  under: Path = [],
): { value: T } | { problems: YamlProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;

  // Past the first syntax error the parser's complaints are mostly its consequences, so only that
  // one is reported; warnings (an unknown tag, say) are each a problem of their own.
  const syntax = (doc.errors.length > 0 ? doc.errors.slice(0, 1) : doc.warnings).map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return { line, place: `line ${line}, column ${col}`, message: firstLine(error.message) };
  });
  if (syntax.length > 0) return { problems: syntax };

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { problems: [{ line: 1, place: "", message: firstLine(String(error)) }] };
  }

  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };

  const inText = (path: Path) =>
    under.every((segment, index) => path[index] === segment) ? path.slice(under.length) : [];
  const describe = (issuePath: Path, message: string): YamlProblem => {
    const path = inText(issuePath);
    const line = lineAt(offsetOf(doc, path));
    const field = path.length > 0 ? `, ${formatPath(path)}` : "";
    return { line, place: `line ${line}${field}`, message };
  };
  const problems = result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) =>
          describe([...issue.path, key], "unknown field (check its spelling)"),
        )
      : [describe(issue.path, isMissing(data, inText(issue.path)) ? "is missing" : issue.message)],
  );
  return { problems: problems.sort((a, b) => a.line - b.line) };
}

function configError(problems: Problem[]): ConfigError {
  const sorted = problems.map((problem) => problem.text);
  const hidden = sorted.length - MAX_PROBLEMS;
  return new ConfigError(
    hidden > 0 ? [...sorted.slice(0, MAX_PROBLEMS), `… and ${hidden} more problems`] : sorted,
  );
}

function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known: Record<string, string> = {
    ENOENT: "no such file",
    EACCES: "permission denied",
    EISDIR: "it is a directory",
  };
  return (code && known[code]) ?? (error instanceof Error ? error.message : String(error));
}

function firstLine(message: string): string {
  return message.split("\n", 1)[0]?.trim() ?? message;
}

/** `sprints[1].tasks[3].link`. */
function formatPath(path: Path): string {
  return path
    .map((segment, index) => {
      if (typeof segment === "number") return `[${segment}]`;
      const name = String(segment);
      const key = /^[\w-]+$/.test(name) ? name : JSON.stringify(name);
      return index === 0 ? key : `.${key}`;
    })
    .join("");
}

/** Whether `path` names a field its object does not have (rather than one with a bad value). */
function isMissing(data: unknown, path: Path): boolean {
  if (path.length === 0) return false;
  let parent: unknown = data;
  for (const segment of path.slice(0, -1)) {
    if (typeof parent !== "object" || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[segment];
  }
  return (
    typeof parent === "object" &&
    parent !== null &&
    !Array.isArray(parent) &&
    !Object.hasOwn(parent, path[path.length - 1] as PropertyKey)
  );
}

/**
 * Where in the text `path` is: a field's key, a list's item, or (for a field that is missing) the
 * nearest enclosing node that exists.
 */
function offsetOf(doc: Document, path: Path): number {
  let node: unknown = doc.contents;
  let offset = doc.contents?.range?.[0] ?? 0;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (candidate) => isScalar(candidate.key) && String(candidate.key.value) === String(segment),
      );
      if (!pair) break;
      if (isScalar(pair.key) && pair.key.range) offset = pair.key.range[0];
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      const item: unknown = node.items[segment];
      if (!item) break;
      const range = (item as { range?: [number, number, number] }).range;
      if (range) offset = range[0];
      node = item;
    } else break;
  }
  return offset;
}
