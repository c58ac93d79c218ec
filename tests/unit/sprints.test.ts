// The programme data (the four sprints, their pages' plans, the headline figures) and the labels
// derived from it.
import { describe, expect, it } from "vitest";
import { OVERALL_PROGRESS, TIME_REMAINING, sprints } from "~/content/sprints";
import { sprintPath } from "~/lib/paths";
import {
  activeSprintBadges,
  activeSprintCount,
  lockedSprintBadges,
  sprintActionLabel,
} from "~/programme/sprints";
import {
  findSprintPlan,
  sprintPlans,
  type ActiveSprintPlan,
  type LockedSprintPlan,
} from "~/content/sprint-plans";

function planOf(id: number) {
  const plan = sprintPlans.find((candidate) => candidate.sprint.id === id);
  if (!plan) throw new Error(`no plan for sprint ${id}`);
  return plan;
}

function activePlan(id: number): ActiveSprintPlan {
  const plan = planOf(id);
  if (plan.state !== "active") throw new Error(`sprint ${id} is ${plan.state}`);
  return plan;
}

function lockedPlan(id: number): LockedSprintPlan {
  const plan = planOf(id);
  if (plan.state !== "locked") throw new Error(`sprint ${id} is ${plan.state}`);
  return plan;
}

describe("sprints", () => {
  it("has the four sprints", () => {
    expect(
      sprints.map((s) => [
        s.id,
        s.progress,
        s.tasks.completed,
        s.tasks.total,
        s.status,
        s.estimatedTime,
      ]),
    ).toEqual([
      [1, 65, 8, 12, "in-progress", "2 weeks"],
      [2, 0, 0, 15, "not-started", "3 weeks"],
      [3, 0, 0, 18, "not-started", "3 weeks"],
      [4, 0, 0, 10, "not-started", "2 weeks"],
    ]);
    expect(sprints.map((s) => sprintPath(s.id))).toEqual(
      [1, 2, 3, 4].map((id) => `/dashboard/sprint-${id}`),
    );
    expect(sprints.map((s) => s.title)).toEqual([
      "Foundation",
      "Core Development",
      "Advanced Features",
      "Launch",
    ]);
  });

  it("has the hard-coded headline figures", () => {
    expect(OVERALL_PROGRESS).toBe(25);
    expect(TIME_REMAINING).toBe("8 weeks");
    expect(activeSprintCount()).toBe(1);
  });

  it("labels each card's button by status", () => {
    expect(sprints.map((s) => sprintActionLabel(s.status))).toEqual([
      "Continue Sprint",
      "Start Sprint",
      "Start Sprint",
      "Start Sprint",
    ]);
    expect(sprintActionLabel("completed")).toBe("Continue Sprint");
  });

  it("gives each page its header badges", () => {
    expect(activeSprintBadges(planOf(1).sprint)).toEqual(["2 weeks", "65% Complete"]);
    expect(activeSprintBadges(planOf(2).sprint)).toEqual(["3 weeks", "Not Started"]);
    expect(lockedSprintBadges(planOf(3).sprint)).toEqual(["3 weeks", "Pending Sprint 2"]);
    expect(lockedSprintBadges(planOf(4).sprint)).toEqual(["2 weeks", "Pending Sprint 3"]);
  });
});

describe("sprint plans", () => {
  it("has one plan per sprint, in order: 1 and 2 active, 3 and 4 locked", () => {
    expect(sprintPlans.map((plan) => [plan.sprint.id, plan.state])).toEqual([
      [1, "active"],
      [2, "active"],
      [3, "locked"],
      [4, "locked"],
    ]);
  });

  it("finds a plan by its URL segment, and none for any other", () => {
    expect(findSprintPlan("sprint-1")?.sprint.id).toBe(1);
    expect(findSprintPlan("sprint-4")?.sprint.id).toBe(4);
    for (const segment of ["sprint-9", "sprint-0", "anything", "", undefined, "sprint-1/x"]) {
      expect(findSprintPlan(segment)).toBeUndefined();
    }
  });
});

describe("sprint 1 and 2 plans", () => {
  it("sprint 1: three objectives at 25, 15, 30 and five high-priority tasks", () => {
    const plan = activePlan(1);
    expect(plan.objectives.map((o) => o.progress)).toEqual([25, 15, 30]);
    expect(plan.tasks.map((t) => [t.title, t.status, t.priority, Boolean(t.link)])).toEqual([
      ["Offer Alchemy", "completed", "high", true],
      ["ICP Builder", "pending", "high", true],
      ["Messaging Mastery", "pending", "high", false],
      ["Pricing Strategist", "pending", "high", true],
      ["VSL Alchemist", "pending", "high", true],
    ]);
    for (const task of plan.tasks) if (task.link) expect(task.link).toMatch(/^https:\/\//);
    expect(plan.summary.map((list) => list.title)).toEqual(["Achievements", "Next Steps"]);
    expect(plan.countdown).toEqual({ days: 5, storageKey: "sprint-1-start" });
  });

  it("sprint 2: objectives at 0, five pending tasks without links, the success criteria", () => {
    const plan = activePlan(2);
    expect(plan.objectives.every((o) => o.progress === 0)).toBe(true);
    expect(plan.tasks.map((t) => t.title)).toEqual([
      "Landing page buildout",
      "VSL mastery",
      "Instagram launch",
      "Sales mastery",
      "Paid ads launcher",
    ]);
    expect(
      plan.tasks.every((t) => t.status === "pending" && t.priority === "high" && !t.link),
    ).toBe(true);
    expect(plan.summary.map((list) => list.title)).toEqual([
      "Key Deliverables",
      "Success Criteria",
    ]);
    expect(plan.summary[1].items).toEqual([
      "landing page conversion above 15%",
      "VSL completion above 60%",
      "1000+ Instagram followers",
      "call booking above 20%",
      "positive ROI on ads",
    ]);
    expect(plan.countdown).toEqual({ days: 21, storageKey: "sprint-2-start" });
  });
});

describe("sprint 3 and 4 plans", () => {
  it("are locked with their texts and Coming Soon cards", () => {
    expect(lockedPlan(3).locked).toMatchObject({
      title: "Sprint 3 Awaiting Prerequisites",
      action: "Complete Sprint 2 First",
    });
    expect(lockedPlan(3).comingSoon.map((c) => c.title)).toEqual([
      "Advanced Security",
      "Performance Optimization",
      "Third-party Integrations",
    ]);
    expect(lockedPlan(4).locked).toMatchObject({
      title: "Sprint 4 - The Final Chapter",
      action: "Complete Previous Sprints",
    });
    expect(lockedPlan(4).comingSoon.map((c) => c.title)).toEqual([
      "Final Testing",
      "Deployment",
      "Optimization",
    ]);
    expect(lockedPlan(4).vision?.items.join(" ")).toMatch(/99\.9% uptime.*satisfaction over 95%/);
  });
});
