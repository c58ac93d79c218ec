// The product-data read's CPU per view, in one process on the app's own modules: opens (and
// migrates) the database the environment names, seeds one client through the app's own writes,
// times reads with and without the programme view and prints JSON. Run by read-cost.mjs.
import { randomUUID } from "node:crypto";
import {
  applyProgrammeChanges,
  readClientState,
  recordSprintStart,
} from "~/data/client-programme.server";
import {
  closeProductDatabase,
  database,
  databaseEngine,
  inTransaction,
} from "~/data/connection.server";
import { configure, parseEnv } from "~/lib/env.server";
import { programmeView } from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import { defaultProgramme } from "~/programme/templates.server";
import { treeCpuSeconds } from "../cpu.mjs";
import { SPRINT_ID, TICKED_TASKS } from "../seeded-client.mjs";

const views = Number(process.argv[2] ?? "5000");
/** The PostgreSQL server's process, whose CPU (its backends') is counted apart from this one's. */
const databasePid = Number(process.env.BENCH_DATABASE_PID ?? "0");
const ROUNDS = 5;
const WARM_UP_CALLS = 1000;

configure(
  parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: "bench-read-cost-secret-0123456789abcdef",
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
  }),
);

interface Phase {
  /** CPU µs of this process per call, and of the database server when it runs apart. */
  cpuMicros: number;
  databaseCpuMicros?: number;
  /** Wall-clock µs per call, the calls one after another. */
  wallMicros: number;
}

const databaseCpu = (): number | undefined =>
  databasePid ? treeCpuSeconds(databasePid) : undefined;

async function timed(calls: number, call: () => Promise<unknown>): Promise<Phase> {
  const databaseBefore = databaseCpu();
  const wallBefore = performance.now();
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  const used = process.cpuUsage(before);
  const wall = performance.now() - wallBefore;
  const databaseAfter = databaseCpu();
  return {
    cpuMicros: (used.user + used.system) / calls,
    wallMicros: (wall * 1000) / calls,
    databaseCpuMicros:
      databaseBefore === undefined || databaseAfter === undefined
        ? undefined
        : ((databaseAfter - databaseBefore) * 1e6) / calls,
  };
}

const engine = await databaseEngine();
const db = await database();
const userId = randomUUID();
await inTransaction(async (trx) => {
  const at = Date.now();
  await recordSprintStart(trx, userId, SPRINT_ID, at);
  const ticks = TICKED_TASKS.map((taskId) => ({
    kind: "task" as const,
    taskId,
    status: "completed" as const,
    field: taskId,
    before: "Pending",
    after: "Completed",
  }));
  await applyProgrammeChanges(trx, userId, ticks, at);
});
/** What a signed-in view does with the data: the read, then the programme as the pages show it. */
const view = async () => {
  const [{ content }, read] = await Promise.all([
    programmeOf(db, userId),
    readClientState(db, userId),
  ]);
  return programmeView(content, read, Date.now());
};
const state = await readClientState(db, userId);
if (state.tasks.size !== TICKED_TASKS.length || !state.sprints.get(SPRINT_ID)?.startedAt)
  throw new Error("the seeded state did not read back");

const phases = {
  readAndView: view,
  readOnly: () => readClientState(db, userId),
  viewOnly: async () => programmeView(defaultProgramme(), state, Date.now()),
};
type PhaseName = keyof typeof phases;
const names = Object.keys(phases) as PhaseName[];

// Warm-up: compiled code paths, prepared statements, the pool's connection.
for (const name of names) await timed(WARM_UP_CALLS, phases[name]);
// The phases take turns in rounds, so drift (the optimiser, the garbage collector, other work on
// the machine) hits them alike; each figure is the median of its rounds.
const rounds = new Map<PhaseName, Phase[]>(names.map((name) => [name, []]));
const perRound = Math.max(1, Math.round(views / ROUNDS));
for (let round = 0; round < ROUNDS; round++) {
  for (const name of names) rounds.get(name)?.push(await timed(perRound, phases[name]));
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
function summary(measured: Phase[]): Phase {
  const database = measured.map((phase) => phase.databaseCpuMicros);
  return {
    cpuMicros: median(measured.map((phase) => phase.cpuMicros)) ?? NaN,
    wallMicros: median(measured.map((phase) => phase.wallMicros)) ?? NaN,
    databaseCpuMicros: database.every((value) => value !== undefined)
      ? median(database as number[])
      : undefined,
  };
}
const results = {
  engine,
  views: perRound * ROUNDS,
  rounds: ROUNDS,
  ...Object.fromEntries(names.map((name) => [name, summary(rounds.get(name) ?? [])])),
};
await closeProductDatabase();
process.stdout.write(JSON.stringify(results));
