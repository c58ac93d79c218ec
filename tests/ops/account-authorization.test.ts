// Authorization by client account on the built server, both engines: two companies of two people
// each; every client page and its data answer shows a person their own company's work and people,
// never the other's; a person removed is refused on every one of them.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOnAppDatabase, type AppDatabase } from "../support/app-database";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Account-Authorization-2026!";

/** Every page a client's person opens, each also asked for as data. */
const PATHS = [
  "/dashboard",
  "/dashboard/sprint-1",
  "/dashboard/sprint-1/tasks/icp-builder",
  "/dashboard/messages",
  "/dashboard/files",
  "/dashboard/team",
  "/dashboard/account",
];

async function answer(app: RunningProcess, path: string, cookie: string) {
  const response = await fetch(`${app.url}${path}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, text: (await response.text()).replaceAll("<!-- -->", "") };
}

type Person = { id: string; email: string; cookie: string };

describe.each(["sqlite", "postgres"] as const)("authorization by account (%s)", (engine) => {
  let auth: RunningProcess;
  let app: RunningProcess;
  let data: AppDatabase;
  let staff: Person;
  const companies: Record<"north" | "south", { people: Person[]; says: string }> = {
    north: { people: [], says: "North's launch date is the 14th" },
    south: { people: [], says: "South's budget is twelve thousand" },
  };

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    data = {
      dataDir: mkdtempSync(join(tmpdir(), "portal-accounts-")),
      databaseUrl: engine === "postgres" ? freshPostgres().url : undefined,
    };
    app = await startAppProcess(freePort(), auth.url, {
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      DATA_DIR: data.dataDir,
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
    });
    staff = await signedInPerson(app, auth.url, "accounts-staff", PASSWORD, true);
    for (const [name, company] of Object.entries(companies)) {
      const [first, second] = [
        await signedInPerson(app, auth.url, `${name}-first`, PASSWORD),
        await signedInPerson(app, auth.url, `${name}-second`, PASSWORD),
      ] as [Person, Person];
      company.people.push(first, second);
      // The second joined the first's account, as accepting staff's invitation leaves them.
      for (const person of [first, second]) {
        await runOnAppDatabase(
          data,
          `insert into clients (user_id, email, auth_state, is_staff, account_id, created_at, updated_at)
           values ('${person.id}', '${person.email}', 'confirmed', 0, '${first.id}', 1, 1)
           on conflict (user_id) do update set account_id = excluded.account_id,
             email = excluded.email, auth_state = excluded.auth_state`,
        );
      }
      // The second writes in the company's thread and ticks a task of its programme.
      const cookie = { Cookie: second.cookie };
      expect(
        (await postForm(app, "/dashboard/messages", { body: company.says }, cookie)).status,
      ).toBe(302);
      const tick = { taskId: "icp-builder", status: "completed" };
      expect((await postForm(app, "/dashboard/sprint-1", tick, cookie)).status).toBe(302);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("shows each person their company's work and people on every page and data answer, never the other's", async () => {
    for (const [name, company] of Object.entries(companies)) {
      const other = name === "north" ? companies.south : companies.north;
      for (const person of company.people) {
        for (const path of PATHS.flatMap((path) => [path, `${path}.data`])) {
          const { status, text } = await answer(app, path, person.cookie);
          expect(status, `${path} for ${person.email}`).toBe(200);
          expect(text, `${path} shows the other company's words`).not.toContain(other.says);
          for (const stranger of other.people) {
            expect(text, `${path} names ${stranger.email}`).not.toContain(stranger.email);
          }
        }
        // Their own company's: the message, the tick, both people on the Team page.
        const thread = await answer(app, "/dashboard/messages.data", person.cookie);
        expect(thread.text).toContain(company.says);
        const sprint = await answer(app, "/dashboard/sprint-1", person.cookie);
        expect(sprint.text).toContain('aria-label="Done: ICP Builder (press to mark it not done)"');
        const team = await answer(app, "/dashboard/team", person.cookie);
        for (const colleague of company.people) expect(team.text).toContain(colleague.email);
      }
    }
  });

  it("refuses a person staff removed on every page and data answer, and keeps their company's work", async () => {
    const [first, second] = companies.north.people as [Person, Person];
    const removed = await postForm(
      app,
      `/staff/clients/${first.id}/people`,
      { intent: "remove-person", personId: second.id },
      { Cookie: staff.cookie },
    );
    expect(removed.status).toBe(302);
    for (const path of PATHS.flatMap((path) => [path, `${path}.data`])) {
      const { status, text } = await answer(app, path, second.cookie);
      expect(status, path).toBe(403);
      expect(text).not.toContain(companies.north.says);
    }
    const posted = await postForm(
      app,
      "/dashboard/messages",
      { body: "Still here?" },
      { Cookie: second.cookie },
    );
    expect(posted.status).toBe(403);
    // Their message stays in the company's thread.
    const thread = await answer(app, "/dashboard/messages.data", first.cookie);
    expect(thread.text).toContain(companies.north.says);
    expect(thread.text).not.toContain("Still here?");
  });
});
