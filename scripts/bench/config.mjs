// Bench settings: paths, environment knobs (durations, connections, build folder, Chromium) and limits.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";

export const root = fileURLToPath(new URL("../..", import.meta.url));

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

function choice(name, allowed, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!allowed.includes(raw)) throw new Error(`${name} must be one of ${allowed.join(", ")}`);
  return raw;
}

function numberList(name, fallback) {
  const raw = process.env[name];
  if (!raw) return fallback;
  return raw.split(",").map((part) => {
    const value = Number(part.trim());
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}: bad entry "${part}"`);
    return value;
  });
}

/** A comma list whose entries are each one of `allowed`. */
function choiceList(name, allowed) {
  const raw = process.env[name];
  if (!raw) return allowed;
  return raw.split(",").map((part) => {
    const value = part.trim();
    if (!allowed.includes(value)) throw new Error(`${name}: "${value}" is none of ${allowed}`);
    return value;
  });
}

export const settings = {
  /** The production build to measure (main.js, server/, client/). */
  buildDir: resolve(root, process.env.BENCH_BUILD_DIR || "build"),
  /** Seconds of load per server measurement, and of warm-up per endpoint. */
  durationSeconds: positiveNumber("BENCH_DURATION", 10),
  warmupSeconds: positiveNumber("BENCH_WARMUP", 2),
  connections: numberList("BENCH_CONNECTIONS", [10, 50]),
  /** The session-check comparison: alternating slices per variant, and seconds per slice. */
  slices: positiveNumber("BENCH_SLICES", 4),
  sliceSeconds: positiveNumber("BENCH_SLICE_SECONDS", 4),
  /** The bare-page comparison: rounds of slices, seconds per slice, connections. */
  shareSlices: positiveNumber("BENCH_SHARE_SLICES", 4),
  shareSliceSeconds: positiveNumber("BENCH_SHARE_SLICE_SECONDS", 6),
  shareConnections: positiveNumber("BENCH_SHARE_CONNECTIONS", 10),
  signIns: positiveNumber("BENCH_SIGN_INS", 20),
  coldStarts: positiveNumber("BENCH_COLD_STARTS", 3),
  /** Sequential signed-in page views for the auth-call count (beyond those under load). */
  steadyViews: positiveNumber("BENCH_STEADY_VIEWS", 100),
  lighthouse: process.env.BENCH_LIGHTHOUSE !== "0",
  /** Lighthouse runs for `/` (other pages: one); the median by performance score is reported. */
  lighthouseRuns: positiveNumber("BENCH_LIGHTHOUSE_RUNS", 3),
  chromePath: process.env.CHROME_PATH || CHROMIUM_PATH,
  /** The auth server's bcrypt cost, as AUTH_BCRYPT_COST; passed on to the app too. */
  bcryptCost: positiveNumber("AUTH_BCRYPT_COST", 10),
  /**
   * The product-data part (product-data.mjs): "1" after the rest, "0" skipped, "only" alone. Its
   * engines, the clients the staff list is measured at (and its connections), and the in-process
   * reads timed.
   */
  productData: choice("BENCH_PRODUCT_DATA", ["0", "1", "only"], "1"),
  engines: choiceList("BENCH_ENGINES", ["sqlite", "postgres"]),
  staffClients: positiveNumber("BENCH_STAFF_CLIENTS", 10_000),
  staffConnections: positiveNumber("BENCH_STAFF_CONNECTIONS", 10),
  /** Messages written among the staff list's clients before the conversation is measured. */
  staffMessages: positiveNumber("BENCH_STAFF_MESSAGES", 1_000_000),
  /** Messages a second a client posts while the time until staff see each is measured. */
  messagesPerSecond: positiveNumber("BENCH_MESSAGES_PER_SECOND", 10),
  /** Live streams held open on one instance while its memory and idle CPU are read. */
  liveStreams: positiveNumber("BENCH_LIVE_STREAMS", 1_000),
  readCostViews: positiveNumber("BENCH_READ_COST_VIEWS", 5_000),
  /** Seconds of load while /dashboard is profiled. */
  profileSeconds: positiveNumber("BENCH_PROFILE_SECONDS", 10),
  /** Hard stop for the whole run: anything slower is a hang, reported as a crash. */
  timeoutMinutes: positiveNumber("BENCH_TIMEOUT_MINUTES", 60),
  resultsDir: join(root, "bench-results"),
};

export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
