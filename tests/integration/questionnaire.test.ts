// A task's form on both engines, through its routes: answers saved per client account (a colleague
// sees them, the last save wins, who saved each is named), refusals beside the fields with what was
// typed kept, Submit as a hand-in version, "Request changes" reopening it, and the CSV exports.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { joinAccount } from "~/data/client-accounts.server";
import { inTransaction } from "~/data/connection.server";
import type { FormAnswer } from "~/forms/answer";
import type { QuestionnaireView } from "~/questionnaires/questionnaire-view";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
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

const context = (): AppLoadContext => ({ clientIp: "203.0.113.49" });
const TASK = "/dashboard/sprint-1/tasks/icp-builder";
const SAVE = "/resources/answers/sprint-1/icp-builder";
const params = { sprint: "sprint-1", taskId: "icp-builder" };

/** A post of answers: each field with all its values (a choice of several sends many). */
function answersPost(path: string, fields: [string, string][], cookie: string): Request {
  return new Request(`http://portal.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

/** The fields of answers to `answers`' questions, each question named as asked. */
const fieldsOf = (answers: Record<string, string | string[]>, intent?: string) => [
  ...(intent ? ([["intent", intent]] as [string, string][]) : []),
  ...Object.entries(answers).flatMap(([id, answer]): [string, string][] => [
    ["asked", id],
    ...[answer].flat().map((value): [string, string] => [`q-${id}`, value]),
  ]),
];

describe.each(ENGINES)("a task's form on %s", (engine) => {
  let auth: AuthServer;
  let signIns = 0;
  const person = (label: string, extra: Record<string, unknown> = {}) =>
    signedInUser(auth, uniqueEmail(`${label}-${engine}`), {
      extra,
      clientIp: `198.51.100.${(signIns += 1)}`,
    });

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
  });

  afterAll(async () => {
    await auth.close();
  });

  async function page(cookie: string) {
    const route = await import("~/routes/dashboard.$sprint_.tasks.$taskId");
    const loaded = await route.loader({ request: get(TASK, cookie), context: context(), params });
    return loaded as unknown as {
      questionnaire: QuestionnaireView;
      handIns: { version: number }[];
    };
  }

  async function post(cookie: string, fields: [string, string][]) {
    const route = await import("~/routes/dashboard.$sprint_.tasks.$taskId");
    return settle(() =>
      route.action({ request: answersPost(TASK, fields, cookie), context: context(), params }),
    );
  }

  async function autosave(cookie: string, fields: [string, string][]) {
    const route = await import("~/routes/resources.answers.$sprint.$taskId");
    const answer = asResponse(
      await settle(() =>
        route.action({ request: answersPost(SAVE, fields, cookie), context: context(), params }),
      ),
    );
    // Saved: a redirect to the save's "saved" mark; refused: the notes in JSON.
    const body = answer.status === 303 ? { errors: {} } : await answer.json();
    return { status: answer.status, body: body as { errors: Record<string, string> } };
  }

  const refused = (answer: unknown) => asData<FormAnswer>(answer);

  /** The default template's ICP Builder CSV: every client's latest answers. */
  async function templateCsv(cookie: string) {
    const route = await import("~/routes/staff.templates_.$templateId.tasks.$taskId.answers[.]csv");
    const answer = await route.loader({
      request: get("/staff/templates/default/tasks/icp-builder/answers.csv", cookie),
      context: context(),
      params: { templateId: "default", taskId: "icp-builder" },
    });
    return asResponse(answer).text();
  }

  it("keeps the account's answers as they are saved: a colleague resumes them, the last save of each wins, and says who saved it", async () => {
    const dana = await person("form-dana");
    const lee = await person("form-lee");
    await inTransaction((trx) => joinAccount(trx, lee.id, dana.accountId));
    const half = fieldsOf(
      { "best-clients": "Design studios", "company-size": "2–10" },
      "save-answers",
    );
    expect(asResponse(await post(dana.cookie, half)).status).toBe(302);
    const seen = (await page(lee.cookie)).questionnaire;
    expect(seen.saved["best-clients"]?.answer).toBe("Design studios");
    expect(seen.saved["company-size"]?.answer).toBe("2–10");
    expect(seen.saved["best-clients"]?.savedBy).not.toBe("You");
    // Lee's script saves one answer; Dana's other answer stays.
    const saved = await autosave(lee.cookie, fieldsOf({ "best-clients": "Small design studios" }));
    expect(saved.status).toBe(303);
    const now = (await page(dana.cookie)).questionnaire.saved;
    expect(now["best-clients"]?.answer).toBe("Small design studios");
    expect(now["company-size"]?.answer).toBe("2–10");
    expect((await page(lee.cookie)).questionnaire.saved["best-clients"]?.savedBy).toBe("You");
    // An answer emptied is cleared; a choice of several keeps each one chosen.
    await autosave(
      dana.cookie,
      fieldsOf({ "company-size": "", channels: ["LinkedIn", "Podcasts"] }),
    );
    const cleared = (await page(dana.cookie)).questionnaire.saved;
    expect(cleared["company-size"]).toBeUndefined();
    expect(cleared.channels?.answer).toEqual(["LinkedIn", "Podcasts"]);
  });

  it("refuses hostile answers beside their fields, keeps what was typed, saves the rest and ignores forged questions", async () => {
    const dana = await person("form-hostile");
    const fields: [string, string][] = [
      ["intent", "save-answers"],
      ...fieldsOf({
        "best-clients": "Ops\u202e leads\u0007",
        "deal-size": "lots",
        "company-size": "A forged choice",
        "best-client-website": "javascript:alert(1)",
        "best-client-since": "2026-02-30",
        "tried-before": "x".repeat(20_000),
        "supporting-document": crypto.randomUUID(),
      }),
      ["asked", "__proto__"],
      ["q-__proto__", "forged"],
      ["q-not-a-question", "forged"],
    ];
    const answer = refused(await post(dana.cookie, fields));
    expect(answer.init?.status).toBe(422);
    const { errors, values } = answer.data;
    expect(Object.keys(errors).sort()).toEqual(
      [
        "q-best-client-since",
        "q-best-client-website",
        "q-company-size",
        "q-deal-size",
        "q-supporting-document",
        "q-tried-before",
      ].sort(),
    );
    expect(values["q-deal-size"]).toBe("lots");
    const saved = (await page(dana.cookie)).questionnaire.saved;
    expect(Object.keys(saved)).toEqual(["best-clients"]);
    expect(saved["best-clients"]?.answer).toBe("Ops leads");
    // The script's save answers the same, in JSON.
    const script = await autosave(dana.cookie, fieldsOf({ "deal-size": "-5" }));
    expect(script.status).toBe(422);
    expect(Object.keys(script.body.errors)).toEqual(["q-deal-size"]);
    // A post that answers none of the form's questions is no save; only posts save.
    expect(
      (
        await autosave(dana.cookie, [
          ["q-__proto__", "x"],
          ["__proto__", "y"],
        ])
      ).status,
    ).toBe(400);
    const route = await import("~/routes/resources.answers.$sprint.$taskId");
    const patch = new Request(`http://portal.test${SAVE}`, {
      method: "PATCH",
      headers: { Cookie: dana.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fieldsOf({ "best-clients": "Patched" })),
    });
    const patched = await settle(() =>
      route.action({ request: patch, context: context(), params }),
    );
    expect(asResponse(patched).status).toBe(405);
    const mark = await route.loader({
      request: get(`${SAVE}?saved`, dana.cookie),
      context: context(),
      params,
    });
    expect(asResponse(mark).status).toBe(204);
  });

  it("leaves handing in to clients: staff submitting a form on the client pages are refused", async () => {
    const staff = await person("form-staff-submit", { app_metadata: { role: "staff" } });
    const complete = fieldsOf(
      { "best-clients": "Design studios", "trigger-problem": "Lost two clients" },
      "submit-answers",
    );
    const answer = refused(await post(staff.cookie, complete));
    expect(answer.init?.status).toBe(403);
    expect(answer.data.toast.title).toBe("For Clients");
    expect((await page(staff.cookie)).handIns).toEqual([]);
  });

  it("hands the answers in as a version: required ones first, locked while in review, reopened with its answers by Request changes", async () => {
    const dana = await person("form-submit");
    const staff = await person("form-staff", { app_metadata: { role: "staff" } });
    const first = fieldsOf({ "best-clients": "Design studios" }, "submit-answers");
    const missing = refused(await post(dana.cookie, first));
    expect(missing.init?.status).toBe(422);
    expect(missing.data.errors).toEqual({ "q-trigger-problem": "This question needs an answer." });
    expect((await page(dana.cookie)).handIns).toEqual([]);
    const complete = fieldsOf(
      {
        "trigger-problem": '=HYPERLINK("http://evil.test","x") Lost two clients',
        channels: ["LinkedIn"],
      },
      "submit-answers",
    );
    expect(asResponse(await post(dana.cookie, complete)).status).toBe(302);
    const handedIn = await page(dana.cookie);
    expect(handedIn.handIns.map((handIn) => handIn.version)).toEqual([1]);
    expect(handedIn.questionnaire.open).toBe(false);
    expect((await autosave(dana.cookie, fieldsOf({ "best-clients": "Late" }))).status).toBe(409);
    // Staff read the answers, and ask for a change.
    const staffTask = await import("~/routes/staff.clients.$clientId_.tasks.$taskId");
    const path = `/staff/clients/${dana.accountId}/tasks/icp-builder`;
    const staffParams = { clientId: dana.accountId, taskId: "icp-builder" };
    const review = (await staffTask.loader({
      request: get(path, staff.cookie),
      context: context(),
      params: staffParams,
    })) as unknown as {
      handIns: { id: number; form: { answers: Record<string, unknown> } | null }[];
      answersCsv: string | null;
    };
    expect(review.handIns[0]?.form?.answers["best-clients"]).toBe("Design studios");
    expect(review.answersCsv).toBe(`${path}/answers.csv`);
    const decided = await settle(() =>
      staffTask.action({
        request: formPost(
          path,
          {
            handInId: String(review.handIns[0]!.id),
            decision: "changes-requested",
            comment: "Say more about who they are",
          },
          staff.cookie,
        ),
        context: context(),
        params: staffParams,
      }),
    );
    expect(asResponse(decided).status).toBe(302);
    const reopened = await page(dana.cookie);
    expect(reopened.questionnaire.open).toBe(true);
    expect(reopened.questionnaire.saved["best-clients"]?.answer).toBe("Design studios");
    const again = fieldsOf({ "best-clients": "Design studios of 2–10 people" }, "submit-answers");
    expect(asResponse(await post(dana.cookie, again)).status).toBe(302);
    expect((await page(dana.cookie)).handIns.map((handIn) => handIn.version)).toEqual([2, 1]);
    // The CSVs: both versions of this client; every client's latest for the template.
    const csvRoute = await import("~/routes/staff.clients.$clientId_.tasks.$taskId_.answers[.]csv");
    const csv = asResponse(
      await csvRoute.loader({
        request: get(`${path}/answers.csv`, staff.cookie),
        context: context(),
        params: staffParams,
      }),
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A byte order mark first, for spreadsheets (the decoder drops it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(
      /^Client,Version,Submitted at,Submitted by,Who are your best clients\?,/,
    );
    expect(lines.slice(1, 3).map((line) => line.split(",")[1])).toEqual(["1", "2"]);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") Lost two clients"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    const all = await templateCsv(staff.cookie);
    const rows = all.split("\r\n").filter((line) => line.includes(dana.email));
    expect(rows.map((line) => line.split(",")[1])).toEqual(["2"]);
    // A client reaches neither.
    const forbidden = await settle(() =>
      csvRoute.loader({
        request: get(`${path}/answers.csv`, dana.cookie),
        context: context(),
        params: staffParams,
      }),
    );
    expect(forbidden instanceof Response ? forbidden.status : asData(forbidden).init?.status).toBe(
      404,
    );
  });
  it("asks one client the questions staff gave them on the Tasks tab, refuses bad ones by line, and the template's again once cleared", async () => {
    const dana = await person("form-own");
    const other = await person("form-own-other");
    const staff = await person("form-own-staff", { app_metadata: { role: "staff" } });
    const planRoute = await import("~/routes/staff.clients.$clientId_.plan");
    const planPath = `/staff/clients/${dana.accountId}/plan`;
    const planParams = { clientId: dana.accountId };
    const save = (questions: string, itemId = "icp-builder", intent = "save") =>
      settle(() =>
        planRoute.action({
          request: formPost(
            planPath,
            {
              intent,
              kind: "task",
              sprintId: "1",
              ...(intent === "save" ? { itemId } : {}),
              title: intent === "save" ? "ICP Builder" : "Team survey",
              owner: "client",
              handIn: "form",
              link: "",
              questions,
            },
            staff.cookie,
          ),
          context: context(),
          params: planParams,
        }),
      );
    const plan = async () =>
      (await planRoute.loader({
        request: get(planPath, staff.cookie),
        context: context(),
        params: planParams,
      })) as unknown as { sprints: { tasks: { id: string; questions: string }[] }[] };
    const icpQuestions = async () =>
      (await plan()).sprints[0]!.tasks.find((task) => task.id === "icp-builder")!.questions;
    expect(await icpQuestions()).toMatch(/^questions:\n {2}- id: best-clients\n/);

    // A mistake comes back with its line and what was typed; nothing is stored.
    const typo = "questions:\n  - id: team-size\n    kind: nunber\n    label: How many sell?\n";
    const wrong = refused(await save(typo));
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.toast?.title).toBe("Check the Questions");
    expect(wrong.data.errors.questions).toBe(
      "Line 3, questions[0].kind: must be one of: short-text, long-text, choice, number, date, url, file",
    );
    expect(wrong.data.values.questions).toBe(typo);
    // A task added as a form needs questions: the template gives it none.
    const bare = refused(await save("", "", "add"));
    expect([bare.init?.status, bare.data.toast?.title]).toEqual([400, "Give It Questions"]);

    const own = [
      "questions:",
      "  - id: team-size",
      "    kind: number",
      "    label: How many people sell?",
      "    required: true",
      "  - id: best-clients",
      "    kind: long-text",
      "    label: Who buys most?",
    ].join("\n");
    expect(asResponse(await save(own)).status).toBe(302);
    expect(await icpQuestions()).toContain("- id: team-size");
    const asked = (await page(dana.cookie)).questionnaire.questions;
    expect(asked.map((question) => [question.id, question.label])).toEqual([
      ["team-size", "How many people sell?"],
      ["best-clients", "Who buys most?"],
    ]);
    expect((await page(other.cookie)).questionnaire.questions).toHaveLength(10);

    // Her hand-in carries her questions; the template's CSV gains a column for the one it lacks.
    const missing = refused(await post(dana.cookie, fieldsOf({}, "submit-answers")));
    expect(missing.data.errors).toEqual({ "q-team-size": "This question needs an answer." });
    const answers = fieldsOf({ "team-size": "4", "best-clients": "Studios" }, "submit-answers");
    expect(asResponse(await post(dana.cookie, answers)).status).toBe(302);
    const all = await templateCsv(staff.cookie);
    const [header, ...rows] = all.split("\r\n");
    expect(header).toMatch(/,How many people sell\?$/);
    const danaRow = rows.find((line) => line.includes(dana.email))!;
    expect(danaRow.endsWith(",4")).toBe(true);
    expect(danaRow).toContain(",Studios,");

    // Cleared: the template's questions again, her answer to the one they share kept.
    expect(asResponse(await save("")).status).toBe(302);
    expect((await page(dana.cookie)).questionnaire.questions).toHaveLength(10);
    const client = await import("~/routes/staff.clients.$clientId");
    const trail = (
      await client.loader({
        request: get(`/staff/clients/${dana.accountId}`, staff.cookie),
        context: context(),
        params: planParams,
      })
    ).audit.entries.map((entry) => [entry.field, entry.before, entry.after]);
    expect(trail).toEqual(
      expect.arrayContaining([
        ['Sprint 1 task "ICP Builder" questions', "10 questions", "2 questions"],
        ['Sprint 1 task "ICP Builder" questions', "2 questions", "10 questions"],
      ]),
    );
  });
});
