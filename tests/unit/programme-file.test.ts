// The programme file: the default file reproduces today's programme content exactly and gives
// every task instructions, a custom file in the same shape loads, and each rule refuses a bad file
// with the problem's line and field.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { edit, lineOf, problemsOf } from "../support/programme-text";
import defaultText from "~/content/programme.yaml?raw";
import spec from "../fixtures/spec-programme.json";
import { ConfigError } from "~/lib/env.server";
import type { ProgrammeContent } from "~/programme/model";
import { readProgrammeFile, parseProgramme } from "~/programme/programme-file.server";

const SOURCE = "custom.yaml";

describe("the default programme file", () => {
  const programme = readProgrammeFile(undefined);
  const sprint = (id: number) => {
    const found = programme.sprints.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no sprint ${id}`);
    return found;
  };

  it("is the file in app/content, parsed", () => {
    expect(programme).toEqual(parseProgramme(defaultText, "programme.yaml"));
  });

  // The spec's programme as the product showed it before it became a file (tests/fixtures).
  const { overallProgress, sprints, plans: sprintPlans } = spec;

  it("keeps the spec's overview of the four sprints", () => {
    expect(programme.overallProgress).toBe(overallProgress);
    expect(programme.sprints.map((candidate) => candidate.id)).toEqual(sprints.map((s) => s.id));
    for (const today of sprints) {
      const content = sprint(today.id);
      expect(content).toMatchObject({
        title: today.title,
        description: today.description,
        icon: today.icon,
        start: { status: today.status, progress: today.progress },
      });
      expect(`${content.weeks} weeks`).toBe(today.estimatedTime);
    }
  });

  it("keeps the spec's plans of the open sprints, without the placeholder links", () => {
    for (const plan of sprintPlans) {
      if (plan.state !== "active") continue;
      const content = sprint(plan.sprint);
      expect(
        content.objectives.map(({ title, description, progress }) => ({
          title,
          description,
          progress,
        })),
      ).toEqual(plan.objectives);
      expect(
        content.tasks.map(({ id, title, status, priority }) => ({ id, title, status, priority })),
      ).toEqual(plan.tasks);
      expect(content.summary).toEqual(plan.summary);
      expect(content.countdownDays).toBe(plan.countdown?.days);
    }
    const links = programme.sprints.flatMap((s) => s.tasks.flatMap((task) => task.link ?? []));
    expect(links).toEqual([]);
  });

  it("keeps the spec's locked sprints: placeholder, coming-soon items as objectives, the vision", () => {
    for (const plan of sprintPlans) {
      if (plan.state !== "locked") continue;
      const content = sprint(plan.sprint);
      expect(content.locked).toEqual(plan.locked);
      expect(content.objectives.map(({ title, description }) => ({ title, description }))).toEqual(
        plan.comingSoon,
      );
      expect(content.objectives.every((objective) => objective.progress === 0)).toBe(true);
      // Their tasks are the agency's, for when they open (the placeholder lists none).
      expect(content.tasks.length).toBeGreaterThan(0);
      expect(content.summary).toEqual(plan.vision ? [plan.vision] : []);
    }
  });

  it("has the spec's ids, prerequisites, countdowns and locked text", () => {
    expect(
      programme.sprints.map(({ id, weeks, countdownDays, requires }) => ({
        id,
        weeks,
        countdownDays,
        requires,
      })),
    ).toEqual([
      { id: 1, weeks: 2, countdownDays: 5, requires: [] },
      { id: 2, weeks: 3, countdownDays: 21, requires: [] },
      { id: 3, weeks: 3, countdownDays: 21, requires: [2] },
      { id: 4, weeks: 2, countdownDays: 14, requires: [1, 2, 3] },
    ]);
    expect(programme.sprints.map((s) => s.objectives.map((objective) => objective.id))).toEqual([
      ["offer-clarity", "ideal-client-profile", "core-messaging"],
      ["conversion-assets", "audience-growth", "paid-acquisition"],
      ["advanced-security", "performance-optimization", "third-party-integrations"],
      ["final-testing", "deployment", "optimization"],
    ]);
    expect(sprint(4).summary).toEqual([
      { title: "Launch Success Vision", items: ["99.9% uptime", "Client satisfaction over 95%"] },
    ]);
    expect(sprint(4).locked).toEqual({
      title: "Sprint 4 - The Final Chapter",
      message: "Sprint 4 becomes available once all earlier sprints are complete.",
      action: "Complete Previous Sprints",
    });
    for (const id of [1, 2]) {
      expect(sprint(id).locked.title).toBe(`Sprint ${id} Not Yet Open`);
    }
  });

  const tasks = programme.sprints.flatMap((s) => s.tasks);

  it("gives every task instructions, parsed from its description", () => {
    expect(tasks).toHaveLength(17);
    for (const task of tasks) {
      expect(task.description, task.id).toMatch(/\S/);
      expect(task.instructions.length, task.id).toBeGreaterThan(0);
    }
    // No placeholder left in: no example links, no filler text.
    const text = JSON.stringify(tasks.map((task) => task.instructions));
    expect(text).not.toMatch(/example\.(com|org)|lorem|TODO/i);
  });

  it("says what the client hands in for each task", () => {
    expect(Object.fromEntries(tasks.map((task) => [task.id, task.handIn]))).toEqual({
      "offer-alchemy": "files",
      "icp-builder": "form",
      "messaging-mastery": "nothing",
      "pricing-strategist": "files",
      "vsl-alchemist": "files",
      "landing-page-buildout": "link",
      "vsl-mastery": "link",
      "instagram-launch": "link",
      "sales-mastery": "nothing",
      "paid-ads-launcher": "link",
      "account-security": "nothing",
      "crm-and-calendar": "link",
      "funnel-review": "nothing",
      "follow-up-sequence": "files",
      "launch-rehearsal": "nothing",
      "launch-week-content": "link",
      "results-review": "nothing",
    });
  });

  it("gives every task an owner and a due day inside its sprint's countdown", () => {
    for (const sprint of programme.sprints) {
      for (const task of sprint.tasks) {
        expect(task.dueAfterDays, task.id).toBeGreaterThanOrEqual(0);
        expect(task.dueAfterDays, task.id).toBeLessThanOrEqual(sprint.countdownDays);
      }
    }
    // Sprints 1 and 2 are the client's to tick, as drawn; the agency's own tasks come later.
    expect(tasks.filter((task) => task.owner === "agency").map((task) => task.id)).toEqual([
      "funnel-review",
      "launch-rehearsal",
      "results-review",
    ]);
  });

  it("requires the hand-in where the spec draws no toggles (Sprints 3 and 4), nowhere before", () => {
    expect(tasks.filter((task) => task.handInRequired).map((task) => task.id)).toEqual([
      "crm-and-calendar",
      "follow-up-sequence",
      "launch-week-content",
    ]);
  });
});

/** A valid custom programme: two sprints, real https links, every optional part used once. */
const CUSTOM = `# An agency's own programme.
overallProgress: 10
sprints:
  - id: 1
    title: Discovery
    description: Understand the client's business and agree the goals.
    icon: gauge
    weeks: 1
    countdownDays: 7
    requires: []
    start:
      status: in-progress
      progress: 40
    objectives:
      - id: goals
        title: Goals
        description: Goals agreed with the client's team.
        progress: 40
    tasks:
      - id: intake-form
        title: Intake form
        priority: medium
        link: https://forms.example.org/intake?ref=portal#start
        status: completed
      - id: kick-off-call
        title: Kick-off call
        priority: low
        status: in-progress
    summary:
      - title: Next Steps
        items: [Book the kick-off call, Share the brand assets]
    locked:
      title: Discovery opens soon
      message: Your programme starts with Discovery.
      action: Please Wait
  - id: 2
    title: Build
    description: Build the funnel.
    icon: wrench
    weeks: 4
    countdownDays: 28
    requires: [1]
    start:
      status: not-started
      progress: 0
    objectives: []
    tasks:
      - id: funnel-builder
        title: Funnel builder
        priority: high
        link: https://tools.example.com/funnels/new
        status: pending
    summary: []
    locked:
      title: Build Awaits Discovery
      message: Build opens once Discovery is complete.
      action: Complete Discovery First
`;

describe("a custom programme file", () => {
  const dir = mkdtempSync(join(tmpdir(), "programme-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("parses, with its https links", () => {
    const programme: ProgrammeContent = parseProgramme(CUSTOM, SOURCE);
    expect(programme.overallProgress).toBe(10);
    expect(programme.sprints[0]?.tasks[0]).toEqual({
      id: "intake-form",
      title: "Intake form",
      priority: "medium",
      link: "https://forms.example.org/intake?ref=portal#start",
      status: "completed",
      handIn: "nothing",
      handInRequired: false,
      owner: "client",
      instructions: [],
    });
    expect(programme.sprints[0]?.summary[0]?.items).toEqual([
      "Book the kick-off call",
      "Share the brand assets",
    ]);
    expect(programme.sprints[1]).toMatchObject({
      id: 2,
      requires: [1],
      objectives: [],
      tasks: [{ id: "funnel-builder", link: "https://tools.example.com/funnels/new" }],
    });
  });

  it("is read from the path it is given", () => {
    const path = join(dir, "programme.yaml");
    writeFileSync(path, CUSTOM);
    expect(readProgrammeFile(path)).toEqual(parseProgramme(CUSTOM, SOURCE));
  });

  it("names the path of a file it cannot read", () => {
    const path = join(dir, "missing.yaml");
    expect(() => readProgrammeFile(path)).toThrow(
      new ConfigError([`PROGRAMME_FILE: cannot read ${path}: no such file`]),
    );
    expect(() => readProgrammeFile(dir)).toThrow(`cannot read ${dir}: it is a directory`);
  });

  it("names the problem's file in each problem", () => {
    const path = join(dir, "bad.yaml");
    writeFileSync(path, edit(CUSTOM, "overallProgress: 10", "overallProgress: 110"));
    expect(() => readProgrammeFile(path)).toThrow(
      `${path} line 2, overallProgress: must be a whole number from 0 to 100`,
    );
  });

  it("has its text trimmed", () => {
    const programme = parseProgramme(
      edit(CUSTOM, "title: Discovery\n", 'title: "  Discovery "\n'),
      SOURCE,
    );
    expect(programme.sprints[0]?.title).toBe("Discovery");
  });

  it("loads the agency's programme the end-to-end tests serve, which has no instructions", () => {
    const agency = readProgrammeFile(
      join(import.meta.dirname, "../fixtures/agency-programme.yaml"),
    );
    const tasks = agency.sprints.flatMap((s) => s.tasks);
    expect(tasks.map((task) => [task.id, task.handIn, task.instructions])).toEqual([
      ["intake-form", "nothing", []],
      ["kick-off-call", "nothing", []],
      ["funnel-builder", "nothing", []],
    ]);
  });

  it("parses a task's description into its instructions, with what the client hands in", () => {
    const text = edit(
      CUSTOM,
      "priority: low\n",
      [
        "priority: low",
        "        handIn: link",
        "        description: |",
        "          Book the call in **our calendar**:",
        "",
        "          - pick a [time](https://cal.example.org/kick-off)",
        "          - or e-mail [us](mailto:team@example.org)",
        "",
      ].join("\n"),
    );
    const task = parseProgramme(text, SOURCE).sprints[0]?.tasks[1];
    expect(task).toMatchObject({
      id: "kick-off-call",
      handIn: "link",
      description:
        "Book the call in **our calendar**:\n\n- pick a [time](https://cal.example.org/kick-off)\n- or e-mail [us](mailto:team@example.org)",
    });
    expect(task?.instructions).toEqual([
      {
        kind: "paragraph",
        children: [
          { kind: "text", text: "Book the call in " },
          { kind: "strong", children: [{ kind: "text", text: "our calendar" }] },
          { kind: "text", text: ":" },
        ],
      },
      {
        kind: "bullets",
        items: [
          [
            { kind: "text", text: "pick a " },
            {
              kind: "link",
              href: "https://cal.example.org/kick-off",
              children: [{ kind: "text", text: "time" }],
            },
          ],
          [
            { kind: "text", text: "or e-mail " },
            {
              kind: "link",
              href: "mailto:team@example.org",
              children: [{ kind: "text", text: "us" }],
            },
          ],
        ],
      },
    ]);
    // What the loaders send to the browser: plain JSON, unchanged by a round trip.
    expect(JSON.parse(JSON.stringify(task))).toEqual(task);
  });

  it("may start a sprint in progress once every sprint it requires starts completed", () => {
    const text = edit(
      edit(
        CUSTOM,
        "status: in-progress\n      progress: 40",
        "status: completed\n      progress: 100",
      ),
      "status: not-started\n      progress: 0",
      "status: in-progress\n      progress: 5",
    );
    expect(parseProgramme(text, SOURCE).sprints.map((s) => s.start.status)).toEqual([
      "completed",
      "in-progress",
    ]);
  });
});

/**
 * One broken rule: `from` in CUSTOM becomes `to`, and the file is refused with exactly these
 * problems, each [a text on the problem's line, the field, the message].
 */
interface Refusal {
  rule: string;
  from: string;
  to: string;
  problems: [marker: string, field: string, message: string][];
}

const LONG_LABEL = "x".repeat(81);
const LONG_DESCRIPTION = "x".repeat(2001);
const REFUSED_LINK = "a link must be an https:// URL or a mailto: address";
const LONG_LINK = `https://example.org/${"a".repeat(2049 - "https://example.org/".length)}`;

const refusals: Refusal[] = [
  {
    rule: "a field is missing",
    from: "    countdownDays: 7\n",
    to: "",
    problems: [["- id: 1", "sprints[0].countdownDays", "is missing"]],
  },
  {
    rule: "text is not text",
    from: "title: Goals",
    to: "title: [Goals]",
    problems: [["title: [Goals]", "sprints[0].objectives[0].title", "must be text"]],
  },
  {
    rule: "text is empty",
    from: "title: Build\n",
    to: 'title: "   "\n',
    problems: [['title: "   "', "sprints[1].title", "must not be empty"]],
  },
  {
    rule: "text is too long",
    from: "action: Please Wait",
    to: `action: ${LONG_LABEL}`,
    problems: [[LONG_LABEL, "sprints[0].locked.action", "must be at most 80 characters"]],
  },
  {
    rule: "a percentage is not a whole number",
    from: "progress: 40\n    tasks",
    to: "progress: 40.5\n    tasks",
    problems: [
      [
        "progress: 40.5",
        "sprints[0].objectives[0].progress",
        "must be a whole number from 0 to 100",
      ],
    ],
  },
  {
    rule: "a percentage is over 100",
    from: "overallProgress: 10",
    to: "overallProgress: 101",
    problems: [["overallProgress", "overallProgress", "must be a whole number from 0 to 100"]],
  },
  {
    rule: "a percentage is a string",
    from: "overallProgress: 10",
    to: 'overallProgress: "10"',
    problems: [["overallProgress", "overallProgress", "must be a whole number from 0 to 100"]],
  },
  {
    rule: "weeks is 0",
    from: "weeks: 4",
    to: "weeks: 0",
    problems: [["weeks: 0", "sprints[1].weeks", "must be a whole number from 1 to 52"]],
  },
  {
    rule: "countdownDays is over 366",
    from: "countdownDays: 28",
    to: "countdownDays: 367",
    problems: [
      ["countdownDays: 367", "sprints[1].countdownDays", "must be a whole number from 1 to 366"],
    ],
  },
  {
    rule: "the icon is unknown",
    from: "icon: wrench",
    to: "icon: hammer",
    problems: [
      [
        "icon: hammer",
        "sprints[1].icon",
        "must be one of: target, code-xml, shield-check, rocket, list-checks, gauge, wrench, calendar-days",
      ],
    ],
  },
  {
    rule: "sprint ids skip a number",
    from: "- id: 2",
    to: "- id: 3",
    problems: [
      [
        "- id: 3",
        "sprints[1].id",
        "must be 2: sprint ids count up from 1 in the order the sprints are listed",
      ],
    ],
  },
  {
    rule: "a sprint requires itself",
    from: "requires: [1]",
    to: "requires: [2]",
    problems: [["requires: [2]", "sprints[1].requires[0]", "must be an earlier sprint (1 to 1)"]],
  },
  {
    rule: "the first sprint requires another",
    from: "requires: []",
    to: "requires: [2]",
    problems: [
      ["requires: [2]", "sprints[0].requires[0]", "sprint 1 cannot require another sprint"],
    ],
  },
  {
    rule: "a sprint requires another twice",
    from: "requires: [1]",
    to: "requires: [1, 1]",
    problems: [["requires: [1, 1]", "sprints[1].requires[1]", "repeats sprint 1"]],
  },
  {
    rule: "a task id repeats an objective's id in another sprint",
    from: "- id: funnel-builder",
    to: "- id: goals",
    problems: [
      [
        "- id: goals\n        title: Funnel",
        "sprints[1].tasks[0].id",
        '"goals" is already the id of an objective in sprint 1',
      ],
    ],
  },
  {
    rule: "a task id repeats in its sprint",
    from: "- id: kick-off-call",
    to: "- id: intake-form",
    problems: [
      [
        "- id: intake-form\n        title: Kick",
        "sprints[0].tasks[1].id",
        '"intake-form" is already the id of a task in sprint 1',
      ],
    ],
  },
  {
    rule: "an id has capitals",
    from: "- id: intake-form",
    to: "- id: Intake-Form",
    problems: [
      [
        "Intake-Form",
        "sprints[0].tasks[0].id",
        "must be an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 64 characters",
      ],
    ],
  },
  {
    rule: "an id is longer than 64 characters",
    from: "- id: goals",
    to: `- id: ${"g".repeat(65)}`,
    problems: [
      [
        "g".repeat(65),
        "sprints[0].objectives[0].id",
        "must be an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 64 characters",
      ],
    ],
  },
  {
    rule: "a task's status is unknown",
    from: "status: in-progress\n    summary",
    to: "status: done\n    summary",
    problems: [
      [
        "status: done",
        "sprints[0].tasks[1].status",
        "must be one of: pending, in-progress, completed",
      ],
    ],
  },
  {
    rule: "a task's priority is unknown",
    from: "priority: low",
    to: "priority: urgent",
    problems: [
      ["priority: urgent", "sprints[0].tasks[1].priority", "must be one of: high, medium, low"],
    ],
  },
  {
    rule: "a link is http",
    from: "link: https://tools.example.com/funnels/new",
    to: "link: http://tools.example.com/funnels/new",
    problems: [["link: http://", "sprints[1].tasks[0].link", "must be an https:// URL"]],
  },
  {
    rule: "a link has no host",
    from: "link: https://tools.example.com/funnels/new",
    to: "link: https://",
    problems: [["link: https://\n", "sprints[1].tasks[0].link", "must be an https:// URL"]],
  },
  {
    rule: "a link is empty",
    from: "link: https://tools.example.com/funnels/new",
    to: "link:",
    problems: [["link:\n", "sprints[1].tasks[0].link", "must be an https:// URL"]],
  },
  {
    rule: "a link is too long",
    from: "link: https://tools.example.com/funnels/new",
    to: `link: ${LONG_LINK}`,
    problems: [
      [LONG_LINK, "sprints[1].tasks[0].link", "must be an https:// URL of at most 2048 characters"],
    ],
  },
  {
    rule: "a task's hand-in is unknown",
    from: "priority: low\n",
    to: "priority: low\n        handIn: upload\n",
    problems: [
      [
        "handIn: upload",
        "sprints[0].tasks[1].handIn",
        "must be one of: files, link, form, nothing",
      ],
    ],
  },
  {
    rule: "a task requires a hand-in it does not ask for",
    from: "priority: low\n",
    to: "priority: low\n        handInRequired: true\n",
    problems: [
      [
        "handInRequired: true",
        "sprints[0].tasks[1].handInRequired",
        'task "kick-off-call" requires a hand-in but asks for none: give it handIn: files, link or form',
      ],
    ],
  },
  {
    rule: "a task's hand-in is required by other than true or false",
    from: "priority: low\n",
    to: "priority: low\n        handIn: files\n        handInRequired: yes please\n",
    problems: [
      ["handInRequired: yes", "sprints[0].tasks[1].handInRequired", "must be true or false"],
    ],
  },
  {
    rule: "a task's owner is unknown",
    from: "priority: low\n",
    to: "priority: low\n        owner: team\n",
    problems: [["owner: team", "sprints[0].tasks[1].owner", "must be one of: client, agency"]],
  },
  {
    rule: "a task's due day is not a whole number of days from 0 to 366",
    from: "priority: low\n",
    to: "priority: low\n        dueAfterDays: 1.5\n",
    problems: [
      [
        "dueAfterDays: 1.5",
        "sprints[0].tasks[1].dueAfterDays",
        "must be a whole number from 0 to 366",
      ],
    ],
  },
  {
    rule: "a task's description is empty",
    from: "priority: low\n",
    to: 'priority: low\n        description: " "\n',
    problems: [['description: " "', "sprints[0].tasks[1].description", "must not be empty"]],
  },
  {
    rule: "a task's description is too long",
    from: "priority: low\n",
    to: `priority: low\n        description: ${LONG_DESCRIPTION}\n`,
    problems: [
      [LONG_DESCRIPTION, "sprints[0].tasks[1].description", "must be at most 2000 characters"],
    ],
  },
  {
    rule: "a task's description has a javascript: link",
    from: "priority: low\n",
    to: "priority: low\n        description: Read [the brief](javascript:alert(1)).\n",
    problems: [
      [
        "description: Read",
        "sprints[0].tasks[1].description",
        `task "kick-off-call" links to "javascript:alert(1)": ${REFUSED_LINK}`,
      ],
    ],
  },
  {
    rule: "a task's description has an http link, in a list",
    from: "priority: high\n",
    to: "priority: high\n        description: |\n          Steps:\n          - open [it](http://tools.example.com)\n",
    problems: [
      [
        "description: |",
        "sprints[1].tasks[0].description",
        `task "funnel-builder" links to "http://tools.example.com": ${REFUSED_LINK}`,
      ],
    ],
  },
  {
    rule: "a task's description has a bad link and the task other problems",
    from: "priority: low\n",
    to: "priority: urgent\n        handIn: upload\n        description: See [x](data:text/html,hi)\n",
    problems: [
      ["priority: urgent", "sprints[0].tasks[1].priority", "must be one of: high, medium, low"],
      [
        "handIn: upload",
        "sprints[0].tasks[1].handIn",
        "must be one of: files, link, form, nothing",
      ],
      [
        "description: See",
        "sprints[0].tasks[1].description",
        `task "kick-off-call" links to "data:text/html,hi": ${REFUSED_LINK}`,
      ],
    ],
  },
  {
    rule: "there are no sprints",
    from: CUSTOM.slice(CUSTOM.indexOf("sprints:")),
    to: "sprints: []\n",
    problems: [["sprints: []", "sprints", "must list at least one sprint"]],
  },
  {
    rule: "a completed sprint starts below 100%",
    from: "status: in-progress\n      progress: 40",
    to: "status: completed\n      progress: 40",
    problems: [
      [
        "progress: 40\n    objectives",
        "sprints[0].start.progress",
        "must be 100 for a sprint that starts completed",
      ],
    ],
  },
  {
    rule: "a sprint not started starts above 0%",
    from: "status: not-started\n      progress: 0",
    to: "status: not-started\n      progress: 10",
    problems: [
      [
        "progress: 10",
        "sprints[1].start.progress",
        "must be 0 for a sprint that starts not-started",
      ],
    ],
  },
  {
    rule: "a sprint starts in progress before the sprint it requires is completed",
    from: "status: not-started\n      progress: 0",
    to: "status: in-progress\n      progress: 0",
    problems: [
      [
        "status: in-progress\n      progress: 0",
        "sprints[1].start.status",
        "cannot be in-progress: the sprint requires sprint 1, which starts in-progress",
      ],
    ],
  },
  {
    rule: "a summary list has no items",
    from: "items: [Book the kick-off call, Share the brand assets]",
    to: "items: []",
    problems: [["items: []", "sprints[0].summary[0].items", "must list at least one item"]],
  },
  {
    rule: "a field's name has a typo",
    from: "    countdownDays: 28",
    to: "    countDownDays: 28",
    problems: [
      ["- id: 2", "sprints[1].countdownDays", "is missing"],
      ["countDownDays", "sprints[1].countDownDays", "unknown field (check its spelling)"],
    ],
  },
  {
    rule: "an optional field's name has a typo",
    from: "link: https://tools.example.com/funnels/new",
    to: "url: https://tools.example.com/funnels/new",
    problems: [["url: https://", "sprints[1].tasks[0].url", "unknown field (check its spelling)"]],
  },
  {
    rule: "the top level has an unknown field",
    from: "overallProgress: 10\n",
    to: "overallProgress: 10\ntheme: dark\n",
    problems: [["theme: dark", "theme", "unknown field (check its spelling)"]],
  },
];

describe("a programme file that breaks a rule", () => {
  it.each(refusals)("is refused when $rule", ({ from, to, problems }) => {
    const text = edit(CUSTOM, from, to);
    expect(problemsOf(SOURCE, text)).toEqual(
      problems.map(
        ([marker, field, message]) =>
          `${SOURCE} line ${lineOf(text, marker)}, ${field}: ${message}`,
      ),
    );
  });

  it("names the line in the spec's own example", () => {
    const text = edit(
      CUSTOM,
      "link: https://forms.example.org/intake?ref=portal#start",
      "link: ftp://x",
    );
    expect(problemsOf(SOURCE, text)).toEqual([
      "custom.yaml line 23, sprints[0].tasks[0].link: must be an https:// URL",
    ]);
  });

  it("is refused with more than 12 sprints, at the list's line", () => {
    const second = CUSTOM.slice(CUSTOM.indexOf("  - id: 2"));
    const sprintText = (id: number) =>
      edit(edit(second, "id: 2", `id: ${id}`), "funnel-builder", `funnel-builder-${id}`);
    const text = CUSTOM + Array.from({ length: 11 }, (_, index) => sprintText(index + 3)).join("");
    expect(problemsOf(SOURCE, text)).toEqual([
      `${SOURCE} line 3, sprints: must list at most 12 sprints`,
    ]);
  });

  it("reports every problem, in line order, at most 20 of them", () => {
    const text = [
      ["overallProgress: 10", "overallProgress: -1"],
      ["    countdownDays: 7", "    countdown: 7"],
      ["title: Goals", "title: ''"],
      ["icon: wrench", "icon: hammer"],
      ["- id: funnel-builder", "- id: goals"],
    ].reduce((current, [from, to]) => edit(current, from as string, to as string), CUSTOM);
    expect(problemsOf(SOURCE, text)).toEqual([
      `${SOURCE} line 2, overallProgress: must be a whole number from 0 to 100`,
      `${SOURCE} line 4, sprints[0].countdownDays: is missing`,
      `${SOURCE} line 9, sprints[0].countdown: unknown field (check its spelling)`,
      `${SOURCE} line 16, sprints[0].objectives[0].title: must not be empty`,
      `${SOURCE} line 39, sprints[1].icon: must be one of: target, code-xml, shield-check, rocket, list-checks, gauge, wrench, calendar-days`,
      `${SOURCE} line 48, sprints[1].tasks[0].id: "goals" is already the id of an objective in sprint 1`,
    ]);

    const many = CUSTOM.replaceAll(/progress: \d+/g, "progress: 200").replaceAll(
      /priority: \w+/g,
      "priority: x",
    );
    const withTypos = many.replaceAll("title:", "tilte:");
    const problems = problemsOf(SOURCE, withTypos);
    expect(problems).toHaveLength(21);
    expect(problems[20]).toMatch(/^… and \d+ more problems$/);
  });

  it("is refused on a YAML syntax error, with its line and column", () => {
    const misaligned = edit(CUSTOM, "    weeks: 4", "\tweeks: 4");
    expect(problemsOf(SOURCE, misaligned)).toEqual([
      `${SOURCE} line ${lineOf(misaligned, "weeks: 4")}, column 1: Tabs are not allowed as indentation`,
    ]);
    const reserved = edit(CUSTOM, "action: Please Wait", "action: @once");
    expect(problemsOf(SOURCE, reserved)).toEqual([
      `${SOURCE} line ${lineOf(reserved, "@once")}, column 15: Plain value cannot start with reserved character @`,
    ]);
  });

  it("is refused with a tag YAML does not know, at its line", () => {
    const text = edit(CUSTOM, "title: Build\n", "title: !secret Build\n");
    expect(problemsOf(SOURCE, text)).toEqual([
      `${SOURCE} line ${lineOf(text, "!secret")}, column 12: Unresolved tag: !secret`,
    ]);
  });

  it("is refused when a field is given twice, at the second", () => {
    const text = edit(CUSTOM, "weeks: 4\n", "weeks: 4\n    weeks: 5\n");
    expect(problemsOf(SOURCE, text)).toEqual([
      `${SOURCE} line ${lineOf(text, "weeks: 5")}, column 5: Map keys must be unique`,
    ]);
  });

  it("is refused when empty or not a set of fields", () => {
    const message = "the file must hold the programme's fields (overallProgress, sprints)";
    expect(problemsOf(SOURCE, "")).toEqual([`${SOURCE} line 1: ${message}`]);
    expect(problemsOf(SOURCE, "# nothing yet\n\n- a list\n")).toEqual([
      `${SOURCE} line 3: ${message}`,
    ]);
  });

  it("throws a ConfigError that start-up prints as a list", () => {
    expect(() => parseProgramme("overallProgress: 1\n", SOURCE)).toThrow(
      "Invalid configuration:\n  - custom.yaml line 1, sprints: is missing",
    );
  });
});
