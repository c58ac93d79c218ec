// The staff console's client list at `settings.staffClients` clients (made by the admin API, no
// password to hash): the first GET /staff, which syncs the whole directory, timed alone; then page
// 1 and a search; and the auth-service calls each view makes counted (decision 034).
import { sequentialAuthCalls } from "./auth-calls.mjs";
import { settings } from "./config.mjs";
import { measureEndpoints } from "./server-load.mjs";
import { createConfirmedUser, expect200, signIn } from "./session.mjs";

/** Admin calls in flight at once while creating the clients. */
const CREATE_CONCURRENCY = 20;
/** The clients' addresses: client-00000@… on; the search matches the hundred of client-001xx. */
const clientEmail = (i) => `client-${String(i).padStart(5, "0")}@bench.example.test`;
const SEARCH = "client-001";
/** Sequential views (page 1 and the search in turn) for the count of auth-service calls per view. */
const STAFF_VIEWS = 20;

/** Runs `task(i)` for i in 0..count-1, `concurrency` at a time. */
async function inPool(count, concurrency, task) {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

/** The list's total as the page says it ("Showing 1–50 of 10001, …"). */
function listedTotal(html) {
  const match = /Showing \d+–\d+ of (\d+),/.exec(html);
  return match ? Number(match[1]) : undefined;
}

/**
 * `engine` is `{ name, app }`: an app of its own, so its directory holds only these clients;
 * `label` names the engine in the rows.
 */
export async function measureStaffList({ name, app }, label) {
  const started = performance.now();
  await inPool(settings.staffClients, CREATE_CONCURRENCY, (i) =>
    createConfirmedUser(app.authUrl, clientEmail(i), { password: null }),
  );
  const createMs = performance.now() - started;

  const staffEmail = `staff-${Date.now()}@bench.example.test`;
  await createConfirmedUser(app.authUrl, staffEmail, { appMetadata: { role: "staff" } });
  const { cookie } = await signIn(app.url, staffEmail);

  const firstStarted = performance.now();
  const html = await expect200(`${app.url}/staff`, cookie);
  const firstViewMs = performance.now() - firstStarted;
  const total = listedTotal(html);
  if (total === undefined || total < settings.staffClients)
    throw new Error(`${name}: /staff lists ${total} clients after its first view`);

  const searchPath = `/staff?q=${SEARCH}`;
  const matches = listedTotal(await expect200(`${app.url}${searchPath}`, cookie)) ?? 0;

  const endpoints = [
    { key: "staff", label: `${label} · GET /staff (page 1)`, target: app, path: "/staff", cookie },
    {
      key: "staff-search",
      label: `${label} · GET ${searchPath} (${matches} matches)`,
      target: app,
      path: searchPath,
      cookie,
    },
  ];
  const runs = await measureEndpoints(endpoints, { connections: [settings.staffConnections] });
  const auth = await sequentialAuthCalls(app, cookie, ["/staff", searchPath], STAFF_VIEWS);
  const authCallsPerView = auth.views > 0 ? auth.calls / auth.views : undefined;
  return {
    label,
    clients: settings.staffClients,
    listed: total,
    createMs,
    firstViewMs,
    runs,
    authCallsPerView,
    authCalls: auth,
  };
}
