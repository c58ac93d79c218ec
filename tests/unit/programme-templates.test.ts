// The programme templates a start reads: the default and the built-in second one without
// PROGRAMME_DIR; a folder's files named by their names; every problem in every file at once.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

const DEFAULT_TEXT = readFileSync("app/content/programme.yaml", "utf8");

async function templatesWith(settings: Record<string, string>) {
  vi.resetModules();
  const { configure, parseEnv } = await import("~/lib/env.server");
  configure(parseEnv({ NODE_ENV: "test", ...settings }));
  const { programmeTemplates } = await import("~/programme/templates.server");
  return programmeTemplates;
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "programmes-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const problemsOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return (error as { problems?: string[] }).problems ?? [String(error)];
  }
  return [];
};

describe("programme templates", () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it("serves the default and the built-in podcast launch when no folder is set", async () => {
    const templates = (await templatesWith({}))();
    expect([...templates.values()].map((template) => [template.id, template.name])).toEqual([
      ["default", "Standard programme"],
      ["podcast-launch", "Podcast launch"],
    ]);
    expect(templates.get("podcast-launch")?.content.sprints.map((sprint) => sprint.title)).toEqual([
      "Show concept",
      "Pilot episodes",
      "Launch",
    ]);
    // A version is the source's hash: the same file is the same version.
    expect(templates.get("default")?.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it("names a folder's templates by their files, the default first, and leaves out other files", async () => {
    const dir = folder({
      "b-coaching.yml": DEFAULT_TEXT,
      "a-webinar.yaml": `name: Webinar series\n${DEFAULT_TEXT}`,
      "notes.txt": "not a template",
    });
    const templates = (await templatesWith({ PROGRAMME_DIR: dir }))();
    expect([...templates.values()].map((template) => [template.id, template.name])).toEqual([
      ["default", "Standard programme"],
      ["a-webinar", "Webinar series"],
      ["b-coaching", "B coaching"],
    ]);
  });

  it("refuses to start on any bad file, naming each problem with its file and line", async () => {
    const dir = folder({
      "Bad Name.yaml": DEFAULT_TEXT,
      "broken.yaml": DEFAULT_TEXT.replace("countdownDays: 5", "countdownDays: 0"),
      "default.yaml": DEFAULT_TEXT,
    });
    const read = await templatesWith({
      PROGRAMME_DIR: dir,
      PROGRAMME_FILE: join(dir, "broken.yaml"),
    });
    const problems = problemsOf(read);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          "PROGRAMME_DIR: Bad Name.yaml: a template's file name must be an id",
        ),
        "PROGRAMME_DIR: default.yaml and PROGRAMME_FILE both name the default programme: keep one",
        expect.stringMatching(
          /broken\.yaml line \d+, sprints\[0\]\.countdownDays: must be a whole number from 1 to 366/,
        ),
      ]),
    );
  });

  it("takes a folder's default.yaml as the default template", async () => {
    const dir = folder({ "default.yaml": `name: Our programme\n${DEFAULT_TEXT}` });
    const templates = (await templatesWith({ PROGRAMME_DIR: dir }))();
    expect([...templates.values()].map((template) => template.name)).toEqual(["Our programme"]);
  });
});
