// The conversation on the built server, on both engines, as plain form posts: a client asks, staff
// answer and leave notes (nothing staff keep to themselves, nor their addresses, reaches a client's
// page or data), unread counts follow; hostile and excessive posts get the form again or 429.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runOnAppDatabase, type AppDatabase } from "../support/app-database";
import { freshPostgres } from "../support/postgres";
import {
  freePort,
  logLines,
  postForm,
  consoleAccountId,
  signedInPerson,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Conversation-Test-2026!";
const NOTE = "Internal: their budget is tight, offer the smaller package";

/** A page's HTML, React's text-node markers removed. */
async function page(app: RunningProcess, path: string, cookie: string) {
  const response = await fetch(`${app.url}${path}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

describe.each(["sqlite", "postgres"] as const)("the conversation (%s)", (engine) => {
  let auth: RunningProcess;
  let app: RunningProcess;
  let staff: { id: string; email: string; cookie: string };
  let client: { id: string; email: string; cookie: string };
  let other: { id: string; email: string; cookie: string };
  let data: AppDatabase;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    data = {
      dataDir: mkdtempSync(join(tmpdir(), "portal-talk-")),
      databaseUrl: engine === "postgres" ? freshPostgres().url : undefined,
    };
    app = await startAppProcess(freePort(), auth.url, {
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      DATA_DIR: data.dataDir,
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
    });
    staff = await signedInPerson(app, auth.url, "talk-staff", PASSWORD, true);
    client = await signedInPerson(app, auth.url, "talk-client", PASSWORD);
    other = await signedInPerson(app, auth.url, "talk-other", PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("carries a question and its answer, with unread counts on both sides and notes kept from the client", async () => {
    const thread = `/staff/clients/${await consoleAccountId(app, client.id, staff.cookie)}/messages`;
    const asked = await postForm(
      app,
      "/dashboard/messages",
      { body: "Hello!\nWhere do I find the VSL template? https://example.com/help." },
      { Cookie: client.cookie },
    );
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/dashboard/messages");

    const list = await page(app, `/staff?q=${encodeURIComponent(client.email)}`, staff.cookie);
    expect(list.html).toContain("1 unread");
    const inbox = await page(app, "/staff/messages", staff.cookie);
    expect(inbox.html).toContain(client.email);
    expect(inbox.html).toMatch(/waiting since just now/);

    const opened = await page(app, thread, staff.cookie);
    expect(opened.html).toContain("Where do I find the VSL template?");
    expect(opened.html).toContain(
      '<a href="https://example.com/help" target="_blank" rel="noopener noreferrer nofollow"',
    );
    expect(
      (await page(app, `/staff?q=${encodeURIComponent(client.email)}`, staff.cookie)).html,
    ).not.toContain("1 unread");

    expect(
      (await postForm(app, thread, { body: NOTE, internal: "on" }, { Cookie: staff.cookie }))
        .status,
    ).toBe(302);
    expect(
      (await postForm(app, thread, { body: "It is under Files." }, { Cookie: staff.cookie }))
        .status,
    ).toBe(302);
    const staffView = await page(app, thread, staff.cookie);
    expect(staffView.html).toContain(NOTE);
    expect(staffView.html).toContain("Internal note");
    expect((await page(app, "/staff/messages", staff.cookie)).html).not.toContain("waiting since");

    // The client: one unread answer on every page but the thread itself, never the note.
    const dashboard = await page(app, "/dashboard", client.cookie);
    expect(dashboard.html).toContain('aria-label="Messages, 1 unread"');
    expect(dashboard.html).not.toContain(NOTE);
    const data = await page(app, "/dashboard/messages.data", client.cookie);
    expect(data.status).toBe(200);
    expect(data.html).toContain("It is under Files.");
    expect(data.html).not.toContain("their budget");
    const read = await page(app, "/dashboard/messages", client.cookie);
    expect(read.html).toContain(`Agency · ${staff.email.split("@")[0]}`);
    expect(read.html).toContain("It is under Files.");
    expect(read.html).not.toContain("their budget");
    expect(read.html).not.toContain("Internal note");
    expect((await page(app, "/dashboard", client.cookie)).html).not.toContain("1 unread");

    // Another client's thread is their own: empty, and the staff thread is a 404 page to them.
    const elsewhere = await page(app, "/dashboard/messages", other.cookie);
    expect(elsewhere.html).toContain("No messages yet.");
    expect((await page(app, thread, other.cookie)).status).toBe(404);
    expect((await postForm(app, thread, { body: "hi" }, { Cookie: other.cookie })).status).toBe(
      404,
    );
  });

  it("shows a client back after a while none of what staff keep to themselves, on any page or data answer", async () => {
    const kept = await signedInPerson(app, auth.url, "talk-kept", PASSWORD);
    expect((await page(app, "/dashboard", kept.cookie)).status).toBe(200);
    const clientPage = `/staff/clients/${await consoleAccountId(app, kept.id, staff.cookie)}`;
    const staffPost = async (path: string, fields: Record<string, string>) =>
      expect((await postForm(app, path, fields, { Cookie: staff.cookie })).status).toBe(302);
    // "Who they are", a task added and then hidden from them, a note; and a message they may read.
    await staffPost(clientPage, {
      intent: "profile",
      name: "Dana Secret",
      company: "Acme churnrisk",
    });
    const plan = `${clientPage}/plan`;
    const task = { kind: "task", sprintId: "1" };
    await staffPost(plan, { ...task, intent: "add", title: "Renewal pitch", description: "" });
    const added = /value="(added-[0-9a-f]+)"/.exec((await page(app, plan, staff.cookie)).html)?.[1];
    expect(added).toBeDefined();
    await staffPost(plan, { ...task, itemId: added!, intent: "hide" });
    await staffPost(`${clientPage}/messages`, { body: "Internal: churn risk", internal: "on" });
    await staffPost(`${clientPage}/messages`, { body: "Your offer draft is ready." });
    expect((await page(app, clientPage, staff.cookie)).html).toContain("Acme churnrisk");
    // Half an hour away: the next view starts a visit whose news begin at the last one's end.
    await runOnAppDatabase(
      data,
      `update visits set seen_at = seen_at - 3600000 where viewer_id = '${kept.id}'`,
    );

    const paths = [
      "/dashboard",
      "/dashboard/sprint-1",
      "/dashboard/sprint-2",
      "/dashboard/sprint-3",
      "/dashboard/sprint-4",
      "/dashboard/sprint-1/tasks/icp-builder",
      "/dashboard/messages",
      "/dashboard/files",
      "/dashboard/account",
    ];
    const home = await page(app, "/dashboard", kept.cookie);
    expect(home.html).toContain("Since your last visit");
    expect(home.html).toContain("1 new message");
    for (const path of paths) {
      for (const answer of [
        await page(app, path, kept.cookie),
        await page(app, `${path}.data`, kept.cookie),
      ]) {
        expect(answer.status).toBe(200);
        for (const secret of [
          "Dana Secret",
          "Acme churnrisk",
          "Renewal pitch",
          "churn risk",
          staff.email,
        ]) {
          expect(answer.html, `${path} carries ${secret}`).not.toContain(secret);
        }
      }
    }
    const thread = await page(app, "/dashboard/messages.data", kept.cookie);
    expect(thread.html).toContain("Your offer draft is ready.");
    expect(thread.html).toContain(`Agency · ${staff.email.split("@")[0]}`);
  });

  it("answers an empty, a too long or a script-laden message with the form or as text, and a flood with 429", async () => {
    const send = (body: string, extra: Record<string, string> = {}) =>
      postForm(app, "/dashboard/messages", { body, ...extra }, { Cookie: other.cookie });
    const empty = await send(" \u0000\n ");
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write something before you send it.");
    const long = await send(`${"Long story. ".repeat(420)}end`);
    expect(long.status).toBe(400);
    const longPage = await long.text();
    expect(longPage).toContain("A message can be up to 5,000 characters.");
    expect(longPage).toContain("Long story. Long story.");
    // A client cannot write a note: the box is ignored and the message is an ordinary one.
    expect(
      (await send('<script>alert("x")</script><img src=x onerror=alert(1)>', { internal: "on" }))
        .status,
    ).toBe(302);
    const shown = await page(app, "/dashboard/messages", other.cookie);
    expect(shown.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(shown.html).not.toContain("<img src=x");
    expect(shown.html).not.toContain("Internal note");

    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await send(`message ${i}`)).status);
    const flooded = await send("one too many");
    expect(answers.filter((status) => status === 302).length).toBe(29);
    expect(flooded.status).toBe(429);
    expect(flooded.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await flooded.text()).toContain("one too many");
  });

  it("without a booking page, sends 'Schedule Meeting' to the messages and tells staff so", async () => {
    const home = await page(app, "/dashboard", client.cookie);
    // The one link around the words.
    const meeting = home.html.match(/<a [^>]*>(?:(?!<\/a>)[^])*Schedule Meeting/)?.[0];
    expect(meeting).toMatch(/^<a [^>]*href="\/dashboard\/messages"/);
    expect(home.html).not.toContain("calendly");
    const console = await page(app, "/staff", staff.cookie);
    expect(console.html).toContain("No booking page is set");
    expect(logLines(app).map((line) => line.message)).toContain(
      "BOOKING_URL is not set: 'Schedule Meeting' opens the client's messages to the agency",
    );
  });

  it("pings a client's open tab for the agency's message, never for a note", async () => {
    const clientTab = await liveEvents(app, client.cookie);
    const staffTab = await liveEvents(app, staff.cookie);
    try {
      const thread = `/staff/clients/${await consoleAccountId(app, client.id, staff.cookie)}/messages`;
      await postForm(
        app,
        thread,
        { body: "A note for us", internal: "on" },
        { Cookie: staff.cookie },
      );
      await vi.waitFor(() => expect(staffTab.changes()).toBeGreaterThan(0), { timeout: 5_000 });
      // The staff tab heard of the note; give the client's as long again, and more.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(clientTab.changes()).toBe(0);
      await postForm(app, thread, { body: "A word for you" }, { Cookie: staff.cookie });
      await vi.waitFor(() => expect(clientTab.changes()).toBe(1), { timeout: 5_000 });
    } finally {
      clientTab.close();
      staffTab.close();
    }
  });
});

/** A tab's live stream: how many "changed" events it has received so far. */
async function liveEvents(app: RunningProcess, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${app.url}/resources/live`, {
    headers: { Cookie: cookie },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  let changes = 0;
  let buffered = "";
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: "", done: true }));
      if (done) return;
      buffered += value;
      for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
        if (buffered.slice(0, end).includes("event: changed")) changes++;
        buffered = buffered.slice(end + 2);
      }
    }
  })();
  return { changes: () => changes, close: () => abort.abort() };
}
