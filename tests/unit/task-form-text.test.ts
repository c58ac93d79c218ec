// A task's questions as staff write them for one client: the text a form gives, read back to the
// same form, and every problem named by its line, by the programme file's own rules.
import { describe, expect, it } from "vitest";
import { readProgrammeFile } from "~/programme/programme-file.server";
import { formText, readFormText } from "~/programme/task-form-text.server";

const icp = readProgrammeFile(undefined).sprints[0]!.tasks.find((task) => task.form)!;

describe("a task's questions as text", () => {
  it("reads the text a form is shown as back to the same form, and none as empty", () => {
    const text = formText(icp.form);
    expect(text.startsWith("questions:\n  - id: best-clients\n")).toBe(true);
    expect(readFormText(text, icp.id)).toEqual({ form: icp.form });
    expect(formText(undefined)).toBe("");
  });

  it("names each problem by its line and field, in the file's words", () => {
    const text = [
      "questions:",
      "  - id: size",
      "    kind: nunber",
      "    label: Team size",
      "  - id: size",
      "    kind: choice",
      "    label: Channel",
      "    maxLength: 3",
      "  - id: budget",
      "    kind: number",
      "    label: Budget",
      "    min: 10",
      "    max: 5",
      "    colour: red",
    ].join("\n");
    expect(readFormText(text, "icp-builder")).toEqual({
      problems: [
        "Line 3, questions[0].kind: must be one of: short-text, long-text, choice, number, date, url, file",
        'Line 5, questions[1].id: task "icp-builder" asks question "size" twice: give each question its own id',
        'Line 6, questions[1].kind: task "icp-builder" question "size" is a choice: give it choices, the options to choose from',
        'Line 8, questions[1].maxLength: task "icp-builder" question "size" is choice: maxLength is only for kind: short-text or long-text',
        'Line 13, questions[2].max: task "icp-builder" question "budget" cannot have a max (5) below its min (10)',
        "Line 14, questions[2].colour: unknown field (check its spelling)",
      ],
    });
  });

  it("refuses text that is not YAML, no questions, and more than 40, each with its line", () => {
    expect(readFormText("questions: [", "x")).toEqual({
      problems: [expect.stringMatching(/^Line 1, column 13: /)],
    });
    expect(readFormText("questions: []\n", "x")).toEqual({
      problems: ["Line 1, questions: must list at least one question"],
    });
    const many = Array.from(
      { length: 41 },
      (_, index) => `  - { id: q${index}, kind: short-text, label: Q${index} }`,
    );
    expect(readFormText(["questions:", ...many].join("\n"), "x")).toEqual({
      problems: ["Line 1, questions: must list at most 40 questions"],
    });
  });
});
