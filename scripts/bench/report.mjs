// Turns the results into ONE table (text for the terminal, Markdown for docs), the product data's
// rows included, and writes bench-results/latest.json and latest.md; also describes the machine
// the run was on.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { settings } from "./config.mjs";
import { problemsOf } from "./load.mjs";
import { count, kb, ms, percent } from "./stats.mjs";

/** A bench step's line on stderr, with the minutes and seconds since the run began. */
export function step(message) {
  const seconds = Math.round(process.uptime());
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  process.stderr.write(`[bench ${clock}] ${message}\n`);
}

export function machineInfo() {
  let chromium = "not found";
  try {
    chromium = execFileSync(settings.chromePath, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 15_000,
    }).trim();
  } catch {
    // Lighthouse rows will say why they are missing.
  }
  return {
    nproc: availableParallelism(),
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    chromium,
    /** 1-minute load average when the run began: above ~0.5 per CPU, other work skews results. */
    loadAverageAtStart: Math.round(loadavg()[0] * 100) / 100,
  };
}

/** Server CPU per request, with the database server's part when it runs apart (PostgreSQL). */
function serverCpu(msPerRequest, databaseMsPerRequest) {
  const database =
    databaseMsPerRequest === undefined ? "" : ` (PostgreSQL ${ms(databaseMsPerRequest)})`;
  return `server CPU ${ms(msPerRequest)}/req${database}`;
}

/** One load run: req/s, latency, CPU per request, other work meanwhile, answers not expected. */
function loadValue(run) {
  const problems = problemsOf(run);
  const value =
    `${count(run.requestsPerSecond)} req/s · p50 ${ms(run.latency.p50)} · p99 ${ms(run.latency.p99)}` +
    ` · ${serverCpu(run.serverCpuMsPerRequest, run.databaseCpuMsPerRequest)}` +
    (run.otherCpus >= 0.1 ? ` · other work ${run.otherCpus.toFixed(1)} CPU` : "");
  return problems ? `${value} · ${problems} NOT ${run.expectStatus ?? "2xx"}/errors` : value;
}

function serverRows(results) {
  return results.server.map((run) => ({
    area: "server",
    measure: `${run.label} @${run.connections}`,
    value: loadValue(run),
  }));
}

const files = (n) => `${n} file${n === 1 ? "" : "s"}`;

function clientRows(results) {
  return results.client.pages.flatMap((page) => [
    {
      area: "client",
      measure: `${page.path} JS (${files(page.js.files)})`,
      value:
        `raw ${kb(page.js.raw)} · gzip ${kb(page.js.gzip)}` +
        (page.path === "/" ? "" : ` · beyond / ${kb(page.addedJs.gzip)} gzip`) +
        (page.matchesHtml ? "" : " · differs from HTML"),
      budget: "",
      status: "",
    },
    {
      area: "client",
      measure: `${page.path} CSS (${files(page.css.files)}) · HTML`,
      value: `CSS raw ${kb(page.css.raw)} · gzip ${kb(page.css.gzip)} · HTML raw ${kb(page.html.raw)} · gzip ${kb(page.html.gzip)}`,
      budget: "",
      status: "",
    },
  ]);
}

function lighthouseRows(results) {
  if (results.lighthouse.length === 0)
    return [{ area: "lighthouse", measure: "not run", value: results.lighthouseSkipped ?? "" }];
  return results.lighthouse.map((page) => {
    if (page.error) return { area: "lighthouse", measure: page.path, value: `ERROR ${page.error}` };
    const s = page.scores;
    const runs = page.runs > 1 ? `, median of ${page.performanceScores.join("/")}` : "";
    return {
      area: "lighthouse",
      measure: `${page.path} (${page.formFactor}${runs})`,
      value:
        `perf ${s.performance} · a11y ${s.accessibility} · bp ${s["best-practices"]} · seo ${s.seo}` +
        ` · LCP ${ms(page.lcpMs)} · TBT ${ms(page.tbtMs)} · CLS ${page.cls.toFixed(3)}` +
        ` · ${kb(page.transferBytes)} transfer`,
    };
  });
}

function startupRows(results) {
  const { coldStart, signIn, bcrypt } = results;
  return [
    {
      area: "startup",
      measure: "cold start → first 200 on /",
      value: `${ms(coldStart.median)} (median of ${coldStart.times.length}: ${coldStart.times.map((t) => ms(t)).join(", ")})`,
    },
    {
      area: "startup",
      measure: "sign-in round trip (form POST → 302)",
      value:
        `p50 ${ms(signIn.p50)} of ${signIn.times.length} · auth /token p50 ${ms(signIn.tokenP50)}` +
        ` · ${signIn.authCallsPerSignIn} auth call each`,
    },
    {
      area: "startup",
      measure: `one bcrypt hash (cost ${bcrypt.cost})`,
      value: `p50 ${ms(bcrypt.p50)} of ${bcrypt.times.length}`,
    },
  ];
}

/** One page next to the bare page: the median of its slices. */
function shareRow(area, share, row) {
  return {
    area,
    measure: `${row.label} @${share.connections}, median of ${share.slices} × ${share.sliceSeconds} s`,
    value:
      `${count(row.requestsPerSecond)} req/s · ${percent(row.shareOfBare)} of bare` +
      ` · ${serverCpu(row.cpuMsPerRequest, row.databaseCpuMsPerRequest)}` +
      (row.problems ? ` · ${row.problems} NOT 2xx/errors` : ""),
  };
}

function shareRows(results) {
  const share = results.referenceShare;
  if (!share) return [];
  return share.rows.map((row) => shareRow("server", share, row));
}

function browserRows(results) {
  if (!results.browser) return [];
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    ["brotli", "default Accept-Encoding"],
    ["gzip", "Accept-Encoding: gzip, deflate"],
  ].map(([key, how]) => {
    const run = results.browser[key];
    const encodings = Object.entries(run.encodings)
      .map(([name, n]) => `${name} ×${n}`)
      .join(", ");
    return {
      area: "browser",
      measure: `/ JS over the wire in Chromium, ${how}`,
      value: `${kib(run.bytes)} in ${run.requests} requests (${encodings}), headers included`,
    };
  });
}

function authRows(results) {
  const rows = (results.sessionCheck ?? []).map((row) => ({
    area: "server",
    measure: `session check cost, /dashboard @${row.connections} (A/B ×${row.slices})`,
    value:
      `${percent(row.cost)} of throughput (${count(row.withCheck)} vs ${count(row.skipped)} req/s skipped)` +
      ` · pairs ${percent(row.pairRange[0])} to ${percent(row.pairRange[1])}` +
      ` · ${percent(row.cpuCost)} of CPU/req (${ms(row.cpuMsPerRequest.withCheck)} vs ${ms(row.cpuMsPerRequest.skipped)})` +
      (row.problems ? ` · ${row.problems} NOT 2xx/errors` : ""),
  }));
  const auth = results.authCalls;
  rows.push({
    area: "server",
    measure: "auth-service calls per signed-in view",
    value: `${auth.perView} (${auth.calls} calls in ${count(auth.views)} views, steady state)`,
  });
  return rows;
}

function budgetRows(results) {
  return results.budgets.map((budget) => ({
    area: "budget",
    measure: budget.label,
    value: budget.display ?? "not measured",
    budget: budget.limit,
    status: budget.status,
  }));
}

/** Every load run of the run, whichever part made it. */
function loadRuns(results) {
  const data = results.productData;
  return [
    ...(results.server ?? []),
    ...(data?.runs ?? []),
    ...(data?.staff ?? []).flatMap((staff) => staff.runs),
    ...(data?.staff ?? []).flatMap((staff) => staff.conversation.runs),
    ...(data?.staff ?? []).flatMap((staff) => [
      ...staff.companies.before,
      ...staff.companies.after,
    ]),
    ...(data?.staff ?? []).flatMap((staff) =>
      [staff.attention.plain, ...staff.attention.runs].filter(Boolean),
    ),
    ...(data?.staff ?? []).flatMap((staff) => staff.handIns.runs ?? []),
  ];
}

/** Flags a run that shared the machine: its throughput and latency figures are not comparable. */
function machineRows(results) {
  const worst = Math.max(0, ...loadRuns(results).map((run) => run.otherCpus ?? 0));
  const busy = worst > 0.25 || results.machine.loadAverageAtStart > results.machine.nproc / 2;
  return [
    {
      area: "machine",
      measure: "other work during the run",
      value:
        `load average ${results.machine.loadAverageAtStart} at start · ` +
        `up to ${worst.toFixed(1)} of ${results.machine.nproc} CPUs busy elsewhere under load`,
      budget: "",
      status: busy ? "BUSY" : "quiet",
    },
  ];
}

function micros(value) {
  if (value >= 1000) return ms(value / 1000);
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} µs`;
}

/** CPU per call of an in-process phase, this process's and the database server's. */
function phaseCpu(phase) {
  const database =
    phase.databaseCpuMicros === undefined ? "" : ` + PostgreSQL ${micros(phase.databaseCpuMicros)}`;
  return `${micros(phase.cpuMicros)}${database}`;
}

function readCostRow(cost) {
  return {
    area: "data",
    measure: `${cost.label} · read + programme view in-process, median of ${cost.rounds} × ${count(cost.views / cost.rounds)}`,
    value:
      `CPU ${phaseCpu(cost.readAndView)}/view (read alone ${phaseCpu(cost.readOnly)},` +
      ` view alone ${micros(cost.viewOnly.cpuMicros)}) · wall ${micros(cost.readAndView.wallMicros)}/view`,
  };
}

function staffRows(staff) {
  const clients = count(staff.clients);
  return [
    {
      area: "data",
      measure: `${staff.label} · ${clients} clients created (admin API, no password)`,
      value: `${ms(staff.createMs)} (${ms(staff.createMs / staff.clients)} each)`,
    },
    {
      area: "data",
      measure: `${staff.label} · GET /staff, first view (syncs the directory)`,
      value: `${ms(staff.firstViewMs)} · ${count(staff.listed)} clients listed`,
    },
    ...staff.runs.map((run) => ({
      area: "data",
      measure: `${run.label} @${run.connections}, ${clients} clients`,
      value: loadValue(run),
    })),
    ...staff.healthUnderLoad.probes.map((probe) => ({
      area: "data",
      measure: `${staff.label} · ${probe.path} while ${staff.healthUnderLoad.connections} connections load /staff (${clients} clients; ${probe.probes} probes)`,
      value: `p50 ${ms(probe.p50)} · p99 ${ms(probe.p99)} · max ${ms(probe.max)} · /staff ${Math.round(staff.healthUnderLoad.load.requestsPerSecond ?? 0)} req/s`,
    })),
    {
      area: "data",
      measure: `${staff.label} · auth-service calls per /staff view (sequential)`,
      value: `${staff.authCallsPerView} (${staff.authCalls.calls} calls in ${staff.authCalls.views} views)`,
    },
    ...conversationRows(staff.label, staff.conversation),
    ...companiesRows(staff.label, staff.companies),
    ...attentionRows(staff.label, clients, staff.attention),
    ...handInRows(staff.label, staff.handIns),
  ];
}

/** The console with each client one person, then three: each page's share of its figure before. */
function companiesRows(label, companies) {
  return [
    {
      area: "data",
      measure: `${label} · ${count(companies.members)} colleagues created, listed and joined to their clients' accounts`,
      value: ms(companies.seedMs),
    },
    ...companies.before.map((run) => ({
      area: "data",
      measure: `${run.label} @${run.connections}`,
      value: loadValue(run),
    })),
    ...companies.after.map((run) => {
      const before = companies.before.find((one) => one.path === run.path);
      const share = before ? run.requestsPerSecond / before.requestsPerSecond : undefined;
      return {
        area: "data",
        measure: `${run.label} @${run.connections}`,
        value: `${loadValue(run)}${share === undefined ? "" : ` · ${percent(share)} of one person each`}`,
      };
    }),
  ];
}

function attentionRows(label, clients, attention) {
  return [
    {
      area: "data",
      measure: `${label} · late sprints written among the ${clients} clients`,
      value:
        `${ms(attention.seedMs)} · ${count(attention.stuck)} stuck: ` +
        `${count(attention.overdueTasks)} overdue tasks, ${count(attention.timeUp)} sprints out of time`,
    },
    {
      area: "data",
      measure: `${label} · task facts rebuilt for every client (node build/data.js rebuild-facts)`,
      value: ms(attention.rebuildMs),
    },
    ...[attention.plain, ...attention.runs].filter(Boolean).map((run) => ({
      area: "data",
      measure: `${run.label} @${run.connections}, ${clients} clients`,
      value:
        run === attention.plain || !attention.plain
          ? loadValue(run)
          : `${loadValue(run)} · ${percent(run.requestsPerSecond / attention.plain.requestsPerSecond)} of the list before`,
    })),
  ];
}

function handInRows(label, handIns) {
  if (handIns.error) {
    const reason = handIns.error.split("\n").slice(0, 2).join(" ").slice(0, 300);
    return [{ area: "data", measure: `${label} · hand-ins`, value: `not measured: ${reason}` }];
  }
  return [
    ...handIns.runs.map((run) => ({
      area: "data",
      measure: `${run.label} @${run.connections}`,
      value: loadValue(run),
    })),
    ...transferRows(label, "to disk", handIns),
  ];
}

/** The most the app's memory may grow while a hand-in streams into a bucket (in 8 MiB parts). */
const BUCKET_UPLOAD_MEMORY = 64 * 1024 * 1024;

function bucketHandInRows(label, bucketHandIn) {
  const [upload, download] = transferRows(label, "to the S3 server (Swift)", bucketHandIn);
  const within = bucketHandIn.upload.grown < BUCKET_UPLOAD_MEMORY;
  return [{ ...upload, budget: "memory < 64 MB", status: within ? "pass" : "MISS" }, download];
}

/** A hand-in's upload `where` (its time and the app's peak memory growth), then its download. */
function transferRows(label, where, { megabytes, upload, download }) {
  const rate = (seconds) => `${(megabytes / seconds).toFixed(0)} MB/s`;
  return [
    {
      area: "data",
      measure: `${label} · a ${megabytes} MB hand-in through the app ${where}`,
      value:
        `${ms(upload.seconds * 1000)} (${rate(upload.seconds)})` +
        ` · server memory +${(upload.grown / 1024 / 1024).toFixed(1)} MB at its peak`,
    },
    {
      area: "data",
      measure: `${label} · its download through the app`,
      value: `${ms(download.seconds * 1000)} (${rate(download.seconds)})`,
    },
  ];
}

function conversationRows(label, conversation) {
  const { untilSeen, streams } = conversation;
  return [
    {
      area: "data",
      measure: `${label} · ${count(conversation.messages)} messages written among the clients`,
      value: ms(conversation.seedMs),
    },
    ...conversation.runs.map((run) => ({
      area: "data",
      measure: `${run.label} @${run.connections}`,
      value: loadValue(run),
    })),
    {
      area: "data",
      measure: `${label} · a client's message until staff's open thread shows it (${untilSeen.posted} posted at ${settings.messagesPerSecond} a second)`,
      value: `p50 ${ms(untilSeen.p50)} · p99 ${ms(untilSeen.p99)} · ${untilSeen.seen} of ${untilSeen.posted} seen`,
    },
    {
      area: "data",
      measure: `${label} · ${count(streams.count)} live streams open on one instance`,
      value:
        `memory +${(streams.grown / 1024 / 1024).toFixed(1)} MB` +
        ` (${(streams.grown / streams.count / 1024).toFixed(1)} KB a stream)` +
        ` · idle CPU ${(streams.idleCpu * 100).toFixed(1)}% of a core` +
        ` · all closed ${ms(streams.freedMs)} after the tabs`,
    },
  ];
}

function shapeRow(shape) {
  return {
    area: "data",
    measure: `${shape.path} HTML (signed in)`,
    value:
      `raw ${kb(shape.raw)} · ${count(shape.elements)} elements` +
      ` (${shape.svgs} inline SVG, ${shape.svgElements} elements in them)` +
      ` · class attributes ${kb(shape.classBytes)} · scripts ${kb(shape.scriptBytes)}`,
  };
}

/** Where a profiled page's main-thread CPU went, by area, busiest first. */
function profileRows(profile) {
  const rows = [...profile.areas].sort((a, b) => b.ms - a.ms);
  return rows.map((row) => ({
    area: "profile",
    measure: `${profile.path}: ${row.area}`,
    value: `${percent(row.share)} · ${ms(row.msPerRequest)}/request (${count(profile.requests)} requests)`,
  }));
}

/** The product data, engine next to engine under each measure. */
function productDataRows(results) {
  const data = results.productData;
  if (!data) return [];
  return [
    ...data.shapes.map(shapeRow),
    ...data.share.rows.map((row) => shareRow("data", data.share, row)),
    ...data.runs.map((run) => ({
      area: "data",
      measure: `${run.label} @${run.connections}`,
      value: loadValue(run),
    })),
    ...data.staff.flatMap(staffRows),
    ...bucketHandInRows("SQLite", data.bucketHandIn),
    ...data.readCost.map(readCostRow),
    ...(data.profiles ?? []).flatMap(profileRows),
  ];
}

/** The rows of the parts this run measured. */
export function tableRows(results) {
  const core = results.parts.includes("core")
    ? [
        ...serverRows(results),
        ...shareRows(results),
        ...authRows(results),
        ...clientRows(results),
        ...browserRows(results),
        ...lighthouseRows(results),
        ...startupRows(results),
      ]
    : [];
  return [
    ...machineRows(results),
    ...core,
    ...productDataRows(results),
    ...budgetRows(results),
  ].map((row) => ({ budget: "", status: "", ...row }));
}

const COLUMNS = [
  ["area", "Area"],
  ["measure", "Measure"],
  ["value", "Result"],
  ["budget", "Budget"],
  ["status", "Status"],
];

export function textTable(rows) {
  const widths = COLUMNS.map(([key, title]) =>
    Math.max(title.length, ...rows.map((row) => String(row[key]).length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" │ ");
  const rule = widths.map((width) => "─".repeat(width)).join("─┼─");
  const out = [line(COLUMNS.map(([, title]) => title)), rule];
  rows.forEach((row, i) => {
    if (i > 0 && rows[i - 1].area !== row.area) out.push(rule);
    out.push(line(COLUMNS.map(([key]) => row[key])));
  });
  return out.join("\n");
}

export function markdownTable(rows) {
  const escape = (cell) => String(cell).replaceAll("|", "\\|");
  return [
    `| ${COLUMNS.map(([, title]) => title).join(" | ")} |`,
    `| ${COLUMNS.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${COLUMNS.map(([key]) => escape(row[key])).join(" | ")} |`),
  ].join("\n");
}

function machineLine(machine) {
  return (
    `${machine.nproc} CPUs (${machine.cpu}), ${machine.memoryGiB} GiB RAM, Node ${machine.node}, ` +
    `${machine.chromium}; load average at start ${machine.loadAverageAtStart}`
  );
}

/**
 * Writes latest.json (everything) and latest.md (the table and the machine); a run of the product
 * data alone writes latest-product-data.*, leaving the last full run's files as they were.
 */
export function writeResults(results, rows) {
  mkdirSync(settings.resultsDir, { recursive: true });
  const name = results.parts.includes("core") ? "latest" : "latest-product-data";
  const json = join(settings.resultsDir, `${name}.json`);
  writeFileSync(json, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  const md = [
    `Run ${results.finishedAt} · ${machineLine(results.machine)}`,
    `Load: ${results.settings.durationSeconds} s per measurement, connections ${results.settings.connections.join(" and ")}.`,
    "",
    markdownTable(rows),
    "",
  ].join("\n");
  writeFileSync(join(settings.resultsDir, `${name}.md`), md);
  return { json, machine: machineLine(results.machine) };
}
