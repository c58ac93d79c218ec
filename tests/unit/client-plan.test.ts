// A client's own programme as pure functions: the plan laid over a template (order, hidden, added,
// renamed, re-dated), one edit's items and trail lines, and a template's changes in words.
import { describe, expect, it } from "vitest";
import {
  applyPlan,
  NO_DUE_DATE,
  TEMPLATE_TASK_FIELDS,
  type PlanItem,
} from "~/programme/client-plan";
import { planEdit, type PlanEditRequest } from "~/programme/client-plan-edits";
import type { FormContent } from "~/programme/model";
import { readProgrammeFile } from "~/programme/programme-file.server";
import { templateChanges } from "~/programme/template-changes";

const template = readProgrammeFile(undefined);
const DAY = 86_400_000;
/** A calendar day, as due days are counted (days since the epoch). */
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month, day) / DAY;

const item = (fields: Partial<PlanItem> & Pick<PlanItem, "itemId">): PlanItem => ({
  kind: "task",
  sprintId: 1,
  title: null,
  description: null,
  dueAfterDays: null,
  position: null,
  hidden: false,
  added: false,
  ...TEMPLATE_TASK_FIELDS,
  ...fields,
});

const sprint1Tasks = (plan: PlanItem[]) =>
  applyPlan(template, plan).sprints[0]!.tasks.map((task) => [
    task.id,
    task.title,
    task.dueAfterDays,
  ]);

describe("a plan laid over a template", () => {
  it("is the template itself with no plan", () => {
    expect(applyPlan(template, [])).toBe(template);
  });

  it.each<[string, PlanItem[], (string | number | undefined)[][]]>([
    [
      "renamed and re-dated, the rest as the template",
      [item({ itemId: "icp-builder", title: "Client avatar", dueAfterDays: 0 })],
      [
        ["offer-alchemy", "Offer Alchemy", 1],
        ["icp-builder", "Client avatar", 0],
        ["messaging-mastery", "Messaging Mastery", 3],
        ["pricing-strategist", "Pricing Strategist", 4],
        ["vsl-alchemist", "VSL Alchemist", 5],
      ],
    ],
    [
      "hidden, its due date taken away, an addition last",
      [
        item({ itemId: "icp-builder", hidden: true }),
        item({ itemId: "offer-alchemy", dueAfterDays: NO_DUE_DATE }),
        item({ itemId: "added-1", title: "Welcome video", added: true, dueAfterDays: 2 }),
      ],
      [
        ["offer-alchemy", "Offer Alchemy", undefined],
        ["messaging-mastery", "Messaging Mastery", 3],
        ["pricing-strategist", "Pricing Strategist", 4],
        ["vsl-alchemist", "VSL Alchemist", 5],
        ["added-1", "Welcome video", 2],
      ],
    ],
    [
      "reordered by position",
      [
        "vsl-alchemist",
        "pricing-strategist",
        "messaging-mastery",
        "icp-builder",
        "offer-alchemy",
      ].map((itemId, position) => item({ itemId, position })),
      [
        ["vsl-alchemist", "VSL Alchemist", 5],
        ["pricing-strategist", "Pricing Strategist", 4],
        ["messaging-mastery", "Messaging Mastery", 3],
        ["icp-builder", "ICP Builder", 2],
        ["offer-alchemy", "Offer Alchemy", 1],
      ],
    ],
  ])("%s", (_, plan, expected) => {
    expect(sprint1Tasks(plan)).toEqual(expected);
  });

  it("drops the summary lines that name a hidden task, and only those", () => {
    const next = (plan: PlanItem[]) =>
      applyPlan(template, plan).sprints[0]!.summary.find((list) => list.title === "Next Steps");
    expect(next([item({ itemId: "icp-builder", hidden: true })])?.items).toEqual([
      "Work through Messaging Mastery with your strategist",
      "Set your prices with Pricing Strategist",
      "Script your video sales letter in VSL Alchemist",
    ]);
    expect(next([item({ itemId: "icp-builder", title: "Client avatar" })])?.items).toHaveLength(4);
  });
});

describe("one edit of a client's plan", () => {
  const edit = (
    request: Partial<PlanEditRequest>,
    plan: PlanItem[] = [],
    startDay: number | null = null,
  ) =>
    planEdit(
      template,
      plan,
      { intent: "save", kind: "task", sprintId: 1, itemId: "icp-builder", ...request },
      startDay,
      () => "added-test",
    );

  it("stores a field equal to the template's as the template's", () => {
    const outcome = edit({ title: "ICP Builder", description: "", dueAfterDays: 5 });
    expect(outcome).toMatchObject({
      items: [{ itemId: "icp-builder", title: null, dueAfterDays: 5 }],
      lines: [
        { field: 'Sprint 1 task "ICP Builder" description' },
        {
          field: 'Sprint 1 task "ICP Builder" due',
          before: "2 days after the sprint starts",
          after: "5 days after the sprint starts",
        },
      ],
    });
  });

  it("adds and changes a task's owner, hand-in, approval and tool, as the programme file has them", () => {
    const agencyCall = {
      owner: "agency",
      handIn: "nothing",
      handInRequired: false,
      link: "",
      form: null,
    } as const;
    const added = edit({
      intent: "add",
      itemId: undefined,
      title: "Kick-off call",
      task: agencyCall,
    });
    expect(added).toMatchObject({
      items: [{ itemId: "added-test", owner: "agency", added: true }],
    });
    const withAdded = applyPlan(template, "items" in added ? added.items : []);
    expect(withAdded.sprints[0]!.tasks.at(-1)).toMatchObject({
      id: "added-test",
      owner: "agency",
      handIn: "nothing",
      handInRequired: false,
      link: undefined,
    });

    // ICP Builder (the client's, a form, optional, no tool) made the agency's, approval-decided.
    const wanted = {
      owner: "client",
      handIn: "link",
      handInRequired: true,
      link: "https://tools.example.com/icp",
      form: null,
    } as const;
    const saved = edit({
      title: "ICP Builder",
      description: template.sprints[0]!.tasks[1]!.description,
      dueAfterDays: 2,
      task: wanted,
    });
    expect(saved).toMatchObject({
      items: [
        {
          owner: null,
          handIn: "link",
          handInRequired: true,
          link: "https://tools.example.com/icp",
        },
      ],
      lines: [
        { field: 'Sprint 1 task "ICP Builder" hand-in', before: "form", after: "link" },
        { field: 'Sprint 1 task "ICP Builder" done when approved', before: "no", after: "yes" },
        { field: 'Sprint 1 task "ICP Builder" tool', before: "none", after: wanted.link },
        { field: 'Sprint 1 task "ICP Builder" questions', before: "10 questions", after: "none" },
      ],
    });
    const icp = applyPlan(template, "items" in saved ? saved.items : []).sprints[0]!.tasks[1]!;
    expect([icp.handIn, icp.handInRequired, icp.link]).toEqual(["link", true, wanted.link]);
    // Approval decides only a task that asks for something.
    expect(edit({ title: "ICP Builder", task: { ...wanted, handIn: "nothing" } })).toEqual({
      refused: "planHandInInvalid",
    });
    // A form with no questions given asks the template's, and none is a refusal.
    expect(edit({ title: "ICP Builder", task: { ...wanted, handIn: "form" } })).toMatchObject({
      items: [{ handIn: null, form: null }],
    });
    const formless = { ...wanted, handIn: "form" } as const;
    expect(
      edit({ itemId: "messaging-mastery", title: "Messaging Mastery", task: formless }),
    ).toEqual({ refused: "planFormMissing" });
    expect(edit({ intent: "add", itemId: undefined, title: "Survey", task: formless })).toEqual({
      refused: "planFormMissing",
    });
  });

  it("gives one task its own questions, or an added task a form, and the template's again when equal", () => {
    const icp = template.sprints[0]!.tasks[1]!;
    const own: FormContent = {
      questions: [
        { id: "team-size", kind: "number", label: "How many people sell?", required: true },
      ],
    };
    const asForm = {
      owner: "client",
      handIn: "form",
      handInRequired: false,
      link: "",
    } as const;
    const saved = edit({
      title: icp.title,
      description: icp.description,
      dueAfterDays: icp.dueAfterDays,
      task: { ...asForm, form: own },
    });
    expect(saved).toEqual({
      items: [item({ itemId: "icp-builder", form: own })],
      lines: [
        expect.objectContaining({
          field: 'Sprint 1 task "ICP Builder" questions',
          before: "10 questions",
          after: "1 question",
        }),
      ],
    });
    const plan = "items" in saved ? saved.items : [];
    expect(applyPlan(template, plan).sprints[0]!.tasks[1]!.form).toEqual(own);
    // The template's questions written out again are the template's: nothing of the client's own.
    expect(
      edit(
        {
          title: icp.title,
          description: icp.description,
          dueAfterDays: icp.dueAfterDays,
          task: { ...asForm, form: icp.form! },
        },
        plan,
      ),
    ).toMatchObject({
      items: [{ itemId: "icp-builder", form: null }],
      lines: [{ before: "1 question", after: "10 questions" }],
    });
    // As many questions as before, but other ones: the line says they changed.
    const relabelled: FormContent = {
      questions: [{ ...own.questions[0]!, label: "How many people sell, you included?" }],
    };
    expect(
      edit(
        {
          title: icp.title,
          description: icp.description,
          dueAfterDays: icp.dueAfterDays,
          task: { ...asForm, form: relabelled },
        },
        plan,
      ),
    ).toMatchObject({
      items: [{ form: relabelled }],
      lines: [{ before: "1 question", after: "1 question, changed" }],
    });
    // An added task hands in a form with the questions given with it.
    const added = edit({
      intent: "add",
      itemId: undefined,
      title: "Team survey",
      task: { ...asForm, form: own },
    });
    expect(added).toMatchObject({ items: [{ itemId: "added-test", added: true, form: own }] });
    const withAdded = applyPlan(template, "items" in added ? added.items : []);
    expect(withAdded.sprints[0]!.tasks.at(-1)).toMatchObject({ handIn: "form", form: own });
    // Questions given with another hand-in are not kept.
    expect(
      edit({
        intent: "add",
        itemId: undefined,
        title: "Call",
        task: { ...asForm, handIn: "nothing", form: own },
      }),
    ).toMatchObject({ items: [{ handIn: "nothing", form: null }] });
  });

  it("re-dates a task alone, back to the template's own day as the template's", () => {
    const start = dayOf(2026, 10, 23);
    const redate = (dueOn: number, plan: PlanItem[] = []) =>
      edit({ intent: "redate", dueOn, title: undefined }, plan, start);
    const later = redate(dayOf(2026, 10, 30));
    expect(later).toEqual({
      items: [item({ itemId: "icp-builder", dueAfterDays: 7 })],
      lines: [
        {
          field: 'Sprint 1 task "ICP Builder" due',
          before: "2 days after the sprint starts",
          after: "7 days after the sprint starts",
          item: { kind: "task", id: "icp-builder" },
          fact: {
            action: "plan-item",
            sprint: 1,
            kind: "task",
            item: "icp-builder",
            title: "ICP Builder",
            change: " due",
          },
        },
      ],
    });
    const planned = [item({ itemId: "icp-builder", title: "Client avatar", dueAfterDays: 7 })];
    expect(redate(dayOf(2026, 10, 25), planned)).toMatchObject({
      items: [{ title: "Client avatar", dueAfterDays: null }],
    });
    expect(redate(dayOf(2026, 10, 25))).toEqual({ items: [], lines: [] });
    expect(redate(dayOf(2026, 10, 20))).toEqual({ refused: "planDueInvalid" });
  });

  it("counts a due day from the sprint's start, and refuses one before it", () => {
    const start = dayOf(2026, 10, 23);
    expect(edit({ title: "ICP Builder", dueOn: dayOf(2026, 10, 24) }, [], start)).toMatchObject({
      items: [{ dueAfterDays: 1 }],
    });
    expect(edit({ title: "ICP Builder", dueOn: dayOf(2026, 10, 22) }, [], start)).toEqual({
      refused: "planDueInvalid",
    });
    expect(edit({ title: "ICP Builder", dueOn: start + 400 }, [], start)).toEqual({
      refused: "planDueInvalid",
    });
  });

  it.each<[string, Partial<PlanEditRequest>, string]>([
    [
      "an item not in the sprint",
      { itemId: "launch-rehearsal", intent: "hide" },
      "planItemMissing",
    ],
    ["a sprint the programme has not", { sprintId: 9, intent: "hide" }, "planItemMissing"],
    ["a save without a title", { title: undefined }, "planTitleInvalid"],
    [
      "instructions with a script link",
      { title: "A", description: "[x](javascript:alert(1))" },
      "planTextInvalid",
    ],
    [
      "an objective's text too long",
      { kind: "objective", itemId: "offer-clarity", title: "A", description: "x".repeat(401) },
      "planTextInvalid",
    ],
  ])("refuses %s", (_, request, refused) => {
    expect(edit(request)).toEqual({ refused });
  });

  it("moves an item by giving every item of the sprint its place, and not past the ends", () => {
    const moved = edit({ intent: "up", itemId: "messaging-mastery" });
    expect("items" in moved && moved.items.map((each) => [each.itemId, each.position])).toEqual([
      ["offer-alchemy", 0],
      ["messaging-mastery", 1],
      ["icp-builder", 2],
      ["pricing-strategist", 3],
      ["vsl-alchemist", 4],
    ]);
    expect(edit({ intent: "up", itemId: "offer-alchemy" })).toEqual({ items: [], lines: [] });
  });
});

describe("a template's changes in words", () => {
  it("names what is added, removed, renamed and re-dated, and nothing when equal", () => {
    expect(templateChanges(template, template)).toEqual([]);
    const later = structuredClone(template);
    const sprint = later.sprints[0]!;
    sprint.tasks[0]!.title = "Offer workshop";
    sprint.tasks[1]!.dueAfterDays = 3;
    sprint.tasks.pop();
    sprint.countdownDays = 7;
    expect(templateChanges(template, later)).toEqual([
      "Sprint 1: countdown 5 → 7 days",
      'Sprint 1: task "Offer Alchemy" renamed "Offer workshop"',
      'Sprint 1: "ICP Builder" due 2 days after the sprint starts → 3 days after the sprint starts',
      'Sprint 1: task removed: "VSL Alchemist"',
    ]);
  });
});
