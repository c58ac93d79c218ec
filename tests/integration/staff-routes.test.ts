// The staff console through its routes, as Remix calls them, on both engines: only staff (as the
// auth service says now) reach it, everyone else gets the 404 page; the client list; every edit
// checked against the programme's rules and written to the audit trail; the client sees it.
import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { inTransaction } from "~/data/connection.server";
import { recordHandIn } from "~/data/hand-ins.server";
import { sprintFormValues, utcFieldValue } from "~/programme/programme-edits";
import type * as ClientRoute from "~/routes/staff.clients.$clientId";
import type * as StaffIndex from "~/routes/staff._index";
import type * as StaffLayout from "~/routes/staff";
import type * as SprintRoute from "~/routes/dashboard.$sprint";
import type * as SignUpRoute from "~/routes/_landing._auth.sign-up";
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

const context = (): AppLoadContext => ({ clientIp: "203.0.113.30" });

describe.each(ENGINES)("the staff console on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    layout: typeof StaffLayout;
    list: typeof StaffIndex;
    client: typeof ClientRoute;
    sprint: typeof SprintRoute;
    signUp: typeof SignUpRoute;
  };

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, {
      ...freshDatabase(engine),
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
    } as Record<string, string>);
    routes = {
      layout: await import("~/routes/staff"),
      list: await import("~/routes/staff._index"),
      client: await import("~/routes/staff.clients.$clientId"),
      sprint: await import("~/routes/dashboard.$sprint"),
      signUp: await import("~/routes/_landing._auth.sign-up"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  async function adminFetch(path: string, init: RequestInit = {}) {
    return fetch(`${auth.url}/auth/v1/admin${path}`, {
      ...init,
      headers: {
        apikey: auth.serviceRoleKey,
        Authorization: `Bearer ${auth.serviceRoleKey}`,
        "Content-Type": "application/json",
      },
    });
  }

  const person = (label: string, extra: Record<string, unknown> = {}) =>
    signedInUser(auth, uniqueEmail(`${label}-${engine}`), { extra, clientIp: context().clientIp });

  const staffMember = () => person("staff", { app_metadata: { role: "staff" } });

  const status = async (run: () => Promise<unknown>) => {
    const result = await settle(run);
    if (result instanceof Response) return result.status;
    return asData(result).init?.status ?? 200;
  };

  const clientPage = (cookie: string, id: string) =>
    routes.client.loader({
      request: get(`/staff/clients/${id}`, cookie),
      context: context(),
      params: { clientId: id },
    });

  const edit = (cookie: string, id: string, fields: Record<string, string>) =>
    settle(() =>
      routes.client.action({
        request: formPost(`/staff/clients/${id}`, fields, cookie),
        context: context(),
        params: { clientId: id },
      }),
    );

  const sprintFields = (
    sprintId: number,
    status: string,
    progress: string,
    extra: Record<string, string> = {},
  ) => ({
    intent: "sprint",
    sprintId: String(sprintId),
    status,
    progress,
    startedAt: "",
    ...extra,
  });

  it("lands staff on /staff and clients on /dashboard", async () => {
    expect((await staffMember()).home).toBe("/staff");
    expect((await person("client")).home).toBe("/dashboard");
  });

  it("offers the console's link on a dashboard to staff only", async () => {
    const { loader } = await import("~/routes/dashboard");
    const dashboard = (cookie: string) =>
      loader({ request: get("/dashboard", cookie), context: context(), params: {} });
    expect((await dashboard((await staffMember()).cookie)).isStaff).toBe(true);
    expect((await dashboard((await person("client")).cookie)).isStaff).toBe(false);
    // A role in the user's own metadata is not staff.
    const forged = await person("forged-console", { user_metadata: { role: "staff" } });
    expect((await dashboard(forged.cookie)).isStaff).toBe(false);
  });

  it("answers 404 to a client on every staff page and action, forged role and guessed ids included", async () => {
    const client = await person("client");
    const forged = await person("forged", { user_metadata: { role: "staff" } });
    const other = await person("other");
    for (const { cookie } of [client, forged]) {
      expect(
        await status(() =>
          routes.layout.loader({ request: get("/staff", cookie), context: context(), params: {} }),
        ),
      ).toBe(404);
      expect(
        await status(() =>
          routes.list.loader({ request: get("/staff", cookie), context: context(), params: {} }),
        ),
      ).toBe(404);
      expect(
        await status(() =>
          routes.list.action({
            request: formPost("/staff", { email: uniqueEmail("x") }, cookie),
            context: context(),
            params: {},
          }),
        ),
      ).toBe(404);
      for (const id of [other.accountId, randomUUID(), "not-an-id"]) {
        expect(await status(() => clientPage(cookie, id))).toBe(404);
        expect(await status(() => edit(cookie, id, sprintFields(1, "completed", "100")))).toBe(404);
      }
    }
    expect((await storedClientState(other.accountId)).sprints.size).toBe(0);
    const visitor = asResponse(
      await settle(() =>
        routes.list.loader({ request: get("/staff"), context: context(), params: {} }),
      ),
    );
    expect(visitor.headers.get("Location")).toBe("/?redirectTo=%2Fstaff");
  });

  it("shows staff the clients, newest activity first, searchable, without staff", async () => {
    const staff = await staffMember();
    const [first, second] = [await person("listed-a"), await person("listed-b")];
    await edit(staff.cookie, first.accountId, { intent: "overall", overallProgress: "40" });
    const listed = await routes.list.loader({
      request: get("/staff", staff.cookie),
      context: context(),
      params: {},
    });
    const emails = listed.rows.map((row) => row.email);
    expect(emails).toContain(second.email);
    expect(emails.indexOf(first.email)).toBeLessThan(emails.indexOf(second.email));
    expect(emails).not.toContain(staff.email);
    expect(listed.rows.find((row) => row.email === first.email)).toMatchObject({
      state: "confirmed",
      current: "Sprint 1 in progress",
      overallProgress: 40,
    });
    const found = await routes.list.loader({
      request: get(
        `/staff?q=${encodeURIComponent(second.email.slice(0, 20).toUpperCase())}`,
        staff.cookie,
      ),
      context: context(),
      params: {},
    });
    expect(found.rows.map((row) => row.email)).toContain(second.email);
    expect(found.rows.every((row) => row.email.includes(second.email.slice(0, 20)))).toBe(true);
    const hostile = await routes.list.loader({
      request: get(`/staff?q=${encodeURIComponent("%_\\'\"<script>")}&page=-7`, staff.cookie),
      context: context(),
      params: {},
    });
    expect(hostile.rows).toEqual([]);
    expect(hostile.page).toBe(1);
  });

  it("lists invited and unconfirmed clients by their state, and pages through them 50 at a time", async () => {
    const staff = await staffMember();
    const list = (query: string) =>
      routes.list.loader({
        request: get(`/staff?${query}`, staff.cookie),
        context: context(),
        params: {},
      });
    // An invitation puts its client in the list at once.
    const invited = uniqueEmail(`invited-${engine}`);
    const sent = asResponse(
      await settle(() =>
        routes.list.action({
          request: formPost("/staff", { email: invited }, staff.cookie),
          context: context(),
          params: {},
        }),
      ),
    );
    expect(sent.status).toBe(302);
    expect((await list(`q=${encodeURIComponent(invited)}`)).rows).toMatchObject([
      {
        email: invited,
        state: "invited",
        lastSignInAt: null,
        current: "Not started",
        overallProgress: null,
      },
    ]);
    // Sign-ups made at the auth service arrive with the next sync of the directory.
    const prefix = `paged-${engine}-${Date.now()}`;
    const made: string[] = [];
    for (let i = 0; i < 51; i++) {
      const email = `${prefix}-${String(i).padStart(2, "0")}@example.com`;
      const created = await adminFetch("/users", {
        method: "POST",
        body: JSON.stringify({ email }),
      });
      expect(created.status).toBe(200);
      made.push(email);
    }
    await inTransaction((trx) => trx.updateTable("directory_sync").set({ synced_at: 0 }).execute());
    await list("");
    // The sync runs in the background: wait until the page and its count both show it done.
    let first = await list(`q=${prefix}`);
    for (let wait = 0; first.rows.length + first.total < 101 && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      first = await list(`q=${prefix}`);
    }
    expect(first.total).toBe(51);
    expect(first.rows).toHaveLength(50);
    expect(first.rows.every((row) => row.state === "unconfirmed")).toBe(true);
    const second = await list(`q=${prefix}&page=2`);
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(1);
    const shown = [...first.rows, ...second.rows].map((row) => row.email).sort();
    expect(shown).toEqual(made);
  });

  it("filters the list by stuck, in review, not started and invited; shows due tasks and last activity", async () => {
    const staff = await staffMember();
    const list = (email: string, show: string) =>
      routes.list.loader({
        request: get(
          `/staff?q=${encodeURIComponent(email)}&show=${encodeURIComponent(show)}`,
          staff.cookie,
        ),
        context: context(),
        params: {},
      });
    // Staff start a client's Sprint 1 at midnight UTC three days ago: ICP Builder (due on day 2)
    // is overdue, Messaging Mastery (day 3) is due today.
    const late = await person("due-tasks");
    const opened = await clientPage(staff.cookie, late.accountId);
    const drawn = sprintFormValues(opened.sprints[0]!.page, opened.sprints[0]!.startedAt);
    const startedAt = utcFieldValue((Math.floor(Date.now() / 86_400_000) - 3) * 86_400_000);
    const before = Date.now();
    const sent = { intent: "sprint", sprintId: "1", ...drawn, startedAt };
    const saved = await edit(staff.cookie, late.accountId, {
      ...sent,
      drawn: JSON.stringify(drawn),
    });
    expect(asResponse(saved).status).toBe(302);
    const stuck = await list(late.email, "stuck");
    expect(stuck).toMatchObject({ show: "stuck", total: 1 });
    expect(stuck.rows[0]).toMatchObject({
      id: late.accountId,
      current: "Sprint 1 in progress",
      due: { overdue: 1, today: 1 },
    });
    // The agency's change is the client's latest activity.
    expect(stuck.rows[0]!.activityAt).toBeGreaterThanOrEqual(before);
    expect(stuck.rows[0]!.activityAt).toBeLessThanOrEqual(stuck.now);
    for (const show of ["in-review", "not-started", "invited"]) {
      expect((await list(late.email, show)).total, show).toBe(0);
    }

    // Signed in, no sprint opened: not started, and nothing due.
    const fresh = await person("no-sprint");
    const notStarted = await list(fresh.email, "not-started");
    expect(notStarted.rows.map((row) => [row.id, row.due])).toEqual([
      [fresh.accountId, { overdue: 0, today: 0 }],
    ]);
    expect((await list(fresh.email, "in-review")).total).toBe(0);
    const frame = () =>
      routes.layout.loader({
        request: get("/staff", staff.cookie),
        context: context(),
        params: {},
      });
    const waitingBefore = (await frame()).waiting.reviews;
    await inTransaction((trx) =>
      recordHandIn(trx, {
        clientId: fresh.accountId,
        taskId: "vsl-alchemist",
        link: "https://example.com/cut",
        note: "",
        submittedByEmail: fresh.email,
        at: Date.now(),
      }),
    );
    expect((await list(fresh.email, "in-review")).rows.map((row) => row.id)).toEqual([
      fresh.accountId,
    ]);
    // The client's row and the console's Reviews tab count it.
    expect((await list(fresh.email, "in-review")).rows[0]?.toReview).toBe(1);
    expect((await frame()).waiting.reviews).toBe(waitingBefore + 1);

    // Invited: not started too, shown as such rather than with the programme's start figures.
    const invited = uniqueEmail(`filtered-invite-${engine}`);
    const invitation = await settle(() =>
      routes.list.action({
        request: formPost("/staff", { email: invited }, staff.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(asResponse(invitation).status).toBe(302);
    for (const show of ["invited", "not-started"]) {
      expect((await list(invited, show)).rows, show).toMatchObject([
        { email: invited, current: "Not started", overallProgress: null, lastSignInAt: null },
      ]);
    }
    expect((await list(invited, "stuck")).total).toBe(0);

    // Any other value lists every client the search finds, unfiltered.
    for (const show of [
      "",
      "STUCK",
      "__proto__",
      "stuck'--",
      "../invited",
      "\u0000",
      "x".repeat(5000),
    ]) {
      const answer = await list(late.email, show);
      expect([answer.show, answer.total], show.slice(0, 20)).toEqual([null, 1]);
    }
  });

  it("invites an address at most once a minute; an invitation that mailed nothing does not count", async () => {
    const staff = await staffMember();
    const inviteFrom = (ip: string, email: string) =>
      settle(() =>
        routes.list.action({
          request: formPost("/staff", { email }, staff.cookie),
          context: { clientIp: ip },
          params: {},
        }),
      );
    const email = uniqueEmail(`reinvited-${engine}`);
    expect(asResponse(await inviteFrom("203.0.113.31", email)).status).toBe(302);
    // The auth service here keeps no gap between mails, as hosted Supabase keeps none for invitations.
    const again = asData<{ toast: { title: string; description: string } }>(
      await inviteFrom("203.0.113.32", email),
    );
    expect(again.init?.status).toBe(429);
    expect(again.data.toast.title).toBe("Please Wait");
    expect(again.data.toast.description).toMatch(
      new RegExp(`^You can send another invitation to ${email} in (1 minute|5\\d seconds)\\.$`),
    );
    const client = await person("invited-twice");
    for (let i = 0; i < 2; i++) {
      const told = asData<{ toast: { description: string } }>(
        await inviteFrom("203.0.113.31", client.email),
      );
      expect(told.init?.status).toBe(400);
      expect(told.data.toast.description).toContain("already has an account");
    }
  });

  it("keeps an invitation's way in when anyone asks a confirmation mail or signs the address up", async () => {
    const staff = await staffMember();
    const email = uniqueEmail(`guarded-${engine}`);
    expect(
      asResponse(
        await settle(() =>
          routes.list.action({
            request: formPost("/staff", { email }, staff.cookie),
            context: context(),
            params: {},
          }),
        ),
      ).status,
    ).toBe(302);
    // A stranger, signed out, asks the confirmation mail again, then signs the address up.
    const { action: resend } = await import("~/routes/auth.resend-confirmation");
    await settle(() =>
      resend({
        request: formPost("/auth/resend-confirmation", { email }),
        context: context(),
        params: {},
      }),
    );
    await settle(() =>
      routes.signUp.action({
        request: formPost("/sign-up", { email, password: "Someone-Elses-42!" }),
        context: context(),
        params: {},
      }),
    );
    // Every mail the invitee got is the invitation, from staff; the newest one lets them in.
    const mails = (await (
      await fetch(`${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`)
    ).json()) as { subject: string; confirmation_url: string }[];
    expect(new Set(mails.map((mail) => mail.subject))).toEqual(
      new Set([`${staff.email} at Client Portal has invited you to your client portal`]),
    );
    const link = new URL(mails[0]?.confirmation_url ?? "");
    const verified = await fetch(`${auth.url}/auth/v1/verify`, {
      method: "POST",
      headers: { apikey: auth.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "invite", token_hash: link.searchParams.get("token_hash") }),
    });
    expect(verified.status).toBe(200);
  });

  it("completes Sprints 1 and 2 for a client, whose Sprint 3 then opens, each change in the audit trail", async () => {
    const staff = await staffMember();
    const client = await person("steered");
    const sprint3 = () =>
      routes.sprint.loader({
        request: get("/dashboard/sprint-3", client.cookie),
        context: context(),
        params: { sprint: "sprint-3" },
      });
    expect((await sprint3()).sprint.open).toBe(false);
    const locked = asData<{ toast: { description: string }; values: { sprintId?: string } }>(
      await edit(staff.cookie, client.accountId, sprintFields(3, "in-progress", "10")),
    );
    expect(locked.init?.status).toBe(409);
    expect(locked.data.toast.description).toBe("Sprint 3 opens once Sprint 2 is completed.");
    // It names the sprint, so the page shows it by that sprint's form (without JavaScript too).
    expect(locked.data.values.sprintId).toBe("3");
    for (const id of [1, 2]) {
      const saved = asResponse(
        await edit(staff.cookie, client.accountId, sprintFields(id, "completed", "40")),
      );
      expect(saved.headers.get("Location")).toBe(`/staff/clients/${client.accountId}`);
    }
    const page = await sprint3();
    expect(page.sprint.open).toBe(true);
    expect(page.badges).toEqual(["3 weeks", "Not Started"]);
    const { audit, programme } = await clientPage(staff.cookie, client.accountId);
    expect(programme.sprints.slice(0, 2).map((s) => [s.status, s.progress])).toEqual([
      ["completed", 100],
      ["completed", 100],
    ]);
    // The client's own opening of Sprint 3 is in the trail too, under the client.
    const [opened, ...edits] = audit.entries;
    expect(opened).toMatchObject({
      field: "Sprint 3 start",
      before: "not started",
      actor: `${client.email} (client)`,
      actorRole: "client",
    });
    expect(edits.every((entry) => entry.actorRole === "staff")).toBe(true);
    expect(edits.map((entry) => [entry.field, entry.before, entry.after, entry.actor])).toEqual([
      ["Sprint 2 status", "Not Started", "Completed", staff.email],
      ["Sprint 1 status", "In Progress", "Completed", staff.email],
    ]);
  });

  it("names a client and their company, shown in the console with the e-mail; only what changed is in the trail", async () => {
    const staff = await staffMember();
    const client = await person("named");
    const profile = (fields: Record<string, string>) =>
      edit(staff.cookie, client.accountId, { intent: "profile", ...fields });
    expect(
      asResponse(await profile({ name: "  Ada Lovelace ", company: "Analytical\u0007 Ltd" }))
        .status,
    ).toBe(302);
    let page = await clientPage(staff.cookie, client.accountId);
    expect(page.client).toMatchObject({
      email: client.email,
      name: "Ada Lovelace",
      company: "Analytical Ltd",
    });
    expect(page.audit.entries.map((entry) => [entry.field, entry.before, entry.after])).toEqual([
      ["Name", "not given", "Ada Lovelace"],
      ["Company", "not given", "Analytical Ltd"],
    ]);
    // The same again changes nothing; a name too long is the form again, as typed.
    expect(
      asResponse(await profile({ name: "Ada Lovelace", company: "Analytical Ltd" })).status,
    ).toBe(302);
    const long = asData<{ toast: { title: string }; values: Record<string, string> }>(
      await profile({ name: "A".repeat(81), company: "" }),
    );
    expect(long.init?.status).toBe(400);
    expect(long.data.values).toMatchObject({ profile: "1", name: "A".repeat(81) });
    // Emptied, it is "not given" again.
    expect(asResponse(await profile({ name: "", company: "Analytical Ltd" })).status).toBe(302);
    page = await clientPage(staff.cookie, client.accountId);
    expect(page.client.name).toBe("");
    expect(page.audit.entries[0]).toMatchObject({
      field: "Name",
      before: "Ada Lovelace",
      after: "not given",
    });
    const listed = await routes.list.loader({
      request: get(`/staff?q=${encodeURIComponent(client.email)}`, staff.cookie),
      context: context(),
      params: {},
    });
    expect(listed.rows.find((row) => row.id === client.accountId)).toMatchObject({
      name: "",
      company: "Analytical Ltd",
    });
  });

  it("offers, on completing a sprint, to mark its open tasks done and start the next; every figure follows", async () => {
    const staff = await staffMember();
    const client = await person("completed");
    const before = Date.now();
    // The form as the page draws it, with its status set to Completed and both boxes ticked.
    const opened = await clientPage(staff.cookie, client.accountId);
    const shown = sprintFormValues(opened.sprints[0]!.page, opened.sprints[0]!.startedAt);
    const completed = asResponse(
      await edit(staff.cookie, client.accountId, {
        intent: "sprint",
        sprintId: "1",
        ...shown,
        status: "completed",
        completeOpenTasks: "on",
        startNext: "on",
        drawn: JSON.stringify(shown),
      }),
    );
    expect(completed.status).toBe(302);
    const state = await storedClientState(client.accountId);
    expect([...state.tasks.values()]).toEqual(Array(4).fill("completed"));
    expect(state.sprints.get(2)?.status).toBe("in-progress");
    expect(state.sprints.get(2)?.startedAt).toBeGreaterThanOrEqual(before);
    const { audit, programme, sprints } = await clientPage(staff.cookie, client.accountId);
    expect(audit.entries.map((entry) => entry.field)).toEqual([
      "Sprint 1 status",
      "Sprint 1 task: ICP Builder",
      "Sprint 1 task: Messaging Mastery",
      "Sprint 1 task: Pricing Strategist",
      "Sprint 1 task: VSL Alchemist",
      "Sprint 2 status",
      "Sprint 2 start",
    ]);
    // Sprint 1 at 100% with its objectives, Sprint 2 under way at 0%, the overall figure moved.
    expect(programme.sprints.slice(0, 2).map((s) => [s.status, s.progress])).toEqual([
      ["completed", 100],
      ["in-progress", 0],
    ]);
    expect(sprints[0]?.page.objectives.map((o) => o.progress)).toEqual([100, 100, 100]);
    expect(programme.overallProgress).toBe(31);
    expect(programme.current).toBe("Sprint 2 in progress");
    expect(sprints[0]?.page.countdown).toBeNull();

    // A figure set by hand stands until "follows" is ticked again.
    const drawn = sprintFormValues(sprints[1]!.page, sprints[1]!.startedAt);
    const post = (changes: Record<string, string>, from = drawn) =>
      edit(staff.cookie, client.accountId, {
        intent: "sprint",
        sprintId: "2",
        ...from,
        ...changes,
        drawn: JSON.stringify(from),
      });
    expect(asResponse(await post({ progress: "30", followTasks: "" })).status).toBe(302);
    let page = await clientPage(staff.cookie, client.accountId);
    expect(page.programme.sprints[1]).toMatchObject({ progress: 30, progressSetByAgency: true });
    const setDrawn = sprintFormValues(page.sprints[1]!.page, page.sprints[1]!.startedAt);
    expect(asResponse(await post({ followTasks: "on" }, setDrawn)).status).toBe(302);
    page = await clientPage(staff.cookie, client.accountId);
    expect(page.programme.sprints[1]).toMatchObject({ progress: 0, progressSetByAgency: false });
    expect(page.audit.entries.slice(0, 2).map((entry) => [entry.before, entry.after])).toEqual([
      ["30%", "follows the tasks"],
      ["0% (follows the tasks)", "30%"],
    ]);

    const overall = (fields: Record<string, string>) =>
      edit(staff.cookie, client.accountId, { intent: "overall", ...fields });
    expect(asResponse(await overall({ overallProgress: "50" })).status).toBe(302);
    page = await clientPage(staff.cookie, client.accountId);
    expect([page.programme.overallProgress, page.programme.overallSetByAgency]).toEqual([50, true]);
    expect(
      asResponse(
        await overall({
          overallProgress: "50",
          followSprints: "on",
          drawn: JSON.stringify({ overallProgress: "50", followSprints: "" }),
        }),
      ).status,
    ).toBe(302);
    page = await clientPage(staff.cookie, client.accountId);
    expect([page.programme.overallProgress, page.programme.overallSetByAgency]).toEqual([
      31,
      false,
    ]);
  });

  it("moves a countdown's start with its due dates, or keeps the dates where they were", async () => {
    const staff = await staffMember();
    const client = await person("moved-start");
    const start = (day: string, keep: boolean) =>
      edit(
        staff.cookie,
        client.accountId,
        sprintFields(1, "in-progress", "65", {
          startedAt: `2026-11-${day}T09:30`,
          ...(keep ? { keepDates: "on" } : {}),
        }),
      );
    const icpDue = async () =>
      (await clientPage(staff.cookie, client.accountId)).sprints[0]!.page.tasks.find(
        (task) => task.id === "icp-builder",
      )!.dueAt;
    expect(asResponse(await start("20", false)).status).toBe(302);
    // ICP Builder is due two days after the start: the 22nd.
    expect(await icpDue()).toBe(Date.UTC(2026, 10, 23) - 1);
    // Moved a day later without keeping the dates: due a day later too.
    expect(asResponse(await start("21", false)).status).toBe(302);
    expect(await icpDue()).toBe(Date.UTC(2026, 10, 24) - 1);
    // Moved a day later again, keeping the dates: still due on the 23rd; the trail says so.
    expect(asResponse(await start("22", true)).status).toBe(302);
    expect(await icpDue()).toBe(Date.UTC(2026, 10, 24) - 1);
    const page = await clientPage(staff.cookie, client.accountId);
    expect(page.audit.entries.map((entry) => entry.field)).toContain(
      'Sprint 1 task "ICP Builder" due',
    );
  });

  it("edits tasks, objectives and the countdown start; refuses hostile and foreign values with nothing changed", async () => {
    const staff = await staffMember();
    const client = await person("edited");
    const saved = asResponse(
      await edit(
        staff.cookie,
        client.accountId,
        sprintFields(1, "in-progress", "70", {
          startedAt: "2026-11-20T09:30",
          "objective:offer-clarity": "55",
          "task:icp-builder": "in-progress",
        }),
      ),
    );
    expect(saved.status).toBe(302);
    const state = await storedClientState(client.accountId);
    expect(state.sprints.get(1)).toEqual({
      status: null,
      progress: 70,
      startedAt: Date.UTC(2026, 10, 20, 9, 30),
    });
    expect(state.tasks.get("icp-builder")).toBe("in-progress");
    expect(state.objectives.get("offer-clarity")).toBe(55);
    const before = JSON.stringify([...(await storedClientState(client.accountId)).tasks]);
    const refusals: Record<string, string>[] = [
      sprintFields(1, "in-progress", "101"),
      sprintFields(1, "in-progress", "abc"),
      sprintFields(1, "done", "10"),
      sprintFields(9, "in-progress", "10"),
      sprintFields(1, "in-progress", "10", { startedAt: "yesterday" }),
      sprintFields(1, "in-progress", "10", { "task:landing-page-buildout": "completed" }),
      sprintFields(1, "in-progress", "10", { "objective:offer-clarity": "-5" }),
      sprintFields(1, "in-progress", "10", { "task:icp-builder": "x".repeat(50_000) }),
      { intent: "overall", overallProgress: "1e3" },
      { intent: "grant-role", role: "staff" },
      {},
    ];
    for (const fields of refusals) {
      const answer = asData<{ toast: { title: string }; values: { sprintId?: string } }>(
        await edit(staff.cookie, client.accountId, fields),
      );
      expect(answer.init?.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      // A sprint form's refusal names the sprint it came from; the others name none.
      expect(answer.data.values.sprintId).toBe(
        fields.intent === "sprint" ? fields.sprintId : undefined,
      );
    }
    expect(JSON.stringify([...(await storedClientState(client.accountId)).tasks])).toBe(before);
    expect((await storedClientState(client.accountId)).sprints.get(1)?.progress).toBe(70);
  });

  it("applies only what staff changed: a form drawn before the client's tick and first opening undoes neither", async () => {
    const staff = await staffMember();
    const client = await person("stale");
    // Staff open the client's page: the forms carry the values they were drawn with.
    const opened = await clientPage(staff.cookie, client.accountId);
    const drawnFor = (sprintId: number) => {
      const sprint = opened.sprints.find((s) => s.page.sprint.id === sprintId);
      if (!sprint) throw new Error(`no sprint ${sprintId}`);
      return sprintFormValues(sprint.page, sprint.startedAt);
    };
    const sprintOne = drawnFor(1);
    const sprintTwo = drawnFor(2);
    // Meanwhile the client ticks ICP Builder and opens Sprint 2 (its countdown starts).
    expect(
      asResponse(
        await settle(() =>
          routes.sprint.action({
            request: formPost(
              "/dashboard/sprint-1",
              { taskId: "icp-builder", status: "completed" },
              client.cookie,
            ),
            context: context(),
            params: { sprint: "sprint-1" },
          }),
        ),
      ).status,
    ).toBe(302);
    // Ticked, not handed in: staff see it (Offer Alchemy, done from the start, is not flagged).
    expect((await clientPage(staff.cookie, client.accountId)).doneWithoutHandIn).toEqual([
      "icp-builder",
    ]);
    await routes.sprint.loader({
      request: get("/dashboard/sprint-2", client.cookie),
      context: context(),
      params: { sprint: "sprint-2" },
    });
    const started = (await storedClientState(client.accountId)).sprints.get(2)?.startedAt;
    expect(started).toEqual(expect.any(Number));
    // Staff save Sprint 1's form with only its progress changed, then Sprint 2's unchanged.
    const post = (sprintId: number, drawn: Record<string, string>, changes = {}) =>
      edit(staff.cookie, client.accountId, {
        intent: "sprint",
        sprintId: String(sprintId),
        ...drawn,
        ...changes,
        drawn: JSON.stringify(drawn),
      });
    expect(asResponse(await post(1, sprintOne, { progress: "70" })).status).toBe(302);
    expect(asResponse(await post(2, sprintTwo)).status).toBe(302);
    const state = await storedClientState(client.accountId);
    expect(state.tasks.get("icp-builder")).toBe("completed");
    expect(state.sprints.get(1)?.progress).toBe(70);
    // The countdown keeps its start to the millisecond (the field shows minutes).
    expect(state.sprints.get(2)?.startedAt).toBe(started);
    const { audit } = await clientPage(staff.cookie, client.accountId);
    expect(audit.entries.filter((entry) => entry.actorRole === "staff")).toEqual([
      expect.objectContaining({
        field: "Sprint 1 progress",
        before: "74% (follows the tasks)",
        after: "70%",
      }),
    ]);
  });

  it("refuses a day its month does not have, and keeps every rule of the programme's edits", async () => {
    const staff = await staffMember();
    const client = await person("rules");
    const refused = async (fields: Record<string, string>) =>
      asData<{ toast: { title: string; description: string } }>(
        await edit(staff.cookie, client.accountId, fields),
      );
    const february = await refused(
      sprintFields(1, "in-progress", "10", { startedAt: "2027-02-30T10:00" }),
    );
    expect(february.init?.status).toBe(400);
    expect(february.data.toast.title).toBe("Check the Date");
    // A locked sprint cannot be changed at all: not its objectives, nor its countdown.
    for (const fields of [
      sprintFields(3, "not-started", "0", { "objective:advanced-security": "40" }),
      sprintFields(3, "not-started", "0", { startedAt: "2026-11-20T09:30" }),
    ]) {
      const locked = await refused(fields);
      expect(locked.init?.status).toBe(409);
      expect(locked.data.toast.description).toBe("Sprint 3 opens once Sprint 2 is completed.");
    }
    // Sprints 1 and 2 done, Sprint 3 under way: Sprint 2 cannot be reopened behind it.
    for (const id of [1, 2]) {
      expect(
        asResponse(await edit(staff.cookie, client.accountId, sprintFields(id, "completed", "100")))
          .status,
      ).toBe(302);
    }
    expect(
      asResponse(await edit(staff.cookie, client.accountId, sprintFields(3, "in-progress", "10")))
        .status,
    ).toBe(302);
    const reopen = await refused(sprintFields(2, "in-progress", "50"));
    expect(reopen.init?.status).toBe(409);
    expect(reopen.data.toast.description).toBe(
      "Sprint 2 cannot be reopened while Sprint 3 is In Progress: set Sprint 3 back to Not Started first.",
    );
    expect(
      asResponse(await edit(staff.cookie, client.accountId, sprintFields(3, "not-started", "0")))
        .status,
    ).toBe(302);
    expect(
      asResponse(await edit(staff.cookie, client.accountId, sprintFields(2, "in-progress", "50")))
        .status,
    ).toBe(302);
    const state = await storedClientState(client.accountId);
    expect([state.sprints.get(2)?.status, state.sprints.get(3)?.status]).toEqual([
      "in-progress",
      "not-started",
    ]);
  });

  it("pages back through every line of the audit trail", async () => {
    const staff = await staffMember();
    const client = await person("trail");
    for (let value = 1; value <= 230; value++) {
      expect(
        asResponse(
          await edit(staff.cookie, client.accountId, {
            intent: "overall",
            overallProgress: String(value % 100),
          }),
        ).status,
      ).toBe(302);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const { audit } = await routes.client.loader({
        request: get(
          `/staff/clients/${client.accountId}${cursor ? `?older=${cursor}` : ""}`,
          staff.cookie,
        ),
        context: context(),
        params: { clientId: client.accountId },
      });
      seen.push(...audit.entries.map((entry) => entry.after));
      if (!audit.older) break;
      cursor = `${audit.older.at}.${audit.older.id}`;
    }
    expect(seen).toHaveLength(230);
    expect(seen[0]).toBe("30%");
    expect(seen.at(-1)).toBe("1%");
  });

  it("keeps staff records out of reach, and ends a revoked member's console at the next view", async () => {
    const staff = await staffMember();
    const colleague = await staffMember();
    expect(await status(() => clientPage(staff.cookie, colleague.id))).toBe(404);
    expect(
      await status(() =>
        edit(staff.cookie, colleague.id, { intent: "overall", overallProgress: "5" }),
      ),
    ).toBe(404);
    await adminFetch(`/users/${colleague.id}`, {
      method: "PUT",
      body: JSON.stringify({ app_metadata: { role: null } }),
    });
    // The colleague's token still says staff; the auth service no longer does.
    expect(
      await status(() =>
        routes.list.loader({
          request: get("/staff", colleague.cookie),
          context: context(),
          params: {},
        }),
      ),
    ).toBe(404);
  });
});
