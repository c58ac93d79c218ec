// The programme's figures as one derivation, case by case on the default programme: each sprint's
// progress, its objectives, the overall figure and the time left move with the work.
import { describe, expect, it } from "vitest";
import { programmeView, sprintPageView } from "~/programme/client-programme";
import { followingFigure } from "~/programme/figures";
import type { ClientState, SprintState, TaskStatus } from "~/programme/model";
import { readProgrammeFile } from "~/programme/programme-file.server";

const programme = readProgrammeFile(undefined);
/** Wednesday 25 November 2026, noon UTC. */
const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 24 * 60 * 60 * 1000;

interface Given {
  sprints?: Record<number, Partial<SprintState>>;
  tasks?: Record<string, TaskStatus>;
  objectives?: Record<string, number>;
  overall?: number;
}

function stateOf(given: Given): ClientState {
  return {
    overallProgress: given.overall ?? null,
    sprints: new Map(
      Object.entries(given.sprints ?? {}).map(([id, sprint]) => [
        Number(id),
        { status: null, progress: null, startedAt: null, ...sprint },
      ]),
    ),
    tasks: new Map(Object.entries(given.tasks ?? {})),
    objectives: new Map(Object.entries(given.objectives ?? {})),
    inReview: new Set(),
    changesRequested: new Set(),
    dueZone: "UTC",
  };
}

/** What the pages show of a client in `given`: the figures that describe the same work. */
function figures(given: Given) {
  const state = stateOf(given);
  const view = programmeView(programme, state, NOW);
  const [one, two] = programme.sprints.map((sprint) =>
    sprintPageView(sprint, programme, state, NOW),
  );
  return {
    sprint1: [view.sprints[0]?.status, view.sprints[0]?.progress, one?.badges[1]],
    objectives1: one?.objectives.map((objective) => objective.progress),
    sprint2: [view.sprints[1]?.status, view.sprints[1]?.progress, two?.badges[1]],
    objectives2: two?.objectives.map((objective) => objective.progress),
    overall: view.overallProgress,
    time: [view.timeRemaining, view.timeNote],
  };
}

const S1_OPEN_TASKS = ["icp-builder", "messaging-mastery", "pricing-strategist", "vsl-alchemist"];
const allDone = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, "completed" as const]));

describe("a figure that follows what it measures", () => {
  it.each([
    // start, measured at start, measured now → figure
    [65, 20, 20, 65],
    [65, 20, 60, 83],
    [65, 20, 100, 100],
    [65, 20, 0, 0],
    [65, 20, 10, 33],
    [0, 0, 40, 40],
    [25, 13, 13, 25],
    [25, 13, 100, 100],
    [40, 100, 100, 40],
  ])(
    "starting at %i while its measure is %i, at %i it is %i",
    (start, measuredAtStart, measured, figure) => {
      expect(followingFigure(start, measuredAtStart, measured)).toBe(figure);
    },
  );
});

describe("the programme's figures", () => {
  const cases: [string, Given, ReturnType<typeof figures>][] = [
    [
      "a new client: the spec's figures",
      {},
      {
        sprint1: ["in-progress", 65, "65% Complete"],
        objectives1: [25, 15, 30],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 25,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
    [
      "two more ticks in Sprint 1, opened yesterday",
      {
        sprints: { 1: { startedAt: NOW - DAY } },
        tasks: allDone(["icp-builder", "messaging-mastery"]),
      },
      {
        sprint1: ["in-progress", 83, "83% Complete"],
        objectives1: [64, 59, 66],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 28,
        time: ["8 weeks", "Sprint 1 ends Sun 29 Nov"],
      },
    ],
    [
      "every Sprint 1 task done: 100%, still under way until the agency completes it",
      { tasks: allDone(S1_OPEN_TASKS) },
      {
        sprint1: ["in-progress", 100, "100% Complete"],
        objectives1: [100, 100, 100],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 31,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
    [
      "the one task a new client starts with, unticked",
      { tasks: { "offer-alchemy": "pending" } },
      {
        sprint1: ["in-progress", 0, "0% Complete"],
        objectives1: [0, 0, 0],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 0,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
    [
      "Sprint 1 completed by the agency, its tasks as they were",
      { sprints: { 1: { status: "completed", startedAt: NOW - 3 * DAY } } },
      {
        sprint1: ["completed", 100, "Completed"],
        objectives1: [100, 100, 100],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 31,
        time: ["8 weeks", "Sprint 2's 21 days start when it is first opened"],
      },
    ],
    [
      "Sprint 1's countdown ran out",
      { sprints: { 1: { startedAt: NOW - 6 * DAY } } },
      {
        sprint1: ["in-progress", 65, "65% Complete"],
        objectives1: [25, 15, 30],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 25,
        time: ["Time's up", "Sprint 1: time's up"],
      },
    ],
    [
      "Sprint 2 opened (its countdown runs, still Not Started) after Sprint 1 was completed",
      {
        sprints: { 1: { status: "completed" }, 2: { startedAt: NOW - 14 * DAY } },
      },
      {
        sprint1: ["completed", 100, "Completed"],
        objectives1: [100, 100, 100],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 31,
        time: ["6 weeks", "Sprint 2 ends Wed 2 Dec"],
      },
    ],
    [
      "a tick in Sprint 2 moves it on",
      { tasks: { "landing-page-buildout": "completed" } },
      {
        sprint1: ["in-progress", 65, "65% Complete"],
        objectives1: [25, 15, 30],
        sprint2: ["in-progress", 20, "20% Complete"],
        objectives2: [20, 20, 20],
        overall: 30,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
    [
      "Sprint 1's progress set by the agency: the ticks no longer move it",
      { sprints: { 1: { progress: 50 } }, tasks: allDone(["icp-builder"]) },
      {
        sprint1: ["in-progress", 50, "50% Complete"],
        objectives1: [19, 12, 23],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 19,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
    [
      "an objective and the overall figure set by the agency",
      { objectives: { "offer-clarity": 90 }, overall: 40, tasks: allDone(S1_OPEN_TASKS) },
      {
        sprint1: ["in-progress", 100, "100% Complete"],
        objectives1: [90, 100, 100],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 40,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
    [
      "Sprint 2 set back to Not Started by the agency, with a tick in it",
      { sprints: { 2: { status: "not-started" } }, tasks: { "vsl-mastery": "completed" } },
      {
        sprint1: ["in-progress", 65, "65% Complete"],
        objectives1: [25, 15, 30],
        sprint2: ["not-started", 0, "Not Started"],
        objectives2: [0, 0, 0],
        overall: 25,
        time: ["8 weeks", "Sprint 1's 5 days start when it is first opened"],
      },
    ],
  ];

  it.each(cases)("%s", (_name, given, expected) => {
    expect(figures(given)).toEqual(expected);
  });

  it("marks what the agency set by hand, and only that", () => {
    const state = stateOf({
      sprints: { 1: { progress: 50 } },
      objectives: { "core-messaging": 5 },
    });
    const view = programmeView(programme, state, NOW);
    expect(view.sprints.map((sprint) => sprint.progressSetByAgency)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(view.overallSetByAgency).toBe(false);
    const [one] = programme.sprints.map((sprint) => sprintPageView(sprint, programme, state, NOW));
    expect(one?.objectives.map((objective) => objective.setByAgency)).toEqual([false, false, true]);
  });

  it("shows a completed sprint no countdown, and a countdown run out as time up", () => {
    const state = stateOf({
      sprints: {
        1: { status: "completed", startedAt: NOW - 9 * DAY },
        2: { startedAt: NOW - 30 * DAY },
      },
    });
    const [one, two] = programme.sprints.map((sprint) =>
      sprintPageView(sprint, programme, state, NOW),
    );
    expect(one?.countdown).toBeNull();
    expect(two?.countdown).toMatchObject({ timeUp: true, endsAt: NOW - 9 * DAY });
    expect(programmeView(programme, state, NOW).timeNote).toBe("Sprint 2: time's up");
  });

  it("dates each task from its sprint's start: due at the end of that day, overdue after it while not done", () => {
    // Sprint 1 opened on Sunday 22 November at noon.
    const state = stateOf({ sprints: { 1: { startedAt: NOW - 3 * DAY } } });
    const [one, two] = programme.sprints.map((sprint) =>
      sprintPageView(sprint, programme, state, NOW),
    );
    const plan = (id: string) => {
      const task = one?.tasks.find((candidate) => candidate.id === id);
      return [task?.dueAt, task?.overdue];
    };
    const endOf = (day: number) => Date.UTC(2026, 10, day, 23, 59, 59, 999);
    expect(plan("offer-alchemy")).toEqual([endOf(23), false]);
    expect(plan("icp-builder")).toEqual([endOf(24), true]);
    expect(plan("messaging-mastery")).toEqual([endOf(25), false]);
    expect(plan("vsl-alchemist")).toEqual([endOf(27), false]);
    // A sprint not opened yet has no dates.
    expect(two?.tasks.every((task) => task.dueAt === null && !task.overdue)).toBe(true);
  });
});
