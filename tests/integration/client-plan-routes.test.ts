// One client's own programme through the console's plan page, on both engines: staff rename,
// re-date, add, hide and move that client's tasks (each in the trail) and the client's pages show
// it while another client's do not; the template is switched only before the client starts.
import type { AppLoadContext } from "@remix-run/node";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as PlanRoute from "~/routes/staff.clients.$clientId_.plan";
import type * as TemplatesRoute from "~/routes/staff.templates";
import type * as StaffIndex from "~/routes/staff._index";
import type * as ClientRoute from "~/routes/staff.clients.$clientId";
import type * as SprintRoute from "~/routes/dashboard.$sprint";
import type * as TaskRoute from "~/routes/dashboard.$sprint_.tasks.$taskId";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import { parseRichText } from "~/programme/rich-text";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
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

const context = (): AppLoadContext => ({ clientIp: "203.0.113.31" });
const DAY = 86_400_000;

describe.each(ENGINES)("a client's own programme on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    plan: typeof PlanRoute;
    templates: typeof TemplatesRoute;
    list: typeof StaffIndex;
    client: typeof ClientRoute;
    sprint: typeof SprintRoute;
    task: typeof TaskRoute;
    signIn: typeof SignInRoute;
  };

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startTestAuthServer({}, {
      ...freshDatabase(engine),
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
    } as Record<string, string>);
    // A second template beside the default: the agency's own programme, as "podcast-launch".
    const templates = mkdtempSync(join(tmpdir(), "templates-"));
    writeFileSync(
      join(templates, "podcast-launch.yaml"),
      `name: Podcast launch\n${readFileSync("tests/fixtures/agency-programme.yaml", "utf8")}`,
    );
    const { configure, getEnv } = await import("~/lib/env.server");
    configure({
      ...getEnv(),
      SUPABASE_SERVICE_ROLE_KEY: auth.serviceRoleKey,
      PROGRAMME_DIR: templates,
    });
    routes = {
      plan: await import("~/routes/staff.clients.$clientId_.plan"),
      templates: await import("~/routes/staff.templates"),
      list: await import("~/routes/staff._index"),
      client: await import("~/routes/staff.clients.$clientId"),
      sprint: await import("~/routes/dashboard.$sprint"),
      task: await import("~/routes/dashboard.$sprint_.tasks.$taskId"),
      signIn: await import("~/routes/_landing._auth.sign-in"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  async function userIdOf(email: string) {
    const found = await fetch(
      `${auth.url}/auth/v1/admin/users?filter=${encodeURIComponent(email)}`,
      { headers: { apikey: auth.serviceRoleKey, Authorization: `Bearer ${auth.serviceRoleKey}` } },
    );
    const { users } = (await found.json()) as { users: { id: string; email: string }[] };
    return users.find((user) => user.email === email)!.id;
  }

  async function person(label: string, extra: Record<string, unknown> = {}) {
    const email = uniqueEmail(`${label}-${engine}`);
    await adminCreateUser(auth, email, extra);
    const answer = asResponse(
      await routes.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    const id = await userIdOf(email);
    // A client's sign-in gave them an account of their own, whose id the console's pages have.
    const accountId = extra.app_metadata ? id : await accountIdOf(id);
    return { email, id, accountId, cookie: cookieHeaderFrom(answer.headers) };
  }

  const planPage = (cookie: string, id: string) =>
    routes.plan.loader({
      request: get(`/staff/clients/${id}/plan`, cookie),
      context: context(),
      params: { clientId: id },
    });

  const post = (cookie: string, id: string, fields: Record<string, string>) =>
    settle(() =>
      routes.plan.action({
        request: formPost(`/staff/clients/${id}/plan`, fields, cookie),
        context: context(),
        params: { clientId: id },
      }),
    );

  const sprintPage = (cookie: string, sprint = 1) =>
    routes.sprint.loader({
      request: get(`/dashboard/sprint-${sprint}`, cookie),
      context: context(),
      params: { sprint: `sprint-${sprint}` },
    });

  const statusOf = (result: unknown) =>
    result instanceof Response ? result.status : (asData(result).init?.status ?? 200);

  const task = (sprintId: number, itemId: string, fields: Record<string, string>) => ({
    kind: "task",
    sprintId: String(sprintId),
    itemId,
    ...fields,
  });

  it("changes one client's tasks and objectives, in their trail, and no one else's", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const client = await person("client");
    const other = await person("other");

    // Before Sprint 1 starts, a due date is counted in days after its start.
    const saved = await post(
      staff.cookie,
      client.accountId,
      task(1, "icp-builder", {
        intent: "save",
        title: "Ideal client profile",
        description: "Describe **three** real clients.",
        dueAfterDays: "3",
      }),
    );
    expect(statusOf(saved)).toBe(302);
    expect(
      statusOf(
        await post(staff.cookie, client.accountId, {
          kind: "task",
          sprintId: "1",
          intent: "add",
          title: "Record a welcome video",
          description: "",
          dueAfterDays: "4",
          owner: "client",
          handIn: "link",
          handInRequired: "on",
          link: "https://video.example.com/studio",
        }),
      ),
    ).toBe(302);
    expect(
      statusOf(
        await post(
          staff.cookie,
          client.accountId,
          task(1, "pricing-strategist", { intent: "hide" }),
        ),
      ),
    ).toBe(302);
    expect(
      statusOf(
        await post(staff.cookie, client.accountId, task(1, "messaging-mastery", { intent: "up" })),
      ),
    ).toBe(302);
    expect(
      statusOf(
        await post(staff.cookie, client.accountId, {
          kind: "objective",
          sprintId: "1",
          itemId: "offer-clarity",
          intent: "save",
          title: "A clear podcast offer",
          description: "One sentence anyone repeats.",
        }),
      ),
    ).toBe(302);

    const plan = await planPage(staff.cookie, client.accountId);
    const sprint1 = plan.sprints.find((sprint) => sprint.id === 1)!;
    expect(sprint1.tasks.map((item) => [item.title, item.hidden, item.added])).toEqual([
      ["Offer Alchemy", false, false],
      ["Messaging Mastery", false, false],
      ["Ideal client profile", false, false],
      ["Pricing Strategist", true, false],
      ["VSL Alchemist", false, false],
      ["Record a welcome video", false, true],
    ]);

    // The client opens Sprint 1: their page draws their own list; the other client's is the default.
    const seen = await sprintPage(client.cookie);
    const start = Math.floor(seen.sprint.deadline! / DAY) * DAY - 5 * DAY;
    expect(seen.tasks.map((item) => item.title)).toEqual([
      "Offer Alchemy",
      "Messaging Mastery",
      "Ideal client profile",
      "VSL Alchemist",
      "Record a welcome video",
    ]);
    // The added task asks for a link, is done when staff approve it, and opens its tool.
    const video = seen.tasks.find((item) => item.title === "Record a welcome video")!;
    expect([video.tick, video.handIn, video.link]).toEqual([
      "hand-in",
      "link",
      "https://video.example.com/studio",
    ]);
    const renamed = seen.tasks.find((item) => item.id === "icp-builder")!;
    expect(renamed.dueAt).toBe(start + 4 * DAY - 1);
    // The list carries no instructions: the task's own page does.
    expect("instructions" in renamed).toBe(false);
    const taskPage = await routes.task.loader({
      request: get("/dashboard/sprint-1/tasks/icp-builder", client.cookie),
      context: context(),
      params: { sprint: "sprint-1", taskId: "icp-builder" },
    });
    expect(taskPage.task.instructions).toEqual(parseRichText("Describe **three** real clients."));
    expect(seen.objectives[0]?.title).toBe("A clear podcast offer");
    expect(seen.sprint.tasks).toEqual({ completed: 1, total: 5 });
    const untouched = await sprintPage(other.cookie);
    expect(untouched.tasks.map((item) => item.title)).toContain("Pricing Strategist");
    expect(untouched.tasks.map((item) => item.title)).toContain("ICP Builder");

    // Once the sprint runs, a due date is a day; the trail has every change.
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    await post(
      staff.cookie,
      client.accountId,
      task(1, "icp-builder", {
        intent: "save",
        title: "Ideal client profile",
        description: "Describe **three** real clients.",
        dueOn: tomorrow,
      }),
    );
    const redated = (await sprintPage(client.cookie)).tasks.find(
      (item) => item.id === "icp-builder",
    );
    expect(redated?.dueAt).toBe(Date.parse(`${tomorrow}T00:00:00Z`) + DAY - 1);
    const trail = (
      await routes.client.loader({
        request: get(`/staff/clients/${client.accountId}`, staff.cookie),
        context: context(),
        params: { clientId: client.accountId },
      })
    ).audit.entries.map((entry) => [entry.field, entry.before, entry.after]);
    // Each line names its task or objective by today's title; its values stay as they were.
    expect(trail).toEqual(
      expect.arrayContaining([
        ['Sprint 1 task "Ideal client profile" title', "ICP Builder", "Ideal client profile"],
        [
          'Sprint 1 task "Ideal client profile" due',
          "2 days after the sprint starts",
          "3 days after the sprint starts",
        ],
        [
          'Sprint 1 task "Ideal client profile" due',
          "3 days after the sprint starts",
          "1 day after the sprint starts",
        ],
        ["Sprint 1 task added", "—", "Record a welcome video"],
        ['Sprint 1 task "Pricing Strategist"', "shown", "hidden"],
        ['Sprint 1 task "Messaging Mastery" place', "3", "2"],
        [
          'Sprint 1 objective "A clear podcast offer" title',
          "Offer clarity",
          "A clear podcast offer",
        ],
      ]),
    );

    // The client has started: their template stays.
    const switched = asData<{ toast: { title: string } }>(
      await post(staff.cookie, client.accountId, {
        intent: "template",
        templateId: "podcast-launch",
      }),
    );
    expect(switched.init?.status).toBe(409);
    expect(switched.data.toast.title).toBe("Already Started");
  });

  it("invites a client on the template staff choose", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const listed = await routes.list.loader({
      request: get("/staff", staff.cookie),
      context: context(),
      params: {},
    });
    expect(listed.templates.map((template) => template.id)).toEqual(["default", "podcast-launch"]);
    const email = uniqueEmail(`invited-podcast-${engine}`);
    const invited = await settle(() =>
      routes.list.action({
        request: formPost(
          "/staff?index",
          { intent: "invite", email, templateId: "podcast-launch" },
          staff.cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    expect(statusOf(invited)).toBe(302);
    expect(
      (await planPage(staff.cookie, await accountIdOf(await userIdOf(email)))).template.name,
    ).toBe("Podcast launch");
  });

  it("switches a client who has not started to another template, clearing their own changes", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const client = await person("new-client");
    await post(staff.cookie, client.accountId, task(1, "icp-builder", { intent: "hide" }));
    const before = await planPage(staff.cookie, client.accountId);
    expect(before.canSwitch).toBe(true);
    expect(before.templates.map((template) => template.name)).toEqual([
      "Standard programme",
      "Podcast launch",
    ]);
    expect(
      statusOf(
        await post(staff.cookie, client.accountId, {
          intent: "template",
          templateId: "podcast-launch",
        }),
      ),
    ).toBe(302);
    const after = await planPage(staff.cookie, client.accountId);
    expect(after.template.name).toBe("Podcast launch");
    expect(after.sprints[0]?.tasks.map((item) => item.title)).toEqual([
      "Intake form",
      "Kick-off call",
    ]);
    expect((await sprintPage(client.cookie)).sprint.title).toBe("Discovery");
  });

  it("answers a bad or hostile post with the form again or a 4xx, never a change", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const client = await person("hostile-target");
    const refused = async (fields: Record<string, string>) => {
      const answer = asData<{ toast: { title: string }; values: Record<string, string> }>(
        await post(staff.cookie, client.accountId, fields),
      );
      return {
        status: answer.init?.status,
        title: answer.data.toast.title,
        values: answer.data.values,
      };
    };
    const long = "x".repeat(81);
    expect(await refused(task(1, "icp-builder", { intent: "save", title: long }))).toMatchObject({
      status: 400,
      title: "Check the Title",
      values: { title: long },
    });
    expect(
      await refused(task(1, "icp-builder", { intent: "save", title: "A", dueOn: "2026-02-30" })),
    ).toMatchObject({ status: 400, title: "Check the Due Date" });
    expect(
      await refused(
        task(1, "icp-builder", {
          intent: "save",
          title: "A",
          description: "[x](javascript:alert(1))",
        }),
      ),
    ).toMatchObject({ status: 400, title: "Check the Description" });
    const fields = { intent: "save", title: "A", owner: "client", handIn: "nothing" };
    expect(
      await refused(task(1, "icp-builder", { ...fields, handInRequired: "on" })),
    ).toMatchObject({ status: 400, title: "Choose What to Hand In" });
    expect(
      await refused(task(1, "icp-builder", { ...fields, link: "javascript:alert(1)" })),
    ).toMatchObject({ status: 400, title: "Check the Tool Link" });
    expect(
      await refused(task(1, "icp-builder", { ...fields, owner: "someone-else" })),
    ).toMatchObject({ status: 400 });
    // Questions: too long, an alias bomb, a prototype key, and text that is not a form.
    const form = { ...fields, handIn: "form" };
    const tooLong = "questions:\n" + "#".repeat(60_001);
    expect(await refused(task(1, "icp-builder", { ...form, questions: tooLong }))).toMatchObject({
      status: 400,
      title: "Check the Questions",
    });
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
      .concat(
        Array.from({ length: 9 }, (_, index) => {
          const from = String.fromCharCode(97 + index);
          const to = String.fromCharCode(98 + index);
          return `${to}: &${to} [*${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}]`;
        }),
      )
      .join("\n");
    for (const questions of [
      bomb,
      "questions:\n  - __proto__: { polluted: true }\n    id: a\n    kind: url\n    label: A",
      "- just a list",
      "questions: !!js/function 'return 1'",
    ]) {
      expect(await refused(task(1, "icp-builder", { ...form, questions }))).toMatchObject({
        status: 400,
        title: "Check the Questions",
        values: { questions },
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await refused(task(1, "no-such-task", { intent: "hide" }))).toMatchObject({
      status: 404,
    });
    expect(await refused(task(9, "icp-builder", { intent: "hide" }))).toMatchObject({
      status: 404,
    });
    expect(await refused({ intent: "drop-table", kind: "task", sprintId: "1" })).toMatchObject({
      title: "Not Found",
    });
    expect((await refused({ intent: "template", templateId: "../../etc/passwd" })).status).toBe(
      400,
    );
    const plan = await planPage(staff.cookie, client.accountId);
    expect(plan.sprints[0]?.tasks.every((item) => !item.hidden && !item.added)).toBe(true);
    expect(plan.sprints[0]?.tasks.find((item) => item.id === "icp-builder")?.title).toBe(
      "ICP Builder",
    );
  });

  it("keeps a client on the version they were given when the file changes, until staff apply it", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const client = await person("kept");
    const { inTransaction } = await import("~/data/connection.server");
    const { recordServedTemplate } = await import("~/data/client-plans.server");
    const { templateOf } = await import("~/programme/templates.server");
    const current = templateOf(null);
    // The file as it was: ICP Builder had another name. Then the current file is served.
    const earlier = current.source.replace("title: ICP Builder", "title: Client avatar");
    await inTransaction(async (trx) => {
      await recordServedTemplate(
        trx,
        { id: "default", version: "earlier-version", source: earlier, isDefault: true },
        1,
      );
      await recordServedTemplate(trx, { ...current, isDefault: true }, 2);
    });
    const titles = async () => (await sprintPage(client.cookie)).tasks.map((item) => item.title);
    expect(await titles()).toContain("Client avatar");

    const listed = await routes.templates.loader({
      request: get("/staff/templates", staff.cookie),
      context: context(),
      params: {},
    });
    const standard = listed.templates.find((template) => template.id === "default")!;
    const kept = standard.behind.find((row) => row.id === client.accountId);
    expect(kept?.changes).toEqual(['Sprint 1: task "Client avatar" renamed "ICP Builder"']);
    // The account is behind, not its person as well.
    expect(standard.behind.map((row) => row.id)).not.toContain(client.id);

    const applied = asResponse(
      await settle(() =>
        routes.templates.action({
          request: formPost(
            "/staff/templates",
            {
              templateId: "default",
              [`client:${client.accountId}`]: "on",
              "client:not-a-client": "on",
            },
            staff.cookie,
          ),
          context: context(),
          params: {},
        }),
      ),
    );
    expect(applied.status).toBe(302);
    expect(await titles()).toContain("ICP Builder");
    const after = await routes.templates.loader({
      request: get("/staff/templates", staff.cookie),
      context: context(),
      params: {},
    });
    const still = after.templates.find((template) => template.id === "default")!.behind;
    expect(still.some((row) => row.id === client.accountId)).toBe(false);
  });
});
