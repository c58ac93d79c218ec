// Client accounts through the routes, on both engines: staff add a person to a client, who joins
// its account (listed with it, not as a client of their own), works in its programme and thread
// with their own unread count, and once removed is refused at their next request.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { joinAccount } from "~/data/client-accounts.server";
import { inTransaction } from "~/data/connection.server";
import type * as ClientRoute from "~/routes/staff.clients.$clientId";
import type * as Dashboard from "~/routes/dashboard";
import type * as MessagesRoute from "~/routes/dashboard.messages";
import type * as PeopleRoute from "~/routes/staff.clients.$clientId_.people";
import type * as SprintRoute from "~/routes/dashboard.$sprint";
import type * as StaffIndex from "~/routes/staff._index";
import type * as StaffMessagesRoute from "~/routes/staff.clients.$clientId_.messages";
import { ENGINES, freshDatabase, stopEngines, storedClientState } from "../support/engines";
import {
  appEnv,
  asData,
  asResponse,
  formPost,
  get,
  settle,
  signedInUser,
  startAdminAuthServer,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.40" });

describe.each(ENGINES)("client accounts on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    dashboard: typeof Dashboard;
    sprint: typeof SprintRoute;
    messages: typeof MessagesRoute;
    list: typeof StaffIndex;
    client: typeof ClientRoute;
    people: typeof PeopleRoute;
    staffMessages: typeof StaffMessagesRoute;
  };

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      dashboard: await import("~/routes/dashboard"),
      sprint: await import("~/routes/dashboard.$sprint"),
      messages: await import("~/routes/dashboard.messages"),
      list: await import("~/routes/staff._index"),
      client: await import("~/routes/staff.clients.$clientId"),
      people: await import("~/routes/staff.clients.$clientId_.people"),
      staffMessages: await import("~/routes/staff.clients.$clientId_.messages"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  const person = (label: string, extra: Record<string, unknown> = {}) =>
    signedInUser(auth, uniqueEmail(`${label}-${engine}`), { extra, clientIp: context().clientIp });

  const staffMember = () => person("staff", { app_metadata: { role: "staff" } });

  /** `colleague` made one of `account`'s people, as accepting staff's invitation leaves them. */
  const join = (colleague: { id: string }, account: { accountId: string }) =>
    inTransaction((trx) => joinAccount(trx, colleague.id, account.accountId));

  const sprintPage = (cookie: string) =>
    routes.sprint.loader({
      request: get("/dashboard/sprint-1", cookie),
      context: context(),
      params: { sprint: "sprint-1" },
    });

  const unread = async (cookie: string) =>
    (
      await routes.dashboard.loader({
        request: get("/dashboard", cookie),
        context: context(),
        params: {},
      })
    ).unreadMessages;

  it("adds a person to a client's account: listed on People, not as a client of their own", async () => {
    const staff = await staffMember();
    const dana = await person("dana");
    const samEmail = uniqueEmail(`sam-${engine}`);
    const added = asResponse(
      await settle(() =>
        routes.people.action({
          request: formPost(
            `/staff/clients/${dana.accountId}/people`,
            { email: samEmail },
            staff.cookie,
          ),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      ),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/staff/clients/${dana.accountId}/people`);

    const people = await routes.people.loader({
      request: get(`/staff/clients/${dana.accountId}/people`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    // Dana's account, opened at her sign-in, has an id of its own: neither of them holds it.
    expect(dana.accountId).not.toBe(dana.id);
    expect(people.people.map((one) => [one.email, one.state, one.holdsAccountId])).toEqual([
      [dana.email, "confirmed", false],
      [samEmail, "invited", false],
    ]);
    const sam = people.people[1]!;

    // The console lists the account once, by its primary contact, whom Sam's address finds too.
    const search = (q: string) =>
      routes.list.loader({
        request: get(`/staff?q=${encodeURIComponent(q)}`, staff.cookie),
        context: context(),
        params: {},
      });
    expect((await search(dana.email)).rows.map((row) => row.id)).toEqual([dana.accountId]);
    expect((await search(samEmail)).rows.map((row) => [row.id, row.colleagues])).toEqual([
      [dana.accountId, [samEmail.split("@")[0]]],
    ]);

    // A staff address with Sam's id leads to the account's page, whichever tab.
    for (const path of ["", "/people"]) {
      const moved = asResponse(
        await settle(() =>
          (path ? routes.people : routes.client).loader({
            request: get(`/staff/clients/${sam.userId}${path}?from=mail`, staff.cookie),
            context: context(),
            params: { clientId: sam.userId },
          }),
        ),
      );
      expect(moved.status).toBe(302);
      expect(moved.headers.get("Location")).toBe(
        `/staff/clients/${dana.accountId}${path}?from=mail`,
      );
    }
  });

  it("lets a colleague work in the account's programme and thread, with their own unread count", async () => {
    const staff = await staffMember();
    const dana = await person("dana");
    const sam = await person("sam");
    const outsider = await person("outsider");
    await join(sam, dana);

    // Sam's tick lands in Dana's account, which both read; no one else's changes.
    const ticked = asResponse(
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
      ),
    );
    expect(ticked.status).toBe(302);
    expect((await storedClientState(dana.accountId)).tasks.get("icp-builder")).toBe("completed");
    expect((await storedClientState(sam.id)).tasks.size).toBe(0);
    const status = async (cookie: string) =>
      (await sprintPage(cookie)).tasks.find((task) => task.id === "icp-builder")?.status;
    expect(await status(dana.cookie)).toBe("completed");
    expect(await status(sam.cookie)).toBe("completed");
    expect(await status(outsider.cookie)).toBe("pending");

    // Sam writes in the account's thread; staff read it there, by Sam's address.
    await settle(() =>
      routes.messages.action({
        request: formPost(
          "/dashboard/messages",
          { body: "Sam here: the brief is in." },
          sam.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    const thread = await routes.staffMessages.loader({
      request: get(`/staff/clients/${dana.accountId}/messages`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(thread.messages.map((message) => [message.author, message.body])).toContainEqual([
      sam.email,
      "Sam here: the brief is in.",
    ]);

    // The agency answers: each person has it unread until they read it themselves.
    await settle(() =>
      routes.staffMessages.action({
        request: formPost(
          `/staff/clients/${dana.accountId}/messages`,
          { body: "Thanks!" },
          staff.cookie,
        ),
        context: context(),
        params: { clientId: dana.accountId },
      }),
    );
    expect(await unread(dana.cookie)).toBe(1);
    expect(await unread(sam.cookie)).toBe(1);
    expect(await unread(outsider.cookie)).toBe(0);
    const read = await routes.messages.loader({
      request: get("/dashboard/messages", sam.cookie),
      context: context(),
      params: {},
    });
    expect(read.messages.map((message) => message.body)).toEqual([
      "Sam here: the brief is in.",
      "Thanks!",
    ]);
    expect(read.messages[0]?.author).toBe("You");
    expect(read.messages[1]?.author).toMatch(/^Agency · /);
    expect(await unread(sam.cookie)).toBe(0);
    expect(await unread(dana.cookie)).toBe(1);
  });

  it("removes a colleague: refused at their next request, no longer listed, and back when added again", async () => {
    const staff = await staffMember();
    const dana = await person("dana");
    const sam = await person("sam");
    await join(sam, dana);
    expect(await unread(sam.cookie)).toBe(0);
    const peoplePost = (fields: Record<string, string>) =>
      settle(() =>
        routes.people.action({
          request: formPost(`/staff/clients/${dana.accountId}/people`, fields, staff.cookie),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      );
    // Not the primary contact (the first person, here), who stays until another is chosen.
    const primary = asData(await peoplePost({ intent: "remove-person", personId: dana.id }));
    expect(primary.init?.status).toBe(409);
    // Nor anyone who is not one of the account's people.
    for (const personId of ["not-an-id", staff.id]) {
      const refused = asData(await peoplePost({ intent: "remove-person", personId }));
      expect(refused.init?.status).toBe(404);
    }
    const removed = asResponse(await peoplePost({ intent: "remove-person", personId: sam.id }));
    expect(removed.headers.get("Location")).toBe(`/staff/clients/${dana.accountId}/people`);

    // Sam's next request, any client page: the 403 page; still signed in, so Sign Out works.
    for (const path of ["/dashboard", "/dashboard/sprint-1", "/dashboard/messages"]) {
      const answer = await settle(() =>
        (path === "/dashboard"
          ? routes.dashboard
          : path === "/dashboard/messages"
            ? routes.messages
            : routes.sprint
        ).loader({
          request: get(path, sam.cookie),
          context: context(),
          params: { sprint: "sprint-1" },
        }),
      );
      expect(asResponse(answer).status).toBe(403);
      expect(asResponse(answer).statusText).toBe("No Access");
    }
    const people = await routes.people.loader({
      request: get(`/staff/clients/${dana.accountId}/people`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(people.people.map((one) => one.email)).toEqual([dana.email]);
    // The console lists no client for them, and their id leads nowhere.
    const listed = await routes.list.loader({
      request: get(`/staff?q=${encodeURIComponent(sam.email)}`, staff.cookie),
      context: context(),
      params: {},
    });
    expect(listed.rows).toEqual([]);
    const gone = await settle(() =>
      routes.client.loader({
        request: get(`/staff/clients/${sam.id}`, staff.cookie),
        context: context(),
        params: { clientId: sam.id },
      }),
    );
    expect(asData(gone).init?.status).toBe(404);

    // Added again by address: no new invitation, the same sign-in, the account's programme.
    const again = asResponse(await peoplePost({ email: sam.email }));
    expect(again.headers.get("Location")).toBe(`/staff/clients/${dana.accountId}/people`);
    expect(await unread(sam.cookie)).toBe(0);
  });
});
