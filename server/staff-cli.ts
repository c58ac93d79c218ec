// The staff command (built as build/staff.js; `npm run staff -- grant|revoke <email>`): makes a user
// staff (app_metadata.role "staff") or a client again through the auth service's admin API, on the
// embedded auth server of a running portal or on hosted Supabase (SUPABASE_URL + its service key).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serviceRoleKeyFor } from "@portal/auth-server";
import { ConfigError, parseAuthAdminEnv, type AuthAdminEnv } from "../app/lib/env.server";
import { STAFF_ROLE } from "../app/lib/roles";
import { embeddedAuthEnv } from "./embedded-auth";

const USAGE =
  "usage: npm run staff -- grant <email> | revoke <email>  (in the container: node build/staff.js grant <email>)";

/** Users per page when looking an address up; a filter on a whole address rarely needs a second. */
const PER_PAGE = 100;
/** No listing is followed further than this, whatever the service answers. */
const MAX_PAGES = 1000;
/** How long one call to the auth service may take. */
const CALL_TIMEOUT_MS = 10_000;

/** A failure the command reports in one line, exiting 1. */
class CommandFailed extends Error {}

/** Where the admin API is and the key it takes. */
interface AuthAdmin {
  url: string;
  serviceRoleKey: string;
  /** Added to "is not answering": what to check. */
  hint: string;
}

/** A wildcard listening address is reached through loopback (the embedded server's Host check). */
function reachableHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::" || host === "[::]") return "[::1]";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

function authAdmin(env: AuthAdminEnv): AuthAdmin {
  if (env.SUPABASE_URL) {
    return {
      url: env.SUPABASE_URL.replace(/\/+$/, ""),
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? "",
      hint: "",
    };
  }
  const serviceRoleKey = serviceRoleKeyFor(embeddedAuthEnv(env));
  if (!serviceRoleKey) {
    throw new CommandFailed(
      `no service_role key yet: ${join(env.AUTH_DATA_DIR, "api-keys.json")} is written when the portal first starts`,
    );
  }
  return {
    url: `http://${reachableHost(env.EMBEDDED_AUTH_HOST)}:${env.EMBEDDED_AUTH_PORT}`,
    serviceRoleKey,
    hint: " (is the portal running?)",
  };
}

/**
 * One call to the admin API with the service_role key (as supabase-js sends it), answered as JSON;
 * an unreachable service is "not answering", any answer but 200 a one-line refusal.
 */
async function callAdmin<T>(admin: AuthAdmin, path: string, init: RequestInit = {}) {
  let response: Response;
  try {
    response = await fetch(`${admin.url}/auth/v1${path}`, {
      ...init,
      headers: {
        apikey: admin.serviceRoleKey,
        Authorization: `Bearer ${admin.serviceRoleKey}`,
        "Content-Type": "application/json",
        "X-Supabase-Api-Version": "2024-01-01",
      },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    throw new CommandFailed(`the auth service at ${admin.url} is not answering${admin.hint}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = [body.message, body.msg].find((value) => typeof value === "string");
    throw new CommandFailed(
      `the auth service at ${admin.url} answered ${response.status}${message ? `: ${String(message)}` : ""}`,
    );
  }
  return { body: body as T, headers: response.headers };
}

/**
 * The user with this address: GET /admin/users?filter= (GoTrue matches the address with a
 * case-sensitive LIKE, and stores it in lower case), then an exact match, page by page.
 */
async function findUser(admin: AuthAdmin, email: string): Promise<{ id: string; email: string }> {
  const wanted = email.toLowerCase();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({
      filter: wanted,
      page: String(page),
      per_page: String(PER_PAGE),
    });
    const { body, headers } = await callAdmin<{ users?: { id: string; email?: string }[] }>(
      admin,
      `/admin/users?${query.toString()}`,
    );
    const users = body.users ?? [];
    const match = users.find((user) => user.email?.toLowerCase() === wanted);
    if (match) return { id: match.id, email: match.email ?? wanted };
    const total = Number(headers.get("x-total-count"));
    if (users.length < PER_PAGE || page * PER_PAGE >= total) break;
  }
  throw new CommandFailed(`no user with the e-mail ${email}`);
}

/**
 * PUT /admin/users/{id} with app_metadata.role "staff", or null to grant nothing: GoTrue (and the
 * embedded server) delete an app_metadata key set to null, so a former staff member has no role.
 */
async function setStaff(admin: AuthAdmin, userId: string, staff: boolean): Promise<void> {
  await callAdmin(admin, `/admin/users/${encodeURIComponent(userId)}`, {
    method: "PUT",
    body: JSON.stringify({ app_metadata: { role: staff ? STAFF_ROLE : null } }),
  });
}

const isEmail = (value: string) => /^[^@\s]+@[^@\s]+$/.test(value);

/** Runs the command; resolves with the exit code (0 done, 1 failed, 2 usage). */
async function main(args: string[]): Promise<number> {
  const [command, email, ...extra] = args;
  if ((command !== "grant" && command !== "revoke") || !email || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!isEmail(email)) {
    console.error(`${email} is not an e-mail address\n${USAGE}`);
    return 2;
  }
  try {
    const admin = authAdmin(parseAuthAdminEnv(process.env));
    const user = await findUser(admin, email);
    await setStaff(admin, user.id, command === "grant");
    console.log(
      command === "grant"
        ? `granted staff to ${user.email}`
        : `${user.email} is not staff any more`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CommandFailed || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

// `npm run staff` and `node build/staff.js` read .env like `npm start` (the environment wins).
const envFile = fileURLToPath(new URL("../.env", import.meta.url));
if (existsSync(envFile)) process.loadEnvFile(envFile);

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
