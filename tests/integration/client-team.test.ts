// A client account's team through the routes, on both engines: staff name the company, choose its
// primary contact and allow colleague invitations; only that person then invites and removes on
// the Team page; a person's own name and the company name them to staff; a task given to one person.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { joinAccount } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import type * as AccountRoute from "~/routes/dashboard.account";
import type * as Dashboard from "~/routes/dashboard";
import type * as MessagesRoute from "~/routes/dashboard.messages";
import type * as PeopleRoute from "~/routes/staff.clients.$clientId_.people";
import type * as StaffMessagesRoute from "~/routes/staff.clients.$clientId_.messages";
import type * as StaffIndex from "~/routes/staff._index";
import type * as ClientRoute from "~/routes/staff.clients.$clientId";
import type * as HomeRoute from "~/routes/dashboard._index";
import type * as SprintRoute from "~/routes/dashboard.$sprint";
import type * as TaskRoute from "~/routes/dashboard.$sprint_.tasks.$taskId";
import type * as StaffTaskRoute from "~/routes/staff.clients.$clientId_.tasks.$taskId";
import type * as TeamRoute from "~/routes/dashboard.team";
import { ENGINES, freshDatabase, stopEngines, storeSprintStatus } from "../support/engines";
import {
  appEnv,
  asData,
  asResponse,
  formPost,
  get,
  settle,
  signedInUser,
  startAdminAuthServer,
  toastOf,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.41" });

describe.each(ENGINES)("a client's team on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    account: typeof AccountRoute;
    dashboard: typeof Dashboard;
    messages: typeof MessagesRoute;
    people: typeof PeopleRoute;
    staffMessages: typeof StaffMessagesRoute;
    team: typeof TeamRoute;
    list: typeof StaffIndex;
    sprint: typeof SprintRoute;
    task: typeof TaskRoute;
    staffTask: typeof StaffTaskRoute;
    client: typeof ClientRoute;
    home: typeof HomeRoute;
  };

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      account: await import("~/routes/dashboard.account"),
      dashboard: await import("~/routes/dashboard"),
      messages: await import("~/routes/dashboard.messages"),
      people: await import("~/routes/staff.clients.$clientId_.people"),
      staffMessages: await import("~/routes/staff.clients.$clientId_.messages"),
      team: await import("~/routes/dashboard.team"),
      list: await import("~/routes/staff._index"),
      sprint: await import("~/routes/dashboard.$sprint"),
      task: await import("~/routes/dashboard.$sprint_.tasks.$taskId"),
      staffTask: await import("~/routes/staff.clients.$clientId_.tasks.$taskId"),
      client: await import("~/routes/staff.clients.$clientId"),
      home: await import("~/routes/dashboard._index"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  /** Each sign-in from an address of its own: the per-IP limit is not what these tests are about. */
  let signIns = 0;
  const person = (label: string, extra: Record<string, unknown> = {}) =>
    signedInUser(auth, uniqueEmail(`${label}-${engine}`), {
      extra,
      clientIp: `198.51.100.${(signIns += 1)}`,
    });

  const join = (colleague: { id: string }, account: { accountId: string }) =>
    inTransaction((trx) => joinAccount(trx, colleague.id, account.accountId));

  const team = (cookie: string) =>
    routes.team.loader({ request: get("/dashboard/team", cookie), context: context(), params: {} });

  const teamPost = (cookie: string, fields: Record<string, string>) =>
    settle(() =>
      routes.team.action({
        request: formPost("/dashboard/team", fields, cookie),
        context: context(),
        params: {},
      }),
    );

  it("lets only the primary contact invite and remove colleagues, once staff allow it", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const dana = await person("dana");
    const sam = await person("sam");
    const lee = await person("lee");
    await join(sam, dana);
    await join(lee, dana);
    const peoplePost = (fields: Record<string, string>) =>
      settle(() =>
        routes.people.action({
          request: formPost(`/staff/clients/${dana.accountId}/people`, fields, staff.cookie),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      );

    // Staff see when each person was last active: Sam opened the dashboard, Lee never did.
    await routes.home.loader({
      request: get("/dashboard", sam.cookie),
      context: context(),
      params: {},
    });
    const before = await routes.people.loader({
      request: get(`/staff/clients/${dana.accountId}/people`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(before.people.map((one) => [one.email, one.lastSeenAt !== null])).toEqual([
      [dana.email, false],
      [sam.email, true],
      [lee.email, false],
    ]);

    // Everyone reads the same team; the first person is its primary contact; no one manages it.
    for (const { cookie } of [dana, sam]) {
      const read = await team(cookie);
      expect(read.manages).toBe(false);
      expect(read.people.map((one) => [one.email, one.primary])).toEqual([
        [dana.email, true],
        [sam.email, false],
        [lee.email, false],
      ]);
    }
    const newcomer = uniqueEmail(`newcomer-${engine}`);
    const refused = asData(await teamPost(dana.cookie, { intent: "invite", email: newcomer }));
    expect(refused.init?.status).toBe(403);

    // Staff name the company and turn the switch on: one trail line each.
    const settings = {
      intent: "account-settings",
      accountName: " Northwind ",
      colleaguesMayInvite: "on",
    };
    expect(asResponse(await peoplePost(settings)).status).toBe(302);
    const db = await database();
    const lines = await db
      .selectFrom("audit_events")
      .select(["field", "before_value", "after_value"])
      .where("client_id", "=", dana.accountId)
      .orderBy("id")
      .execute();
    expect(lines.slice(-2)).toEqual([
      { field: "Company name", before_value: "not given", after_value: "Northwind" },
      { field: "Colleagues may invite colleagues", before_value: "Off", after_value: "On" },
    ]);
    // Saved again unchanged: nothing more.
    expect((await toastOf(asResponse(await peoplePost(settings))))?.title).toBe("No Changes");
    expect((await team(sam.cookie)).company).toBe("Northwind");
    expect((await team(sam.cookie)).manages).toBe(false);
    expect((await team(dana.cookie)).manages).toBe(true);

    // The zone ending the account's due days: staff choose one, an unknown one is refused by its
    // field, and "" gives it back to the primary contact's.
    const zoned = { ...settings, accountName: "Northwind" };
    const unknownZone = asData(await peoplePost({ ...zoned, dueTimeZone: "Mars/Olympus" }));
    expect(unknownZone.init?.status).toBe(400);
    expect(unknownZone.data).toMatchObject({ errors: { dueTimeZone: expect.any(String) } });
    expect(asResponse(await peoplePost({ ...zoned, dueTimeZone: "America/New_York" })).status).toBe(
      302,
    );
    expect(asResponse(await peoplePost({ ...zoned, dueTimeZone: "" })).status).toBe(302);
    const zoneLines = await db
      .selectFrom("audit_events")
      .select(["before_value", "after_value"])
      .where("client_id", "=", dana.accountId)
      .where("field", "=", "Due days end at midnight in")
      .orderBy("id")
      .execute();
    expect(zoneLines).toEqual([
      { before_value: "the primary contact's zone", after_value: "America/New_York" },
      { before_value: "America/New_York", after_value: "the primary contact's zone" },
    ]);

    // A colleague cannot remove or invite; the primary contact removes Lee, who is refused next.
    const byColleague = asData(
      await teamPost(sam.cookie, { intent: "remove-person", personId: lee.id }),
    );
    expect(byColleague.init?.status).toBe(403);
    const removed = asResponse(
      await teamPost(dana.cookie, { intent: "remove-person", personId: lee.id }),
    );
    expect(removed.headers.get("Location")).toBe("/dashboard/team");
    const leeNext = await settle(() =>
      routes.dashboard.loader({
        request: get("/dashboard", lee.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(asResponse(leeNext).status).toBe(403);
    const trail = await db
      .selectFrom("audit_events")
      .select(["field", "before_value", "actor_email", "actor_role"])
      .where("client_id", "=", dana.accountId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(trail).toEqual({
      field: "Person removed",
      before_value: lee.email,
      actor_email: dana.email,
      actor_role: "client",
    });
    // The primary contact cannot remove themself, nor the first person.
    const self = asData(
      await teamPost(dana.cookie, { intent: "remove-person", personId: dana.id }),
    );
    expect(self.init?.status).toBe(404);

    // The primary contact invites: the invitee is one of the account's people, invited.
    const invited = asResponse(await teamPost(dana.cookie, { intent: "invite", email: newcomer }));
    expect((await toastOf(invited))?.title).toBe("Invitation Sent");
    expect((await team(sam.cookie)).people.map((one) => [one.email, one.invited])).toContainEqual([
      newcomer,
      true,
    ]);

    // Staff make Sam the primary contact: Sam manages the team now, Dana no longer.
    const made = asResponse(await peoplePost({ intent: "primary-contact", personId: sam.id }));
    expect((await toastOf(made))?.title).toBe("Primary Contact Changed");
    expect((await team(sam.cookie)).manages).toBe(true);
    expect((await team(dana.cookie)).manages).toBe(false);
    // Someone removed cannot be made primary contact; the primary contact cannot be removed.
    const gone = asData(await peoplePost({ intent: "primary-contact", personId: lee.id }));
    expect(gone.init?.status).toBe(404);
    const stays = asData(await peoplePost({ intent: "remove-person", personId: sam.id }));
    expect(stays.init?.status).toBe(409);
  });

  it("names a person to staff by the name they gave and the company's", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const dana = await person("dana");
    const sam = await person("sam");
    await join(sam, dana);
    await settle(() =>
      routes.people.action({
        request: formPost(
          `/staff/clients/${dana.accountId}/people`,
          { intent: "account-settings", accountName: "Northwind" },
          staff.cookie,
        ),
        context: context(),
        params: { clientId: dana.accountId },
      }),
    );
    const named = asResponse(
      await settle(() =>
        routes.account.action({
          request: formPost(
            "/dashboard/account",
            { intent: "person-name", personName: "Sam\u0000 Lee " },
            sam.cookie,
          ),
          context: context(),
          params: {},
        }),
      ),
    );
    expect((await toastOf(named))?.title).toBe("Name Saved");
    const page = await routes.account.loader({
      request: get("/dashboard/account", sam.cookie),
      context: context(),
      params: {},
    });
    expect(page.name).toBe("Sam Lee");
    // Too long: the form again, with what was typed.
    const long = asData(
      await settle(() =>
        routes.account.action({
          request: formPost(
            "/dashboard/account",
            { intent: "person-name", personName: "x".repeat(81) },
            sam.cookie,
          ),
          context: context(),
          params: {},
        }),
      ),
    );
    expect(long.init?.status).toBe(400);
    expect(long.data).toMatchObject({ values: { personName: "x".repeat(81) } });

    await settle(() =>
      routes.messages.action({
        request: formPost("/dashboard/messages", { body: "Sam here." }, sam.cookie),
        context: context(),
        params: {},
      }),
    );
    const thread = await routes.staffMessages.loader({
      request: get(`/staff/clients/${dana.accountId}/messages`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(thread.messages.map((message) => message.author)).toEqual(["Sam Lee · Northwind"]);
    // The console finds the account by the company's name and by Sam's, and lists Sam with it.
    for (const q of ["northWIND", "sam lee", "100%_\\"]) {
      const found = await routes.list.loader({
        request: get(`/staff?q=${encodeURIComponent(q)}`, staff.cookie),
        context: context(),
        params: {},
      });
      const rows = found.rows.filter((row) => row.id === dana.accountId);
      expect(rows.map((row) => [row.account, row.colleagues])).toEqual(
        q.startsWith("100") ? [] : [["Northwind", ["Sam Lee"]]],
      );
    }
    // Sam's tick is his line in the client's trail, as staff read it.
    await settle(() =>
      routes.sprint.action({
        request: formPost(
          "/dashboard/sprint-1",
          { taskId: "icp-builder", status: "completed" },
          sam.cookie,
        ),
        context: context(),
        params: { sprint: "sprint-1" },
      }),
    );
    const clientPage = await routes.client.loader({
      request: get(`/staff/clients/${dana.accountId}`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(clientPage.audit.entries[0]).toMatchObject({
      field: "Sprint 1 task: ICP Builder",
      actor: "Sam Lee · Northwind",
    });
    // Dana reads her colleague by name.
    const hers = await routes.messages.loader({
      request: get("/dashboard/messages", dana.cookie),
      context: context(),
      params: {},
    });
    expect(hers.messages.map((message) => message.author)).toEqual(["Sam Lee"]);
  });

  it("gives a task to one person: they read 'Your task', colleagues their name; left to anyone when they go", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const dana = await person("dana");
    const sam = await person("sam");
    const outsider = await person("outsider");
    await join(sam, dana);
    const taskUrl = "/dashboard/sprint-1/tasks/icp-builder";
    const params = { sprint: "sprint-1", taskId: "icp-builder" };
    const assign = (cookie: string, personId: string, url = taskUrl, taskId = "icp-builder") =>
      settle(() =>
        routes.task.action({
          request: formPost(url, { intent: "assign", personId }, cookie),
          context: context(),
          params: { ...params, sprint: url.split("/")[2], taskId },
        }),
      );
    const label = async (cookie: string) =>
      (
        await routes.sprint.loader({
          request: get("/dashboard/sprint-1", cookie),
          context: context(),
          params: { sprint: "sprint-1" },
        })
      ).assignees["icp-builder"];

    // Anyone's at first; the task page offers the account's people.
    const page = await routes.task.loader({
      request: get(taskUrl, dana.cookie),
      context: context(),
      params,
    });
    expect(page.assignment).toMatchObject({ label: null, chosen: "" });
    expect(page.assignment?.choices.map((choice) => choice.id)).toEqual([dana.id, sam.id]);

    // Dana gives it to Sam: Sam reads "Your task", Dana Sam's name; staff too, with a trail line.
    const given = asResponse(await assign(dana.cookie, sam.id));
    expect(given.headers.get("Location")).toBe(taskUrl);
    expect(await label(sam.cookie)).toBe("Your task");
    expect(await label(dana.cookie)).toBe(`${sam.email.split("@")[0]}'s task`);
    const staffPage = await routes.staffTask.loader({
      request: get(`/staff/clients/${dana.accountId}/tasks/icp-builder`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId, taskId: "icp-builder" },
    });
    expect(staffPage.assignment?.label).toBe(`${sam.email.split("@")[0]}'s task`);
    const line = await (
      await database()
    )
      .selectFrom("audit_events")
      .select(["field", "before_value", "after_value", "audience"])
      .where("client_id", "=", dana.accountId)
      .where("field", "like", "%who does it")
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      field: "ICP Builder: who does it",
      before_value: "Anyone",
      after_value: sam.email.split("@")[0],
      audience: "client",
    });

    // Someone outside the account, or the agency's own task: refused, nothing changed.
    expect(asData(await assign(dana.cookie, outsider.id)).init?.status).toBe(404);
    expect(asData(await assign(dana.cookie, staff.id)).init?.status).toBe(404);
    // The agency's Funnel review, in Sprint 3 (open once 1 and 2 are done).
    for (const sprintId of [1, 2]) await storeSprintStatus(dana.accountId, sprintId, "completed");
    const agencyTask = "/dashboard/sprint-3/tasks/funnel-review";
    const refused = asData(await assign(dana.cookie, sam.id, agencyTask, "funnel-review"));
    expect(refused.init?.status).toBe(404);
    expect(await label(sam.cookie)).toBe("Your task");

    // Staff remove Sam: the task is anyone's again.
    await settle(() =>
      routes.people.action({
        request: formPost(
          `/staff/clients/${dana.accountId}/people`,
          { intent: "remove-person", personId: sam.id },
          staff.cookie,
        ),
        context: context(),
        params: { clientId: dana.accountId },
      }),
    );
    expect(await label(dana.cookie)).toBeUndefined();
  });
});
