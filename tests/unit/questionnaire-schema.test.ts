// A task's form in the programme file: a good form parses with its defaults, each rule refuses a
// bad one at its line naming the task and the question, and the default programme's ICP Builder
// asks its questionnaire while Sprint 1 stays as drawn.
import { describe, expect, it } from "vitest";
import { edit, lineOf, problemsOf } from "../support/programme-text";
import { parseProgramme, readProgrammeFile } from "~/programme/programme-file.server";

const SOURCE = "forms.yaml";

/** One sprint: a task with a form of every kind, and a task without one. */
const WITH_FORM = `overallProgress: 0
sprints:
  - id: 1
    title: Discovery
    description: Understand the client's business.
    icon: target
    weeks: 1
    countdownDays: 7
    requires: []
    start:
      status: in-progress
      progress: 0
    objectives: []
    tasks:
      - id: intake
        title: Intake questionnaire
        priority: high
        status: pending
        handIn: form
        form:
          questions:
            - id: company-name
              kind: short-text
              label: "  Your company's name "
              required: true
            - id: story
              kind: long-text
              label: How did you start?
              help: A few lines are enough.
              maxLength: 8000
            - id: team-size
              kind: choice
              label: How large is your team?
              choices: [Just me, 2–10, More than 10]
            - id: channels
              kind: choice
              label: Which channels do you use?
              choices: [LinkedIn, YouTube]
              multiple: true
            - id: revenue
              kind: number
              label: Monthly revenue
              min: 0
              max: 1000000
            - id: founded
              kind: date
              label: When did you start?
            - id: website
              kind: url
              label: Your website
            - id: brochure
              kind: file
              label: A brochure
      - id: kick-off-call
        title: Kick-off call
        priority: low
        status: pending
    summary: []
    locked:
      title: Discovery opens soon
      message: Your programme starts with Discovery.
      action: Please Wait
`;

/** The problem at the line of `marker`, for `field` of the intake task. */
function problem(text: string, marker: string, field: string, message: string): string {
  return `${SOURCE} line ${lineOf(text, marker)}, sprints[0].tasks[0].${field}: ${message}`;
}

const intake = 'task "intake"';

describe("a task's form in the programme file", () => {
  it("parses, with required set on every question and multiple on every choice", () => {
    const task = parseProgramme(WITH_FORM, SOURCE).sprints[0]?.tasks[0];
    expect(task?.handIn).toBe("form");
    expect(task?.form?.questions).toEqual([
      { id: "company-name", kind: "short-text", label: "Your company's name", required: true },
      {
        id: "story",
        kind: "long-text",
        label: "How did you start?",
        help: "A few lines are enough.",
        required: false,
        maxLength: 8000,
      },
      {
        id: "team-size",
        kind: "choice",
        label: "How large is your team?",
        required: false,
        choices: ["Just me", "2–10", "More than 10"],
        multiple: false,
      },
      {
        id: "channels",
        kind: "choice",
        label: "Which channels do you use?",
        required: false,
        choices: ["LinkedIn", "YouTube"],
        multiple: true,
      },
      {
        id: "revenue",
        kind: "number",
        label: "Monthly revenue",
        required: false,
        min: 0,
        max: 1e6,
      },
      { id: "founded", kind: "date", label: "When did you start?", required: false },
      { id: "website", kind: "url", label: "Your website", required: false },
      { id: "brochure", kind: "file", label: "A brochure", required: false },
    ]);
    // A text question without maxLength leaves it to the kind's default.
    expect(task?.form?.questions[0]).not.toHaveProperty("maxLength");
    // A task without a form has none.
    expect(parseProgramme(WITH_FORM, SOURCE).sprints[0]?.tasks[1]).not.toHaveProperty("form");
  });

  it("may be required to be handed in", () => {
    const text = edit(WITH_FORM, "handIn: form\n", "handIn: form\n        handInRequired: true\n");
    expect(parseProgramme(text, SOURCE).sprints[0]?.tasks[0]?.handInRequired).toBe(true);
  });

  it("is refused without handIn: form, naming the task at the form's line", () => {
    const text = edit(WITH_FORM, "        handIn: form\n", "        handIn: files\n");
    expect(problemsOf(SOURCE, text)).toEqual([
      problem(
        text,
        "form:",
        "form",
        `${intake} has a form but hands in files: give it handIn: form, or remove the form`,
      ),
    ]);
    const unsaid = edit(WITH_FORM, "        handIn: form\n", "");
    expect(problemsOf(SOURCE, unsaid)).toEqual([
      problem(
        unsaid,
        "form:",
        "form",
        `${intake} has a form but hands in nothing: give it handIn: form, or remove the form`,
      ),
    ]);
  });

  it("is required by handIn: form", () => {
    const text = edit(
      WITH_FORM,
      "priority: low\n",
      "priority: low\n        handIn: form\n        handInRequired: true\n",
    );
    expect(problemsOf(SOURCE, text)).toEqual([
      `${SOURCE} line ${lineOf(text, "handIn: form\n        handInRequired")}, sprints[0].tasks[1].handIn: task "kick-off-call" hands in a form but has none: give it a form with its questions`,
    ]);
  });

  it("names form among the hand-ins a required hand-in asks for", () => {
    const text = edit(
      WITH_FORM,
      "priority: low\n",
      "priority: low\n        handInRequired: true\n",
    );
    expect(problemsOf(SOURCE, text)).toEqual([
      `${SOURCE} line ${lineOf(text, "handInRequired")}, sprints[0].tasks[1].handInRequired: task "kick-off-call" requires a hand-in but asks for none: give it handIn: files, link or form`,
    ]);
  });

  interface Refusal {
    rule: string;
    from: string;
    to: string;
    problems: [marker: string, field: string, message: string][];
  }

  const refusals: Refusal[] = [
    {
      rule: "it asks no questions",
      from: WITH_FORM.slice(
        WITH_FORM.indexOf("          questions:"),
        WITH_FORM.indexOf("      - id: kick"),
      ),
      to: "          questions: []\n",
      problems: [["questions: []", "form.questions", "must list at least one question"]],
    },
    {
      rule: "a question's id repeats",
      from: "- id: founded",
      to: "- id: revenue",
      problems: [
        [
          "- id: revenue\n              kind: date",
          "form.questions[5].id",
          `${intake} asks question "revenue" twice: give each question its own id`,
        ],
      ],
    },
    {
      rule: "a question's id is not an id",
      from: "- id: founded",
      to: "- id: Founded Year",
      problems: [
        [
          "Founded Year",
          "form.questions[5].id",
          "must be an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 64 characters",
        ],
      ],
    },
    {
      rule: "a question's kind is unknown",
      from: "kind: date",
      to: "kind: datetime",
      problems: [
        [
          "kind: datetime",
          "form.questions[5].kind",
          "must be one of: short-text, long-text, choice, number, date, url, file",
        ],
      ],
    },
    {
      rule: "a question has no label",
      from: "              label: A brochure\n",
      to: "",
      problems: [["- id: brochure", "form.questions[7].label", "is missing"]],
    },
    {
      rule: "a question's help is too long",
      from: "help: A few lines are enough.",
      to: `help: ${"h".repeat(401)}`,
      problems: [["h".repeat(401), "form.questions[1].help", "must be at most 400 characters"]],
    },
    {
      rule: "required is not true or false",
      from: "required: true",
      to: "required: always",
      problems: [["required: always", "form.questions[0].required", "must be true or false"]],
    },
    {
      rule: "a choice has no choices",
      from: "              choices: [Just me, 2–10, More than 10]\n",
      to: "",
      problems: [
        [
          "kind: choice\n              label: How large",
          "form.questions[2].kind",
          `${intake} question "team-size" is a choice: give it choices, the options to choose from`,
        ],
      ],
    },
    {
      rule: "a choice offers one option",
      from: "choices: [LinkedIn, YouTube]",
      to: "choices: [LinkedIn]",
      problems: [
        ["choices: [LinkedIn]", "form.questions[3].choices", "must list at least 2 choices"],
      ],
    },
    {
      rule: "a choice offers more than 30 options",
      from: "choices: [LinkedIn, YouTube]",
      to: `choices: [${Array.from({ length: 31 }, (_, n) => `c${n}`).join(", ")}]`,
      problems: [["choices: [c0", "form.questions[3].choices", "must list at most 30 choices"]],
    },
    {
      rule: "a choice lists an option twice",
      from: "choices: [LinkedIn, YouTube]",
      to: "choices: [LinkedIn, YouTube, LinkedIn]",
      problems: [
        [
          "choices: [LinkedIn, YouTube, LinkedIn]",
          "form.questions[3].choices[2]",
          `${intake} question "channels" lists "LinkedIn" twice`,
        ],
      ],
    },
    {
      rule: "a text question has choices",
      from: "help: A few lines are enough.\n",
      to: "help: A few lines are enough.\n              choices: [Yes, No]\n              multiple: true\n",
      problems: [
        [
          "choices: [Yes, No]",
          "form.questions[1].choices",
          `${intake} question "story" is long-text: choices is only for kind: choice`,
        ],
        [
          "multiple: true\n              maxLength",
          "form.questions[1].multiple",
          `${intake} question "story" is long-text: multiple is only for kind: choice`,
        ],
      ],
    },
    {
      rule: "a short text's maxLength is over 500",
      from: "required: true",
      to: "required: true\n              maxLength: 501",
      problems: [
        [
          "maxLength: 501",
          "form.questions[0].maxLength",
          `${intake} question "company-name" is short-text: its maxLength must be from 1 to 500`,
        ],
      ],
    },
    {
      rule: "a long text's maxLength is 0, or over 10000",
      from: "maxLength: 8000",
      to: "maxLength: 10001",
      problems: [
        [
          "maxLength: 10001",
          "form.questions[1].maxLength",
          `${intake} question "story" is long-text: its maxLength must be from 1 to 10000`,
        ],
      ],
    },
    {
      rule: "a maxLength is not a whole number",
      from: "maxLength: 8000",
      to: "maxLength: 80.5",
      problems: [["maxLength: 80.5", "form.questions[1].maxLength", "must be a whole number"]],
    },
    {
      rule: "a date has a maxLength and a min",
      from: "label: When did you start?\n",
      to: "label: When did you start?\n              maxLength: 10\n              min: 1900\n",
      problems: [
        [
          "maxLength: 10",
          "form.questions[5].maxLength",
          `${intake} question "founded" is date: maxLength is only for kind: short-text or long-text`,
        ],
        [
          "min: 1900",
          "form.questions[5].min",
          `${intake} question "founded" is date: min is only for kind: number`,
        ],
      ],
    },
    {
      rule: "a number's min is above its max",
      from: "max: 1000000",
      to: "max: -5",
      problems: [
        [
          "max: -5",
          "form.questions[4].max",
          `${intake} question "revenue" cannot have a max (-5) below its min (0)`,
        ],
      ],
    },
    {
      rule: "a number's bound is not a number",
      from: "min: 0",
      to: "min: none",
      problems: [["min: none", "form.questions[4].min", "must be a number"]],
    },
    {
      rule: "a question has an unknown field",
      from: "label: Your website\n",
      to: "label: Your website\n              placeholder: https://\n",
      problems: [
        ["placeholder:", "form.questions[6].placeholder", "unknown field (check its spelling)"],
      ],
    },
  ];

  it.each(refusals)("is refused when $rule", ({ from, to, problems }) => {
    const text = edit(WITH_FORM, from, to);
    expect(problemsOf(SOURCE, text)).toEqual(
      problems.map(([marker, field, message]) => problem(text, marker, field, message)),
    );
  });

  it("is refused with more than 40 questions", () => {
    const extra = Array.from(
      { length: 33 },
      (_, n) =>
        `            - id: extra-${n}\n              kind: date\n              label: Day ${n}\n`,
    ).join("");
    const text = edit(WITH_FORM, "      - id: kick-off-call", `${extra}      - id: kick-off-call`);
    expect(problemsOf(SOURCE, text)).toEqual([
      problem(text, "questions:", "form.questions", "must list at most 40 questions"),
    ]);
  });

  it("reports every problem of a form in one run, in line order", () => {
    const text = [
      ["kind: short-text", "kind: short"],
      ["choices: [LinkedIn, YouTube]", "choices: [LinkedIn, LinkedIn]"],
      ["max: 1000000", "max: -1"],
      ["- id: website", "- id: story"],
      ["label: A brochure", "label: A brochure\n              choices: [a, b]"],
    ].reduce((current, [from, to]) => edit(current, from as string, to as string), WITH_FORM);
    expect(problemsOf(SOURCE, text)).toEqual([
      problem(
        text,
        "kind: short",
        "form.questions[0].kind",
        "must be one of: short-text, long-text, choice, number, date, url, file",
      ),
      problem(
        text,
        "choices: [LinkedIn, LinkedIn]",
        "form.questions[3].choices[1]",
        `${intake} question "channels" lists "LinkedIn" twice`,
      ),
      problem(
        text,
        "max: -1",
        "form.questions[4].max",
        `${intake} question "revenue" cannot have a max (-1) below its min (0)`,
      ),
      problem(
        text,
        "- id: story\n              kind: url",
        "form.questions[6].id",
        `${intake} asks question "story" twice: give each question its own id`,
      ),
      problem(
        text,
        "choices: [a, b]",
        "form.questions[7].choices",
        `${intake} question "brochure" is file: choices is only for kind: choice`,
      ),
    ]);
  });
});

describe("the default programme's ICP Builder", () => {
  const programme = readProgrammeFile(undefined);
  const sprintOne = programme.sprints[0];
  const icp = sprintOne?.tasks.find((task) => task.id === "icp-builder");

  it("hands in its questionnaire, not a document, and is still ticked", () => {
    expect(icp).toMatchObject({
      title: "ICP Builder",
      priority: "high",
      status: "pending",
      owner: "client",
      dueAfterDays: 2,
      handIn: "form",
      handInRequired: false,
    });
    expect(icp?.description).toMatch(/fill in the questionnaire\s+below/);
    expect(icp?.description).not.toMatch(/document/i);
  });

  it("asks its description's questions, two of them required", () => {
    const questions = icp?.form?.questions ?? [];
    expect(questions.length).toBeGreaterThanOrEqual(8);
    expect(questions.length).toBeLessThanOrEqual(11);
    expect(questions.map((question) => [question.id, question.kind])).toEqual([
      ["best-clients", "long-text"],
      ["trigger-problem", "long-text"],
      ["tried-before", "long-text"],
      ["where-they-listen", "long-text"],
      ["company-size", "choice"],
      ["channels", "choice"],
      ["deal-size", "number"],
      ["best-client-website", "url"],
      ["best-client-since", "date"],
      ["supporting-document", "file"],
    ]);
    expect(questions.filter((question) => question.required).map((q) => q.id)).toEqual([
      "best-clients",
      "trigger-problem",
    ]);
    expect(questions.find((question) => question.id === "company-size")).toMatchObject({
      choices: ["Just me", "2–10", "11–50", "51–200", "More than 200"],
      multiple: false,
    });
    expect(questions.find((question) => question.id === "channels")).toMatchObject({
      choices: ["LinkedIn", "Instagram", "YouTube", "Podcasts", "Newsletters", "Events"],
      multiple: true,
    });
    expect(questions.find((question) => question.id === "deal-size")?.min).toBe(0);
  });

  it("leaves Sprint 1 as drawn: five tasks, their starting statuses, four to mark done", () => {
    expect(sprintOne?.tasks.map((task) => [task.id, task.status])).toEqual([
      ["offer-alchemy", "completed"],
      ["icp-builder", "pending"],
      ["messaging-mastery", "pending"],
      ["pricing-strategist", "pending"],
      ["vsl-alchemist", "pending"],
    ]);
    // 'Mark Done' is for every task not yet completed whose hand-in does not decide it.
    const markDone = sprintOne?.tasks.filter(
      (task) => task.status !== "completed" && !task.handInRequired,
    );
    expect(markDone).toHaveLength(4);
  });

  it("is the only form in the default programme", () => {
    const withForms = programme.sprints.flatMap((sprint) =>
      sprint.tasks.filter((task) => task.form !== undefined || task.handIn === "form"),
    );
    expect(withForms.map((task) => task.id)).toEqual(["icp-builder"]);
  });
});
