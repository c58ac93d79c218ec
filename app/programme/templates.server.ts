// The programme templates this process serves, read and validated once at start-up: the default
// (PROGRAMME_FILE, PROGRAMME_DIR's default.yaml, or the built-in one) and every other YAML file in
// PROGRAMME_DIR (unset: the built-in ones). A version is its source's hash: what a client was given.
import podcastLaunch from "~/content/templates/podcast-launch.yaml?raw";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, getEnv } from "~/lib/env.server";
import type { ProgrammeContent } from "./model";
import { parseProgramme, readProgrammeText } from "./programme-file.server";
import { ID_PATTERN } from "./programme-schema";

export const DEFAULT_TEMPLATE_ID = "default";
const DEFAULT_NAME = "Standard programme";
const TEMPLATE_FILE = /^(.+)\.ya?ml$/;
/** The programmes served beside the default one while PROGRAMME_DIR is unset, by id. */
const BUILT_IN: Record<string, string> = { "podcast-launch": podcastLaunch };

export interface ProgrammeTemplate {
  /** "default", or the file's name without its extension ("podcast-launch"). */
  id: string;
  /** The file's `name`, else made from its id ("Podcast launch"). */
  name: string;
  version: string;
  source: string;
  content: ProgrammeContent;
}

let loaded: Map<string, ProgrammeTemplate> | undefined;

export const versionOf = (source: string) =>
  createHash("sha256").update(source).digest("hex").slice(0, 16);

function template(id: string, text: string, source: string): ProgrammeTemplate {
  const content = parseProgramme(text, source);
  const named = id === DEFAULT_TEMPLATE_ID ? DEFAULT_NAME : id[0]!.toUpperCase() + id.slice(1);
  return {
    id,
    name: content.name ?? named.replaceAll("-", " "),
    version: versionOf(text),
    source: text,
    content,
  };
}

function readTemplates(): Map<string, ProgrammeTemplate> {
  const { PROGRAMME_FILE, PROGRAMME_DIR } = getEnv();
  const files = new Map<string, string>();
  const problems: string[] = [];
  if (PROGRAMME_DIR !== undefined) {
    let names: string[] = [];
    try {
      names = readdirSync(PROGRAMME_DIR).sort();
    } catch (error) {
      throw new ConfigError([`PROGRAMME_DIR: cannot read ${PROGRAMME_DIR}: ${String(error)}`]);
    }
    for (const name of names) {
      const id = TEMPLATE_FILE.exec(name)?.[1];
      if (id === undefined) continue;
      if (!ID_PATTERN.test(id) || files.has(id)) {
        problems.push(
          `PROGRAMME_DIR: ${name}: a template's file name must be an id (lower-case letters, digits and dashes) used once`,
        );
      } else files.set(id, join(PROGRAMME_DIR, name));
    }
  }
  if (files.has(DEFAULT_TEMPLATE_ID) && PROGRAMME_FILE !== undefined) {
    problems.push(
      "PROGRAMME_DIR: default.yaml and PROGRAMME_FILE both name the default programme: keep one",
    );
  }
  const templates = new Map<string, ProgrammeTemplate>();
  const add = (id: string, path: string | undefined, setting: string) => {
    try {
      const { text, source } = readProgrammeText(path, setting);
      templates.set(id, template(id, text, source));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  };
  const defaultFile = files.get(DEFAULT_TEMPLATE_ID);
  if (defaultFile) add(DEFAULT_TEMPLATE_ID, defaultFile, "PROGRAMME_DIR");
  else add(DEFAULT_TEMPLATE_ID, PROGRAMME_FILE, "PROGRAMME_FILE");
  for (const [id, path] of files) if (id !== DEFAULT_TEMPLATE_ID) add(id, path, "PROGRAMME_DIR");
  if (PROGRAMME_DIR === undefined) {
    for (const [id, text] of Object.entries(BUILT_IN)) {
      templates.set(id, template(id, text, `app/content/templates/${id}.yaml`));
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return templates;
}

/** Every template, the default first. */
export function programmeTemplates(): Map<string, ProgrammeTemplate> {
  loaded ??= readTemplates();
  return loaded;
}

/** The template `id` names; the default one for null or a template no longer served. */
export function templateOf(id: string | null): ProgrammeTemplate {
  const templates = programmeTemplates();
  return templates.get(id ?? DEFAULT_TEMPLATE_ID) ?? templates.get(DEFAULT_TEMPLATE_ID)!;
}

/** The programme a new client of the default template sees (the landing page's roadmap). */
export const defaultProgramme = (): ProgrammeContent => templateOf(null).content;
