// One client's programme as the pages draw it, from the default programme file: a new client sees
// the first figures; the unlocking rules; and every figure describing the same thing agrees.
import { describe, expect, it } from "vitest";
import {
  dueNearness,
  dueTodayUntil,
  blockingSprint,
  clientFacts,
  findSprint,
  nextStep,
  programmeView,
  sprintActionLabel,
  sprintPageView,
} from "~/programme/client-programme";
import type { ClientState, SprintStatus, TaskStatus } from "~/programme/model";
import { readProgrammeFile } from "~/programme/programme-file.server";

const programme = readProgrammeFile(undefined);
const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 24 * 60 * 60 * 1000;

function state(
  sprints: Record<number, { status?: SprintStatus; progress?: number; startedAt?: number }> = {},
  tasks: Record<string, TaskStatus> = {},
  inReview: string[] = [],
  changesRequested: string[] = [],
): ClientState {
  return {
    overallProgress: null,
    sprints: new Map(
      Object.entries(sprints).map(([id, sprint]) => [
        Number(id),
        {
          status: sprint.status ?? null,
          progress: sprint.progress ?? null,
          startedAt: sprint.startedAt ?? null,
        },
      ]),
    ),
    tasks: new Map(Object.entries(tasks)),
    objectives: new Map(),
    inReview: new Set(inReview),
    changesRequested: new Set(changesRequested),
    dueZone: "UTC",
  };
}

const sprint = (id: number) => {
  const found = findSprint(programme, `sprint-${id}`);
  if (!found) throw new Error(`no sprint ${id}`);
  return found;
};

describe("a client never seen", () => {
  const view = programmeView(programme, state(), NOW);

  it("sees the spec's dashboard figures", () => {
    expect(view.overallProgress).toBe(25);
    expect(view.current).toBe("Sprint 1 in progress");
    expect(view.activeSprints).toBe(1);
    expect(view.activeNote).toBe("Foundation under way");
    expect(view.timeRemaining).toBe("8 weeks");
    expect(
      view.sprints.map(({ name, title, status, progress, length }) => [
        name,
        title,
        status,
        progress,
        length,
      ]),
    ).toEqual([
      ["Sprint 1", "Foundation", "in-progress", 65, "2 weeks"],
      ["Sprint 2", "Core Development", "not-started", 0, "3 weeks"],
      ["Sprint 3", "Advanced Features", "not-started", 0, "3 weeks"],
      ["Sprint 4", "Launch", "not-started", 0, "2 weeks"],
    ]);
    expect(view.sprints.map((s) => s.path)).toEqual(
      [1, 2, 3, 4].map((id) => `/dashboard/sprint-${id}`),
    );
  });

  it("sees each sprint card's task count equal to that sprint's task list", () => {
    for (const card of view.sprints) {
      const page = sprintPageView(sprint(card.id), programme, state(), NOW);
      expect(card.tasks.total).toBe(page.tasks.length);
      expect(card.tasks.completed).toBe(
        page.tasks.filter((task) => task.status === "completed").length,
      );
    }
    expect(view.sprints[0]?.tasks).toEqual({ completed: 1, total: 5 });
  });

  it("sees Sprint 1 and 2 open with the spec's badges, 3 and 4 locked pending 2 and 3", () => {
    const badges = [1, 2, 3, 4].map((id) => sprintPageView(sprint(id), programme, state(), NOW));
    expect(badges.map((page) => page.badges)).toEqual([
      ["2 weeks", "65% Complete"],
      ["3 weeks", "Not Started"],
      ["3 weeks", "Pending Sprint 2"],
      ["2 weeks", "Pending Sprint 3"],
    ]);
    expect(badges.map((page) => page.sprint.open)).toEqual([true, true, false, false]);
    expect(badges[0]?.objectives.map((o) => o.progress)).toEqual([25, 15, 30]);
    expect(badges[1]?.objectives.map((o) => o.progress)).toEqual([0, 0, 0]);
    expect(badges[0]?.countdown).toEqual({
      days: 5,
      endsAt: NOW + 5 * DAY,
      timeUp: false,
    });
    expect(badges[1]?.countdown?.days).toBe(21);
  });
});

describe("the unlocking rules", () => {
  it("open Sprint 3 once Sprint 2 is completed, and Sprint 4 once 1, 2 and 3 are", () => {
    expect(blockingSprint(sprint(3), programme, state({ 2: { status: "completed" } }))).toBeNull();
    expect(blockingSprint(sprint(4), programme, state({ 2: { status: "completed" } }))).toBe(3);
    const twoAndThree = state({ 2: { status: "completed" }, 3: { status: "completed" } });
    expect(blockingSprint(sprint(4), programme, twoAndThree)).toBe(1);
    const all = state({
      1: { status: "completed" },
      2: { status: "completed" },
      3: { status: "completed" },
    });
    expect(blockingSprint(sprint(4), programme, all)).toBeNull();
    const page = sprintPageView(sprint(4), programme, all, NOW);
    expect(page.sprint.open).toBe(true);
    expect(page.badges).toEqual(["2 weeks", "Not Started"]);
    expect(page.objectives.map((o) => o.title)).toEqual([
      "Final Testing",
      "Deployment",
      "Optimization",
    ]);
  });
});

describe("derived figures", () => {
  it("move with the client's record: ticks, statuses, a running countdown", () => {
    const record = state(
      {
        1: { status: "completed", progress: 100 },
        2: { status: "in-progress", startedAt: NOW - 7 * DAY },
      },
      { "icp-builder": "completed", "landing-page-buildout": "completed" },
    );
    const view = programmeView(programme, record, NOW);
    expect(view.current).toBe("Sprint 2 in progress");
    expect(view.activeNote).toBe("Core Development under way");
    expect(view.sprints[0]?.tasks).toEqual({ completed: 2, total: 5 });
    expect(view.sprints[1]?.tasks).toEqual({ completed: 1, total: 5 });
    // 14 days left in Sprint 2, then 3 + 2 weeks of sprints not started: 49 days.
    expect(view.timeRemaining).toBe("7 weeks");
    const done = state({
      1: { status: "completed" },
      2: { status: "completed" },
      3: { status: "completed" },
      4: { status: "completed" },
    });
    expect(programmeView(programme, done, NOW)).toMatchObject({
      current: "All sprints completed",
      activeSprints: 0,
      timeRemaining: "0 days",
    });
  });

  it("keeps as facts the sprints under way, with their deadlines, and their tasks' due days", () => {
    expect(clientFacts(programme, state())).toEqual({ sprints: [], tasks: [] });
    // Sprint 1 opened Sunday: ICP Builder is due Tuesday, Messaging Mastery today (Wednesday).
    const sunday = NOW - 3 * DAY;
    const opened = { 1: { startedAt: sunday } };
    const facts = clientFacts(programme, state(opened, { "icp-builder": "completed" }));
    expect(facts.sprints).toEqual([{ sprintId: 1, deadline: sunday + 5 * DAY }]);
    const day = (ms: number) => Math.floor(ms / DAY);
    expect(facts.tasks.filter((task) => task.taskId !== "offer-alchemy")).toEqual([
      {
        taskId: "icp-builder",
        sprintId: 1,
        owner: "client",
        dueDay: day(sunday) + 2,
        dueEnd: (day(sunday) + 3) * DAY,
        settled: true,
      },
      {
        taskId: "messaging-mastery",
        sprintId: 1,
        owner: "client",
        dueDay: day(sunday) + 3,
        dueEnd: (day(sunday) + 4) * DAY,
        settled: false,
      },
      {
        taskId: "pricing-strategist",
        sprintId: 1,
        owner: "client",
        dueDay: day(sunday) + 4,
        dueEnd: (day(sunday) + 5) * DAY,
        settled: false,
      },
      {
        taskId: "vsl-alchemist",
        sprintId: 1,
        owner: "client",
        dueDay: day(sunday) + 5,
        dueEnd: (day(sunday) + 6) * DAY,
        settled: false,
      },
    ]);
    // A completed sprint has none; Sprint 2 under way has its own.
    const moved = clientFacts(
      programme,
      state({
        1: { status: "completed", startedAt: NOW - 6 * DAY },
        2: { status: "in-progress", startedAt: NOW - 6 * DAY },
      }),
    );
    expect(moved.sprints.map((sprint) => sprint.sprintId)).toEqual([2]);
    expect(moved.tasks.every((task) => task.sprintId === 2)).toBe(true);
  });

  it("ends a due day at midnight in the account's zone, the start counted on its calendar", () => {
    // Sprint 1 opened Saturday 21 November at 21:00 in New York (Sunday 02:00 UTC): ICP Builder is
    // due on New York's Monday, which ends at 05:00 UTC on Tuesday.
    const startedAt = Date.UTC(2026, 10, 22, 2);
    const newYork = { ...state({ 1: { startedAt } }), dueZone: "America/New_York" };
    const mondayEnds = Date.UTC(2026, 10, 24, 5);
    const icp = clientFacts(programme, newYork).tasks.find((task) => task.taskId === "icp-builder");
    expect(icp).toMatchObject({ dueDay: Date.UTC(2026, 10, 23) / DAY, dueEnd: mondayEnds });
    const shown = (at: number) =>
      sprintPageView(sprint(1), programme, newYork, at).tasks.find((t) => t.id === "icp-builder");
    expect(shown(mondayEnds - 1)).toMatchObject({ dueAt: mondayEnds - 1, overdue: false });
    expect(shown(mondayEnds)?.overdue).toBe(true);
    // Monday 22:00 in New York: due today there. By Tuesday noon UTC it is overdue there, while a
    // UTC account, whose sprint opened on Sunday, has it due that Tuesday.
    expect(nextStep(programme, newYork, Date.UTC(2026, 10, 24, 3))?.text).toBe(
      "Due today: ICP Builder",
    );
    const tuesdayNoon = Date.UTC(2026, 10, 24, 12);
    expect(nextStep(programme, newYork, tuesdayNoon)?.text).toBe("Overdue: ICP Builder");
    const utc = state({ 1: { startedAt } });
    expect(nextStep(programme, utc, tuesdayNoon)?.text).toBe("Due today: ICP Builder");
  });

  it("never counts a task waiting for the agency's review as overdue", () => {
    // Sprint 1 opened six days ago: every task's due day has passed.
    const opened = { 1: { startedAt: NOW - 6 * DAY } };
    const waiting = state(opened, {}, ["vsl-alchemist"]);
    const overdue = (given: ClientState) =>
      sprintPageView(sprint(1), programme, given, NOW)
        .tasks.filter((task) => task.overdue)
        .map((task) => task.id);
    expect(overdue(state(opened))).toContain("vsl-alchemist");
    expect(overdue(waiting)).not.toContain("vsl-alchemist");
    expect(overdue(waiting)).toContain("pricing-strategist");
    const settled = (given: ClientState) =>
      clientFacts(programme, given).tasks.find((task) => task.taskId === "vsl-alchemist")?.settled;
    expect(settled(state(opened))).toBe(false);
    expect(settled(waiting)).toBe(true);
    // Waiting is not done: the task still counts as open in the sprint's figures.
    const figures = (given: ClientState) => sprintPageView(sprint(1), programme, given, NOW).sprint;
    expect(figures(waiting).tasks).toEqual(figures(state(opened)).tasks);
  });

  it("gives the client a toggle for their own tasks alone, none where an approval or review decides", () => {
    const ticks = (id: number, given: ClientState) =>
      Object.fromEntries(
        sprintPageView(sprint(id), programme, given, NOW).tasks.map((task) => [task.id, task.tick]),
      );
    // The spec's Sprint 1: a toggle on each of its five tasks ('Done' on Offer Alchemy).
    expect(Object.values(ticks(1, state()))).toEqual(Array(5).fill("toggle"));
    expect(Object.values(ticks(2, state()))).toEqual(Array(5).fill("toggle"));
    // A hand-in waiting for review takes the toggle's place until staff decide.
    expect(ticks(1, state({}, {}, ["icp-builder"]))["icp-builder"]).toBe("in-review");
    const earlier = { 1: { status: "completed" as const }, 2: { status: "completed" as const } };
    expect(ticks(3, state(earlier))).toEqual({
      "account-security": "toggle",
      "crm-and-calendar": "hand-in",
      "funnel-review": "agency",
      "follow-up-sequence": "hand-in",
    });
  });

  it("labels each card's button by the client's status", () => {
    expect(
      programmeView(programme, state(), NOW).sprints.map((s) => sprintActionLabel(s.status)),
    ).toEqual(["Continue Sprint", "Start Sprint", "Start Sprint", "Start Sprint"]);
    expect(sprintActionLabel("completed")).toBe("Continue Sprint");
  });

  it("finds no sprint for other segments", () => {
    for (const segment of [
      "sprint-0",
      "sprint-5",
      "sprint-01",
      "Sprint-1",
      "sprint-1x",
      undefined,
    ]) {
      expect(findSprint(programme, segment)).toBeUndefined();
    }
  });
});

describe("how near a due moment is", () => {
  it("is one rule for the console's counts and the client's next step: past, a day ahead, the next", () => {
    const now = Date.UTC(2026, 10, 30, 10);
    const hours = (count: number) => now + count * 3_600_000;
    expect([0, 0.5, 24, 24.5, 48, 48.5].map((count) => dueNearness(hours(count), now))).toEqual([
      "overdue",
      "today",
      "today",
      "tomorrow",
      "tomorrow",
      "later",
    ]);
    expect(dueTodayUntil(now)).toBe(hours(24));
  });
});

describe("the next step", () => {
  const SPRINT_1_TASKS = [
    "icp-builder",
    "messaging-mastery",
    "pricing-strategist",
    "vsl-alchemist",
  ];
  const done = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, "completed" as const]));
  const task = (id: string) => `/dashboard/sprint-1/tasks/${id}`;
  // Sprint 1 opened `days` days before today (ICP Builder is due two days after it opened).
  const opened = (days: number) => ({ 1: { startedAt: NOW - days * DAY } });

  it.each([
    ["a new client: the first open task", state(), "ICP Builder", task("icp-builder")],
    ["due the day after today", state(opened(1)), "Due tomorrow: ICP Builder", task("icp-builder")],
    ["due today", state(opened(2)), "Due today: ICP Builder", task("icp-builder")],
    [
      "an overdue task before one due today",
      state(opened(3)),
      "Overdue: ICP Builder",
      task("icp-builder"),
    ],
    [
      "a hand-in sent back before anything due",
      state(opened(3), {}, [], ["pricing-strategist"]),
      "Changes requested on Pricing Strategist",
      task("pricing-strategist"),
    ],
    [
      "work in review is no one's next step: the next open task is",
      state(opened(1), {}, ["icp-builder"]),
      "Messaging Mastery",
      task("messaging-mastery"),
    ],
    [
      "everything of theirs waiting for review",
      // Sprints 2 and 3 completed, Sprint 4 locked until Sprint 1 is: a newer version in review.
      state(
        { ...opened(9), 2: { status: "completed" }, 3: { status: "completed" } },
        done(SPRINT_1_TASKS.slice(1)),
        ["icp-builder"],
        ["icp-builder"],
      ),
      "Waiting for the agency's review",
      task("icp-builder"),
    ],
  ])("%s", (_, given, text, path) => {
    expect(nextStep(programme, given, NOW)).toEqual({ text, path });
  });

  it("is none once every sprint is completed", () => {
    const completed = { status: "completed" as const };
    const all = state({ 1: completed, 2: completed, 3: completed, 4: completed });
    expect(nextStep(programme, all, NOW)).toBeNull();
  });
});
