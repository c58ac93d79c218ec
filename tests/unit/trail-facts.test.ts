// Trail lines as facts: written with the words of the moment, drawn again with today's names (the
// recorded ones where a subject has none now), and stored parameters that are not a fact refused.
import { describe, expect, it } from "vitest";
import {
  drawnLine,
  factLine,
  factParams,
  storedFact,
  trailNames,
  type TrailFact,
} from "~/programme/trail-facts";

const content = {
  sprints: [
    {
      tasks: [{ id: "icp", title: "Ideal Client Profile" }],
      objectives: [{ id: "offer", title: "A clear offer" }],
    },
  ],
};

const today = trailNames({
  content,
  person: (email) => (email === "dana@client.test" ? "Dana Whitfield" : undefined),
});

const FACTS: [TrailFact, then: string, now: string][] = [
  [
    { action: "task-status", sprint: 1, task: "icp", title: "ICP Builder" },
    "Sprint 1 task: ICP Builder",
    "Sprint 1 task: Ideal Client Profile",
  ],
  [
    { action: "objective-progress", sprint: 1, objective: "offer", title: "Offer" },
    "Sprint 1 objective: Offer",
    "Sprint 1 objective: A clear offer",
  ],
  [
    {
      action: "plan-item",
      sprint: 1,
      kind: "task",
      item: "icp",
      title: "ICP Builder",
      change: " due",
    },
    'Sprint 1 task "ICP Builder" due',
    'Sprint 1 task "Ideal Client Profile" due',
  ],
  [
    { action: "task-assignee", task: "icp", title: "ICP Builder" },
    "ICP Builder: who does it",
    "Ideal Client Profile: who does it",
  ],
  [
    { action: "hand-in", task: "icp", title: "ICP Builder", version: 2 },
    "Hand-in: ICP Builder, version 2",
    "Hand-in: Ideal Client Profile, version 2",
  ],
  // A task no longer in the programme keeps the title it had.
  [
    { action: "hand-in", task: "gone", title: "Old task" },
    "Hand-in: Old task",
    "Hand-in: Old task",
  ],
  [{ action: "sprint-start", sprint: 3 }, "Sprint 3 start", "Sprint 3 start"],
];

describe("a trail line as a fact", () => {
  it.each(FACTS)("%j reads as written, then with today's names", (fact, then, now) => {
    const line = factLine(fact, "before", "after");
    expect(line.field).toBe(then);
    const stored = storedFact(fact.action, factParams(fact));
    expect(stored).toEqual(fact);
    expect(drawnLine({ ...line, fact: stored }, today)).toEqual({
      field: now,
      before: "before",
      after: "after",
    });
  });

  it("names the person of a preview as they are named now, else by the address it kept", () => {
    const line = factLine({ action: "preview", person: "dana@client.test" }, "", "");
    expect(line.after).toBe("as dana@client.test");
    expect(drawnLine(line, today).after).toBe("as Dana Whitfield");
    const other = factLine({ action: "client-preview", person: "sam@client.test" }, "", "");
    expect(drawnLine(other, today)).toEqual({
      field: "Preview as a client",
      before: "",
      after: "sam@client.test",
    });
  });

  it.each([
    [null, null],
    ["task-status", null],
    ["task-status", "not json"],
    ["task-status", "[]"],
    ["task-status", '{"sprint":1,"task":"icp"}'],
    ["task-status", '{"sprint":"1","task":"icp","title":"x"}'],
    ["plan-item", '{"sprint":1,"kind":"task","item":"i","title":"t","change":" <b>"}'],
    ["plan-added", '{"sprint":1,"kind":"file"}'],
    ["hand-in", '{"task":"icp","title":"x","version":-1}'],
    ["rename-the-agency", "{}"],
  ])("refuses %s %s as a fact: the line keeps its words", (action, params) => {
    expect(storedFact(action, params)).toBeUndefined();
    const words = { field: "As written", before: "a", after: "b" };
    expect(drawnLine(words, today)).toEqual(words);
  });
});
