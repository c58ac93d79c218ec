// Each client's programme through the routes, as Remix calls them, on both engines: a new client
// sees the first figures and nothing is written until needed; a tick is stored and shown; the
// countdown starts once; forged, foreign and hostile input changes nothing; clients stay apart.
import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { sql } from "kysely";
import { database, inTransaction } from "~/data/connection.server";
import { readAuditTrail } from "~/data/events.server";
import type { ProductDatabase } from "~/data/schema";
import type * as Dashboard from "~/routes/dashboard";
import type * as SprintRoute from "~/routes/dashboard.$sprint";
import type * as Landing from "~/routes/_landing";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import { recordHandIn } from "~/data/hand-ins.server";
import {
  ENGINES,
  freshDatabase,
  stopEngines,
  storedClientState,
  storeSprintStatus,
} from "../support/engines";
import {
  adminCreateUser,
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  PASSWORD,
  settle,
  startTestAuthServer,
  uniqueEmail,
} from "../support/harness";
import { accountIdOf } from "../support/accounts";

afterAll(stopEngines);

const PRODUCT_TABLES: (keyof ProductDatabase)[] = [
  "clients",
  "sprint_states",
  "task_states",
  "objective_states",
  "audit_events",
  "session_revocations",
  "jobs",
];

const context = (): AppLoadContext => ({ clientIp: "203.0.113.20" });

describe.each(ENGINES)("the client's programme on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    landing: typeof Landing;
    dashboard: typeof Dashboard;
    sprint: typeof SprintRoute;
    signIn: typeof SignInRoute;
  };

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startTestAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      landing: await import("~/routes/_landing"),
      dashboard: await import("~/routes/dashboard"),
      sprint: await import("~/routes/dashboard.$sprint"),
      signIn: await import("~/routes/_landing._auth.sign-in"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  async function client() {
    const email = uniqueEmail(`programme-${engine}`);
    await adminCreateUser(auth, email);
    const response = asResponse(
      await routes.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    const cookie = cookieHeaderFrom(response.headers);
    const { user } = await (
      await import("~/session/guards.server")
    ).requireUser(get("/dashboard", cookie), context());
    // The client's record: the account their sign-in gave them.
    return { email, cookie, id: await accountIdOf(user.id) };
  }

  const sprintPage = async (cookie: string, segment: string, headers: HeadersInit = {}) => {
    const request = get(`/dashboard/${segment}`, cookie);
    for (const [name, value] of new Headers(headers)) request.headers.set(name, value);
    return routes.sprint.loader({ request, context: context(), params: { sprint: segment } });
  };

  const tick = (cookie: string, segment: string, fields: Record<string, string>) =>
    settle(() =>
      routes.sprint.action({
        request: formPost(`/dashboard/${segment}`, fields, cookie),
        context: context(),
        params: { sprint: segment },
      }),
    );

  /** A trigger that refuses every new audit line (or drops it again). */
  async function refuseAuditLines(refuse: boolean) {
    await inTransaction(async (trx) => {
      if (engine === "sqlite") {
        await sql`drop trigger if exists refuse_audit`.execute(trx);
        if (refuse) {
          await sql`create trigger refuse_audit before insert on audit_events
            begin select raise(abort, 'audit lines refused'); end`.execute(trx);
        }
        return;
      }
      await sql`drop trigger if exists refuse_audit on audit_events`.execute(trx);
      if (refuse) {
        await sql`create or replace function refuse_audit() returns trigger language plpgsql
          as $$ begin raise exception 'audit lines refused'; end $$`.execute(trx);
        await sql`create trigger refuse_audit before insert on audit_events
          for each row execute function refuse_audit()`.execute(trx);
      }
    });
  }

  /** Rows in `tables` (every product table by default). */
  async function storedRows(tables: (keyof ProductDatabase)[] = PRODUCT_TABLES) {
    const db = await database();
    let total = 0;
    for (const table of tables) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      total += Number(count);
    }
    return total;
  }

  it("shows a new client the spec's programme, writing nothing until a sprint is opened", async () => {
    const before = await storedRows();
    await settle(() =>
      routes.landing.loader({ request: get("/"), context: context(), params: {} }),
    );
    expect(await storedRows()).toBe(before);
    const { cookie, id } = await client();
    // Signing in records the client in the staff's directory; their programme has no rows yet.
    const programmeRows = () => storedRows(["sprint_states", "task_states", "objective_states"]);
    const beforeViews = await programmeRows();
    const layout = await routes.dashboard.loader({
      request: get("/dashboard", cookie),
      context: context(),
      params: {},
    });
    expect(layout.programme).toMatchObject({
      overallProgress: 25,
      current: "Sprint 1 in progress",
      timeRemaining: "8 weeks",
    });
    expect(await programmeRows()).toBe(beforeViews);
    const page = await sprintPage(cookie, "sprint-1");
    expect(page.badges).toEqual(["2 weeks", "65% Complete"]);
    expect(page.tasks.map((task) => task.status)).toEqual([
      "completed",
      "pending",
      "pending",
      "pending",
      "pending",
    ]);
    const started = (await storedClientState(id)).sprints.get(1)?.startedAt;
    expect(started).toBeTypeOf("number");
    expect(await programmeRows()).toBe(beforeViews + 1);
    // A second visit keeps the first start: every device counts down to the same moment.
    expect((await sprintPage(cookie, "sprint-1")).countdown?.endsAt).toBe(page.countdown?.endsAt);
  });

  it("records no start for a prefetch, nor for a locked sprint", async () => {
    const { cookie, id } = await client();
    await sprintPage(cookie, "sprint-2", { "Sec-Purpose": "prefetch" });
    await sprintPage(cookie, "sprint-3");
    expect((await storedClientState(id)).sprints.size).toBe(0);
  });

  it("stores a tick, answers with the page that shows it, and a repeat changes nothing more", async () => {
    const { cookie, id } = await client();
    for (let i = 0; i < 2; i++) {
      const answer = asResponse(
        await tick(cookie, "sprint-1", { taskId: "icp-builder", status: "completed" }),
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/dashboard/sprint-1#task-icp-builder");
    }
    expect((await storedClientState(id)).tasks).toEqual(new Map([["icp-builder", "completed"]]));
    const page = await sprintPage(cookie, "sprint-1");
    expect(page.tasks.find((task) => task.id === "icp-builder")?.status).toBe("completed");
    const layout = await routes.dashboard.loader({
      request: get("/dashboard", cookie),
      context: context(),
      params: {},
    });
    expect(layout.programme.sprints[0]?.tasks).toEqual({ completed: 2, total: 5 });
  });

  it("writes a tick's line in the audit trail, under the client, in the tick's own transaction", async () => {
    const { cookie, id, email } = await client();
    await tick(cookie, "sprint-1", { taskId: "messaging-mastery", status: "completed" });
    await tick(cookie, "sprint-1", { taskId: "messaging-mastery", status: "completed" });
    const { entries: trail } = await readAuditTrail(await database(), id);
    // A repeat changes nothing, and writes nothing.
    expect(trail.map((entry) => [entry.field, entry.before, entry.after, entry.actorRole])).toEqual(
      [["Sprint 1 task: Messaging Mastery", "Pending", "Completed", "client"]],
    );
    expect(trail[0]?.actorEmail).toBe(email);

    // When the audit line cannot be written, the tick is not stored either.
    await refuseAuditLines(true);
    try {
      await settle(() =>
        tick(cookie, "sprint-1", { taskId: "pricing-strategist", status: "completed" }),
      );
    } finally {
      await refuseAuditLines(false);
    }
    expect((await storedClientState(id)).tasks.get("pricing-strategist")).toBeUndefined();
    expect((await readAuditTrail(await database(), id)).entries).toHaveLength(1);
  });

  it("lets a stale tab ask only for the state it shows: no silent undo, and its answer shows what is stored", async () => {
    const { cookie, id } = await client();
    // Both tabs showed 'Mark Done'; the newer one ticked the task first.
    await tick(cookie, "sprint-1", { taskId: "vsl-alchemist", status: "completed" });
    const stale = asResponse(
      await tick(cookie, "sprint-1", { taskId: "vsl-alchemist", status: "completed" }),
    );
    expect(stale.status).toBe(302);
    expect((await storedClientState(id)).tasks.get("vsl-alchemist")).toBe("completed");
    const shown = await sprintPage(cookie, "sprint-1");
    expect(shown.tasks.find((task) => task.id === "vsl-alchemist")?.status).toBe("completed");
    // Undoing takes a post that asks for it: the page's 'Done' button. Its toast offers the way
    // back, on the page it lands on, while the task is still not done.
    const undone = asResponse(
      await tick(cookie, "sprint-1", { taskId: "vsl-alchemist", status: "pending" }),
    );
    expect((await storedClientState(id)).tasks.get("vsl-alchemist")).toBe("pending");
    expect(undone.headers.get("Location")).toBe(
      "/dashboard/sprint-1?undone=vsl-alchemist#task-vsl-alchemist",
    );
    expect(undone.headers.get("X-Remix-Replace")).toBe("true");
    expect(undone.headers.get("Set-Cookie")).toMatch(/^toast=/);
    const landed = await routes.sprint.loader({
      request: get("/dashboard/sprint-1?undone=vsl-alchemist", cookie),
      context: context(),
      params: { sprint: "sprint-1" },
    });
    expect(landed.toastAction).toEqual({
      label: "Undo",
      action: "/dashboard/sprint-1",
      fields: { taskId: "vsl-alchemist", status: "completed" },
    });
    expect((await sprintPage(cookie, "sprint-1")).toastAction).toBeNull();
    await tick(cookie, "sprint-1", { taskId: "vsl-alchemist", status: "completed" });
    const again = await routes.sprint.loader({
      request: get("/dashboard/sprint-1?undone=vsl-alchemist", cookie),
      context: context(),
      params: { sprint: "sprint-1" },
    });
    expect(again.toastAction).toBeNull();
  });

  it("refuses forged, hostile and locked ticks with a 4xx, changing nothing", async () => {
    const { cookie, id } = await client();
    const refusals: Array<[string, Record<string, string>, number]> = [
      ["sprint-1", { taskId: "landing-page-buildout", status: "completed" }, 404],
      ["sprint-1", { taskId: "no-such-task", status: "completed" }, 404],
      ["sprint-1", { taskId: "icp-builder", status: "in-progress" }, 400],
      ["sprint-1", { taskId: "icp-builder", status: "done" }, 400],
      ["sprint-1", { taskId: "x".repeat(60_000), status: "completed" }, 400],
      ["sprint-1", { taskId: "icp-builder<script>", status: "completed" }, 400],
      ["sprint-1", {}, 400],
      ["sprint-3", { taskId: "icp-builder", status: "completed" }, 403],
    ];
    for (const [segment, fields, status] of refusals) {
      const answer = await tick(cookie, segment, fields);
      const result = asData<{ toast: { title: string } }>(answer);
      expect(result.init?.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(result.data.toast.title).toBeTruthy();
    }
    const unknownSprint = asData(
      await tick(cookie, "sprint-9", { taskId: "icp-builder", status: "completed" }),
    );
    expect(unknownSprint.init?.status).toBe(404);
    expect((await storedClientState(id)).tasks.size).toBe(0);
  });

  it("lets the client tick only their own tasks with no hand-in waiting or required", async () => {
    const { cookie, id } = await client();
    const refusedWith = async (segment: string, taskId: string) => {
      const answer = asData<{ toast: { title: string } }>(
        await tick(cookie, segment, { taskId, status: "completed" }),
      );
      return [answer.init?.status, answer.data.toast.title];
    };
    // A hand-in waiting for review: the toggle gives way until staff decide.
    await inTransaction((trx) =>
      recordHandIn(trx, {
        clientId: id,
        taskId: "icp-builder",
        link: "https://docs.client.test/icp",
        note: "",
        submittedByEmail: "client@client.test",
        at: Date.now(),
      }),
    );
    expect(await refusedWith("sprint-1", "icp-builder")).toEqual([409, "Already in Review"]);
    // Sprint 3, open once 1 and 2 are done: a task done by an approved hand-in, and the agency's.
    for (const sprintId of [1, 2]) await storeSprintStatus(id, sprintId, "completed");
    expect(await refusedWith("sprint-3", "crm-and-calendar")).toEqual([409, "Hand It In"]);
    expect(await refusedWith("sprint-3", "funnel-review")).toEqual([409, "The Agency's Task"]);
    const tasks = (await storedClientState(id)).tasks;
    expect([
      tasks.get("icp-builder"),
      tasks.get("crm-and-calendar"),
      tasks.get("funnel-review"),
    ]).toEqual([undefined, undefined, undefined]);
    // The client's own task without a required hand-in keeps its toggle.
    expect(
      asResponse(
        await tick(cookie, "sprint-3", { taskId: "account-security", status: "completed" }),
      ).status,
    ).toBe(302);
  });

  it("keeps clients apart: a tick changes only the signed-in client's record, whatever the form says", async () => {
    const one = await client();
    const two = await client();
    await tick(one.cookie, "sprint-1", {
      taskId: "pricing-strategist",
      status: "completed",
      userId: two.id,
      user_id: two.id,
    });
    expect((await storedClientState(one.id)).tasks.get("pricing-strategist")).toBe("completed");
    expect((await storedClientState(two.id)).tasks.size).toBe(0);
    const page = await sprintPage(two.cookie, "sprint-1");
    expect(page.tasks.find((task) => task.id === "pricing-strategist")?.status).toBe("pending");
    const visitor = asResponse(
      await tick("", "sprint-1", { taskId: "icp-builder", status: "completed" }),
    );
    // A post has no page to return to.
    expect(visitor.headers.get("Location")).toBe("/");
    expect((await storedClientState(randomUUID())).tasks.size).toBe(0);
  });
});
