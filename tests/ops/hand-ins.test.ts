// Handing in work on the built server, on both engines, as a browser without JavaScript would (a
// multipart post) and as the page's script does (JSON answers): version 1, changes requested with a
// comment, version 2, approval; the task Done; the queue, the audit trail and the client's thread.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { startMailCatcher } from "@portal/auth-server/tests/smtp-mail";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  postForm,
  shownTaskStatuses,
  consoleAccountId,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Hand-Ins-Test-2026!";
const TASK = "/dashboard/sprint-1/tasks/vsl-alchemist";
const SCRIPT_TASK = "/resources/hand-ins/sprint-1/vsl-alchemist";
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n%%EOF\n", "latin1");

type Person = { id: string; email: string; cookie: string };

async function page(app: RunningProcess, path: string, cookie: string) {
  const response = await fetch(`${app.url}${path}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A multipart post of `fields` and `files` (name → bytes), as a browser sends the form. */
function postFiles(
  app: RunningProcess,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  files: Record<string, Buffer> = {},
  accept = "text/html",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    form.append("files", new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.url, Cookie: cookie, Accept: accept },
    body: form,
  });
}

describe.each(["sqlite", "postgres"] as const)("hand-ins (%s)", (engine) => {
  let auth: RunningProcess;
  let app: RunningProcess;
  let staff: Person;
  let client: Person;
  let other: Person;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    smtp = await startMailCatcher();
    const database: Record<string, string> =
      engine === "postgres" ? { DATABASE_URL: freshPostgres().url } : {};
    app = await startAppProcess(freePort(), auth.url, {
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      UPLOAD_MAX_CLIENT_BYTES: "4096",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "portal@agency.test",
      MESSAGE_MAIL_DELAY_SECONDS: "1",
      ...database,
    });
    staff = await signedInPerson(app, auth.url, "review-staff", PASSWORD, true);
    client = await signedInPerson(app, auth.url, "hand-in-client", PASSWORD);
    other = await signedInPerson(app, auth.url, "hand-in-other", PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
    await smtp?.close();
  });

  it("carries a hand-in through changes requested, a second version and approval", async () => {
    const sprint = await page(app, "/dashboard/sprint-1", client.cookie);
    expect(sprint.html).toContain(`href="${TASK}"`);
    const before = await page(app, TASK, client.cookie);
    expect(before.status).toBe(200);
    expect(before.html).toContain("Hand in your work");
    expect(before.html).toContain("What to do");
    expect(before.html).toContain("Submit for review");

    // A task that asks for files refuses a post without any, keeping the note.
    const empty = await postFiles(app, TASK, client.cookie, { link: "", note: "Draft one" });
    expect(empty.status).toBe(400);
    const emptyPage = (await empty.text()).replaceAll("<!-- -->", "");
    expect(emptyPage).toContain("This task asks for files: choose at least one.");
    expect(emptyPage).toContain("Draft one");

    const first = await postFiles(
      app,
      TASK,
      client.cookie,
      { link: "", note: "Draft one" },
      { "vsl-script.pdf": PDF },
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(TASK);
    const waiting = await page(app, TASK, client.cookie);
    expect(waiting.html).toContain("Version 1");
    expect(waiting.html).toContain("In review");
    expect(waiting.html).toContain("vsl-script.pdf");
    expect(waiting.html).not.toContain("Submit for review");
    // One version waits at a time: a post from a tab still showing the form is refused.
    const twice = await postFiles(
      app,
      TASK,
      client.cookie,
      { link: "", note: "" },
      { "b.pdf": PDF },
    );
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Your latest version is with the agency");
    // While it waits for review the sprint page offers no toggle for it.
    expect(
      (await shownTaskStatuses(app, ["vsl-alchemist"], client.cookie)).has("vsl-alchemist"),
    ).toBe(false);

    const queue = await page(app, "/staff/reviews", staff.cookie);
    expect(queue.html).toContain("VSL Alchemist, version 1");
    expect(queue.html).toContain(client.email);
    const accountId = await consoleAccountId(app, client.id, staff.cookie);
    const staffTask = `/staff/clients/${accountId}/tasks/vsl-alchemist`;
    const reviewPage = await page(app, staffTask, staff.cookie);
    const handInId = /name="handInId" value="(\d+)"/.exec(reviewPage.html)?.[1];
    expect(handInId).toBeDefined();

    // "Request changes" needs a comment; a decision nobody offered is refused.
    const bare = await postForm(
      app,
      staffTask,
      { handInId: handInId!, decision: "changes-requested", comment: " " },
      { Cookie: staff.cookie },
    );
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain("Write what the client should change.");
    const odd = await postForm(
      app,
      staffTask,
      { handInId: handInId!, decision: "maybe", comment: "" },
      { Cookie: staff.cookie },
    );
    expect(odd.status).toBe(400);
    // Sent back, the task gets a new due day: today or later, three days out here.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const sendBack = (dueOn: string) =>
      postForm(
        app,
        staffTask,
        {
          handInId: handInId!,
          decision: "changes-requested",
          comment: "Open with the story.",
          dueOn,
        },
        { Cookie: staff.cookie },
      );
    const yesterday = await sendBack(day(-1));
    expect(yesterday.status).toBe(400);
    expect(await yesterday.text()).toContain("Give the client today or a later day.");
    const changes = await sendBack(day(3));
    expect(changes.status).toBe(302);
    const dueAgain = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }).format(Date.parse(`${day(3)}T12:00:00Z`));
    expect((await page(app, "/dashboard/sprint-1", client.cookie)).html).toContain(
      `Due ${dueAgain}`,
    );
    const again = await postForm(
      app,
      staffTask,
      { handInId: handInId!, decision: "approved", comment: "" },
      { Cookie: staff.cookie },
    );
    expect(again.status).toBe(409);

    const asked = await page(app, TASK, client.cookie);
    expect(asked.html).toContain("Changes requested");
    expect(asked.html).toContain("Open with the story.");
    expect(asked.html).toContain("Hand in version 2");
    const thread = await page(app, "/dashboard/messages", client.cookie);
    expect(thread.html).toContain("Changes requested on “VSL Alchemist” (version 1):");

    // Version 2 through the script's path: a JSON answer naming the page, its toast in a cookie.
    const second = await postFiles(
      app,
      SCRIPT_TASK,
      client.cookie,
      { link: "https://client.test/vsl-v2", note: "" },
      { "vsl-script-v2.pdf": PDF },
      "application/json",
    );
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ location: TASK });
    expect(second.headers.get("set-cookie")).toContain("toast=");

    const secondPage = await page(app, staffTask, staff.cookie);
    const secondId = /name="handInId" value="(\d+)"/.exec(secondPage.html)?.[1];
    expect(secondId).not.toBe(handInId);
    const approved = await postForm(
      app,
      staffTask,
      { handInId: secondId!, decision: "approved", comment: "Great hook." },
      { Cookie: staff.cookie },
    );
    expect(approved.status).toBe(302);

    expect(
      (await shownTaskStatuses(app, ["vsl-alchemist"], client.cookie)).get("vsl-alchemist"),
    ).toBe("completed");
    const done = await page(app, TASK, client.cookie);
    expect(done.html).toContain("Approved: this task is done.");
    expect(done.html).toMatch(/Version 2[\s\S]*Approved[\s\S]*Version 1[\s\S]*Changes requested/);
    expect((await page(app, "/staff/reviews", staff.cookie)).html).not.toContain(client.email);
    // The client is mailed the decision, as any message from the agency, with the way to the task.
    const decision = await vi.waitFor(
      () => {
        const mailed = smtp.messages.find(
          (mail) =>
            !Array.isArray(mail.to) &&
            mail.to?.text === client.email &&
            mail.text?.includes("Approved “VSL Alchemist” (version 2)."),
        );
        if (!mailed) throw new Error("the approval is not mailed yet");
        return mailed;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(decision.text).toContain(`Open VSL Alchemist: ${app.url}${TASK}`);
    // In the thread, the hand-in's and the decision's notices link to the task.
    const notices = await page(app, "/dashboard/messages", client.cookie);
    expect(notices.html).toContain(`href="${TASK}"`);
    const trail = await page(app, `/staff/clients/${accountId}`, staff.cookie);
    expect(trail.html).toContain("Hand-in: VSL Alchemist, version 2");
    const files = await page(app, "/dashboard/files", client.cookie);
    expect(files.html).toContain("vsl-script-v2.pdf");
    // Its kind, and a way to open it in place (a PDF may).
    expect(files.html).toMatch(/PDF · 4\d B · You/);
    const inline = /href="(\/resources\/files\/[0-9a-f-]{36}\?inline=1)"/.exec(files.html)?.[1];
    const opened = await fetch(`${app.url}${inline}`, { headers: { Cookie: client.cookie } });
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toMatch(/^inline;/);
  });

  it("keeps each client's hand-ins their own, and refuses what does not fit", async () => {
    expect((await page(app, "/dashboard/sprint-1/tasks/no-such-task", client.cookie)).status).toBe(
      404,
    );
    expect((await page(app, "/dashboard/sprint-9/tasks/vsl-alchemist", client.cookie)).status).toBe(
      404,
    );
    expect(
      (await page(app, `/staff/clients/${client.id}/tasks/vsl-alchemist`, other.cookie)).status,
    ).toBe(404);
    expect((await page(app, "/staff/reviews", other.cookie)).status).toBe(404);
    // Another client's task page shows none of the first client's versions.
    expect((await page(app, TASK, other.cookie)).html).not.toContain("vsl-script");

    // Hand-ins at once on one task: one is version 1; the others wait their turn and are refused,
    // or are refused at once past the two uploads a client may have on their way.
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postFiles(
          app,
          "/dashboard/sprint-1/tasks/pricing-strategist",
          other.cookie,
          { link: "", note: "" },
          {
            [`price-${index}.pdf`]: PDF,
          },
        ).then((response) => response.status),
      ),
    );
    expect(burst.filter((status) => status === 302)).toHaveLength(1);
    expect(burst.filter((status) => status !== 302 && status !== 409 && status !== 429)).toEqual(
      [],
    );
    // Staff review work; they hand none in.
    const byStaff = await postFiles(
      app,
      TASK,
      staff.cookie,
      { link: "", note: "" },
      { "s.pdf": PDF },
    );
    expect(byStaff.status).toBe(403);

    // A task done with its tick takes no hand-in; a link task needs an https link.
    const tickTask = await postFiles(
      app,
      "/dashboard/sprint-1/tasks/messaging-mastery",
      other.cookie,
      {
        link: "https://client.test/x",
        note: "",
      },
    );
    expect(tickTask.status).toBe(409);
    const badLink = await postFiles(
      app,
      TASK,
      other.cookie,
      { link: "javascript:alert(1)", note: "" },
      {
        "a.pdf": PDF,
      },
    );
    expect(badLink.status).toBe(400);
    expect(await badLink.text()).toContain("A link starts with https:// and is one address.");

    // A program renamed .pdf, and a web page: refused by their bytes, naming the file.
    const program = await postFiles(
      app,
      TASK,
      other.cookie,
      { link: "", note: "" },
      {
        "script.pdf": Buffer.concat([Buffer.from("MZ\x90\0", "latin1"), Buffer.alloc(200)]),
      },
    );
    expect(program.status).toBe(415);
    expect(await program.text()).toContain("“script.pdf” is not a PDF");
    const html = await postFiles(
      app,
      TASK,
      other.cookie,
      { link: "", note: "" },
      {
        "page.html": Buffer.from("<html><script>alert(1)</script></html>"),
      },
    );
    expect(html.status).toBe(415);

    // The client's storage (4 KiB here) is full: refused, and nothing kept.
    const big = Buffer.concat([PDF, Buffer.alloc(5000, 32)]);
    const full = await postFiles(
      app,
      TASK,
      other.cookie,
      { link: "", note: "" },
      { "big.pdf": big },
    );
    expect(full.status).toBe(413);
    expect(await full.text()).toContain("Storage Full");
    expect((await page(app, TASK, other.cookie)).html).not.toContain("Versions handed in");
  });
});
