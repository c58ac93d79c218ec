// Task reminders and the staff's overdue summary on both engines, the clock faked, mailed by the job
// worker to a real SMTP server: the day before at 09:00 in each person's zone, again on the due day,
// never for done, agency, a colleague's or muted work, nor to someone removed from the account.
import { loadAuthConfig, startAuthServer, type AuthServer } from "@portal/auth-server";
import { startMailCatcher, type MailCatcher } from "@portal/auth-server/tests/smtp-mail";
import type { ParsedMail } from "mailparser";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applyProgrammeChanges } from "~/data/client-programme.server";
import { refreshClientFacts } from "~/data/task-facts.server";
import { saveDirectory } from "~/data/client-directory.server";
import { joinAccount, removeFromAccount } from "~/data/client-accounts.server";
import { assignTask } from "~/data/task-assignees.server";
import { recordHandIn } from "~/data/hand-ins.server";
import { saveTimeZone } from "~/data/client-profiles.server";
import { database, inTransaction } from "~/data/connection.server";
import { setMailMode } from "~/data/mail.server";
import type { AccountStatus } from "~/data/shapes";
import { JOB_HANDLERS, RECURRING_JOBS } from "~/jobs/handlers.server";
import { scheduleRecurring } from "~/jobs/recurring.server";
import { startJobWorker, type JobWorker } from "~/jobs/worker.server";
import { queueOverdueSummaries } from "~/mail/overdue-summary.server";
import {
  reminderWindows,
  runTaskReminder,
  scanForReminders,
  TASK_REMINDER_JOB,
} from "~/mail/task-reminders.server";
import { beginOverdueReminders, remindersDue } from "~/data/task-reminders.server";
import { unsubscribe } from "~/mail/unsubscribe.server";
import { canonicalTimeZone } from "~/lib/time-zones";
import {
  ENGINES,
  freshDatabase,
  stopEngines,
  storeTaskStatus,
  useDatabase,
} from "../support/engines";
import { accountIdOf } from "../support/accounts";

/** A person of the test, and the account they work in (staff: their own id). */
interface Person {
  userId: string;
  email: string;
  accountId: string;
}

const SITE_URL = "http://portal.test";
/** The staff's summary goes out at 07:00 UTC here. */
const DIGEST_HOUR = 7;

let smtp: MailCatcher;
/** Where staff are staff: each mail to one asks it first. */
let auth: AuthServer;

beforeAll(async () => {
  smtp = await startMailCatcher();
  const config = loadAuthConfig({ GOTRUE_SITE_URL: SITE_URL, AUTH_DATA_DIR: ":memory:" });
  auth = await startAuthServer({ ...config, log: false } as typeof config, {
    port: 0,
    host: "127.0.0.1",
  });
});

afterAll(async () => {
  vi.useRealTimers();
  await stopEngines();
  await smtp?.close();
  await auth?.close();
});

/** A staff member the auth service knows: their id. */
async function staffAccount(email: string): Promise<string> {
  const created = await fetch(`${auth.url}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: auth.serviceRoleKey,
      Authorization: `Bearer ${auth.serviceRoleKey}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      email,
      password: "Task-Reminders-2026!",
      email_confirm: true,
      app_metadata: { role: "staff" },
    }),
  });
  return ((await created.json()) as { id: string }).id;
}

/** 2026-11-<day> at hh:mm UTC. */
const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute);

function mailsTo(email: string): ParsedMail[] {
  return smtp.messages.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === email);
}

/** Every job due at the faked now has run: none waits, none is running, none failed. */
async function settled(): Promise<void> {
  const db = await database();
  for (let attempt = 0; ; attempt++) {
    const waiting = await db
      .selectFrom("jobs")
      .select(["kind", "last_error"])
      .where("done_at", "is", null)
      .where((eb) => eb.or([eb("run_after", "<=", Date.now()), eb("last_error", "is not", null)]))
      .execute();
    if (waiting.length === 0) return;
    const failed = waiting.find((job) => job.last_error !== null);
    if (failed) throw new Error(`a ${failed.kind} job failed: ${failed.last_error}`);
    if (attempt > 3_000) throw new Error(`jobs never ran: ${JSON.stringify(waiting)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Moves the faked clock to `moment` and waits for what became due to run. */
async function clockAt(moment: number): Promise<void> {
  vi.setSystemTime(moment);
  await settled();
}

describe.each(ENGINES)("task reminders on %s", (engine) => {
  let worker: JobWorker;
  /** Sprint 1 opened Monday 23 November, 10:00 UTC: ICP Builder is due Wednesday the 25th, the
   * agency's Messaging Mastery Thursday, Pricing Strategist Friday, VSL Alchemist Saturday. */
  const sprintStart = at(23, 10);

  async function person(
    label: string,
    zone: string | null,
    {
      state = "confirmed",
      isStaff = false,
      colleague = false,
    }: { state?: AccountStatus; isStaff?: boolean; colleague?: boolean } = {},
  ) {
    const tag = randomUUID().slice(0, 8);
    const email = `${label}-${tag}@${engine}.test`;
    const userId = isStaff ? await staffAccount(email) : randomUUID();
    const accountId = await inTransaction(async (trx) => {
      await saveDirectory(
        trx,
        [{ userId, email, state, isStaff, createdAt: at(1, 0), lastSignInAt: at(23, 9) }],
        at(23, 9),
      );
      const account = isStaff ? userId : await accountIdOf(userId, trx);
      if (zone) {
        await saveTimeZone(trx, userId, canonicalTimeZone(zone) ?? "", {
          at: at(23, 9),
          chosen: false,
        });
      }
      // A client's first person opened Sprint 1 and ticked Thursday's Messaging Mastery, the working
      // session, in advance; a colleague has no programme of their own.
      if (!isStaff && !colleague) {
        await applyProgrammeChanges(
          trx,
          account,
          [
            {
              kind: "sprint-start",
              sprintId: 1,
              startedAt: sprintStart,
              field: "",
              before: "",
              after: "",
            },
            {
              kind: "task",
              taskId: "messaging-mastery",
              status: "completed",
              field: "",
              before: "",
              after: "",
            },
          ],
          sprintStart,
        );
        await refreshClientFacts(trx, account);
      }
      return account;
    });
    return { userId, email, accountId };
  }

  /** One of `account`'s people beside its first, in `zone`. */
  async function colleagueOf(account: { accountId: string }, label: string, zone: string) {
    const joined = await person(label, null, { colleague: true });
    await inTransaction(async (trx) => {
      await saveTimeZone(trx, joined.userId, zone, { at: at(23, 9), chosen: true });
      await joinAccount(trx, joined.userId, account.accountId);
    });
    return joined;
  }

  let kolkata: Person;
  /** Kolkata's colleagues: one in New York, one removed from the account. */
  let colleague: Person;
  let leaver: Person;
  let berlin: Person;
  let newYork: Person;
  let muted: Person;
  let invited: Person;
  let staff: Person;
  /** A client in Sprint 3, whose next task due is the agency's. */
  let later: Person;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at(23, 9));
    const settings = {
      ...freshDatabase(engine),
      SITE_URL,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "portal@agency.test",
      AGENCY_NAME: "Test Agency",
      MAIL_DIGEST_HOUR: String(DIGEST_HOUR),
      SUPABASE_URL: auth.url,
      SUPABASE_ANON_KEY: auth.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: auth.serviceRoleKey,
    };
    await useDatabase(settings);
    kolkata = await person("kolkata", "Asia/Kolkata");
    berlin = await person("berlin", "Europe/Berlin");
    newYork = await person("new-york", "America/New_York");
    muted = await person("muted", "Europe/Berlin");
    invited = await person("invited", null, { state: "invited" });
    colleague = await colleagueOf(kolkata, "colleague", "America/New_York");
    leaver = await colleagueOf(kolkata, "leaver", "Asia/Kolkata");
    await inTransaction(async (trx) => {
      await removeFromAccount(trx, leaver.userId, kolkata.accountId, at(23, 9));
      // Saturday's task is Kolkata's own: their colleague is not reminded of it.
      await assignTask(trx, kolkata.accountId, "vsl-alchemist", kolkata.userId, at(23, 9));
    });
    staff = await person("staff", "Europe/Berlin", { isStaff: true });
    later = await person("later", "Europe/Berlin");
    await inTransaction(async (trx) => {
      // Sprints 1 and 2 done; Sprint 3 opened on the 15th: its first two tasks are done, and the
      // agency's Funnel review is due on Wednesday the 25th.
      const line = { field: "", before: "", after: "" };
      await applyProgrammeChanges(
        trx,
        later.accountId,
        [
          { kind: "sprint-status", sprintId: 1, status: "completed", ...line },
          { kind: "sprint-status", sprintId: 2, status: "completed", ...line },
          { kind: "sprint-start", sprintId: 3, startedAt: at(15, 10), ...line },
          { kind: "task", taskId: "account-security", status: "completed", ...line },
          { kind: "task", taskId: "crm-and-calendar", status: "completed", ...line },
        ],
        at(23, 9),
      );
      await refreshClientFacts(trx, later.accountId);
    });
    await inTransaction((trx) => setMailMode(trx, muted.userId, "reminders", "off", at(23, 9)));
    worker = startJobWorker({
      handlers: JOB_HANDLERS,
      transaction: inTransaction,
      reader: database,
      pollMs: 5,
    });
    // An instance starts on Tuesday the 24th at 03:10 UTC, and a second one a minute later.
    vi.setSystemTime(at(24, 3, 10));
    await scheduleRecurring(RECURRING_JOBS, Date.now());
    vi.setSystemTime(at(24, 3, 11));
    await scheduleRecurring(RECURRING_JOBS, Date.now());
  });

  afterAll(async () => {
    await worker?.stop();
  });

  it("asks for each scheduled run once, however many instances start", async () => {
    const scheduled = await (
      await database()
    )
      .selectFrom("jobs")
      .select(["kind", "run_after"])
      .where("done_at", "is", null)
      .orderBy("kind")
      .execute();
    expect(scheduled.map((job) => [job.kind, Number(job.run_after)])).toEqual([
      // Every hour: raw copies of mail received 30 days ago go.
      ["inbound-raw-copies", at(24, 4)],
      // Both every quarter hour: each staff member's summary waits for their own 07:00.
      ["overdue-summaries", at(24, 3, 15)],
      ["task-reminder-scan", at(24, 3, 15)],
    ]);
  });

  it("mails a client the day before their task is due, at 09:00 in their time zone", async () => {
    // 08:45 in Kolkata: not yet.
    await clockAt(at(24, 3, 15));
    expect(mailsTo(kolkata.email)).toEqual([]);
    // 09:00 in Kolkata (UTC+5:30).
    await clockAt(at(24, 3, 30));
    const [mail, ...more] = mailsTo(kolkata.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Due tomorrow: ICP Builder");
    expect(mail?.date?.getTime()).toBe(at(24, 3, 30));
    expect(mail?.from?.text).toContain("portal@agency.test");
    expect(mail?.text).toContain("Due tomorrow, Wed 25 Nov");
    expect(mail?.text).toContain(`${SITE_URL}/dashboard/sprint-1/tasks/icp-builder`);
    expect(mail?.text).toContain("because a task of yours is due");
    expect(mail?.html).toContain(
      '<a href="http://portal.test/dashboard/sprint-1/tasks/icp-builder">',
    );
    expect(mail?.messageId).toMatch(/^<reminders\.[\w.-]+@portal\.test>$/);
    const header = mail?.headerLines.find((line) => line.key === "list-unsubscribe")?.line;
    expect(header?.replace(/\r\n\s+/g, " ")).toMatch(/unsubscribe\?user=.*kind=reminders/);
    // No one else's 09:00 has come: Berlin's is 08:00 UTC, New York's 14:00 UTC.
    await clockAt(at(24, 7, 45));
    expect(mailsTo(berlin.email)).toEqual([]);
    await clockAt(at(24, 8));
    expect(mailsTo(berlin.email).map((sent) => sent.subject)).toEqual([
      "Due tomorrow: ICP Builder",
    ]);
    expect(mailsTo(berlin.email)[0]?.date?.getTime()).toBe(at(24, 8));
    await clockAt(at(24, 13, 45));
    expect(mailsTo(newYork.email)).toEqual([]);
    await clockAt(at(24, 14));
    expect(mailsTo(newYork.email).map((sent) => sent.subject)).toEqual([
      "Due tomorrow: ICP Builder",
    ]);
    // Kolkata's colleague in New York is reminded of the account's task at their own 09:00; the
    // person removed from it, never.
    expect(mailsTo(colleague.email).map((sent) => [sent.subject, sent.date?.getTime()])).toEqual([
      ["Due tomorrow: ICP Builder", at(24, 14)],
    ]);
    // The due day is the account's, ending at midnight in Kolkata (18:30 UTC): New York reads that
    // moment on its own clock; New York's own account's day ends at its own midnight.
    expect(mailsTo(colleague.email)[0]?.text).toContain("Due tomorrow, Wed 25 Nov, 13:29 GMT-5");
    expect(mailsTo(newYork.email)[0]?.text).toContain("Due tomorrow, Wed 25 Nov\n");
    expect(mailsTo(leaver.email)).toEqual([]);
  });

  it("mails again on the due day while the task is open, and not for one done", async () => {
    await clockAt(at(25, 3, 30));
    expect(mailsTo(kolkata.email).map((sent) => sent.subject)).toEqual([
      "Due tomorrow: ICP Builder",
      "Due today: ICP Builder",
    ]);
    expect(mailsTo(kolkata.email)[1]?.text).toContain("Due today, Wed 25 Nov");
    await clockAt(at(25, 8));
    expect(mailsTo(berlin.email).map((sent) => sent.subject)).toEqual([
      "Due tomorrow: ICP Builder",
      "Due today: ICP Builder",
    ]);
    // New York finishes ICP Builder before its 09:00; Berlin hands Friday's task in early, and it
    // waits for the agency's review: neither is reminded of.
    await storeTaskStatus(newYork.accountId, "icp-builder", "completed");
    await inTransaction(async (trx) => {
      await recordHandIn(trx, {
        clientId: berlin.accountId,
        taskId: "pricing-strategist",
        link: "https://example.test/pricing",
        note: "",
        submittedByEmail: berlin.email,
        at: Date.now(),
      });
      await refreshClientFacts(trx, berlin.accountId);
    });
    // A reminder job asked for before the hand-in looks again when it runs: nothing about work in
    // review goes out (a job about an open task, the control, does).
    const job = (id: number, taskId: string) => ({
      id,
      kind: TASK_REMINDER_JOB,
      attempts: 1,
      payload: {
        clientId: berlin.accountId,
        personId: berlin.userId,
        reminders: [{ taskId, kind: "day-before" as const }],
      },
    });
    const berlinHad = mailsTo(berlin.email).length;
    await runTaskReminder(job(900_001, "pricing-strategist"));
    await runTaskReminder(job(900_002, "vsl-alchemist"));
    await vi.waitFor(() => expect(mailsTo(berlin.email)).toHaveLength(berlinHad + 1));
    expect(mailsTo(berlin.email).at(-1)?.subject).toBe("Due tomorrow: VSL Alchemist");
    await clockAt(at(25, 14));
    expect(mailsTo(newYork.email)).toHaveLength(1);
    await clockAt(at(26, 3, 30));
    expect(mailsTo(kolkata.email).at(-1)?.subject).toBe("Due tomorrow: Pricing Strategist");
    await clockAt(at(26, 8));
    // The two reminders of ICP Builder, and the control above.
    expect(mailsTo(berlin.email)).toHaveLength(3);
  });

  it("sends each reminder once, however many scans run at once", async () => {
    vi.setSystemTime(at(27, 3, 30));
    // The scheduled scan and two more, as if three instances ran it together.
    await Promise.all([scanForReminders(Date.now()), scanForReminders(Date.now())]);
    await settled();
    const latest = mailsTo(kolkata.email).slice(3);
    expect(latest.map((sent) => sent.subject)).toEqual(["2 tasks due today and tomorrow"]);
    expect(latest[0]?.text).toMatch(/Due today, Fri 27 Nov\n\n- Pricing Strategist: /);
    expect(latest[0]?.text).toMatch(/Due tomorrow, Sat 28 Nov\n\n- VSL Alchemist: /);
    // ICP Builder was reminded twice, and never again.
    await clockAt(at(27, 12));
    const reminded = await (
      await database()
    )
      .selectFrom("task_reminders")
      .select(["task_id", "kind", "mailed_at"])
      .where("user_id", "=", kolkata.userId)
      .where("task_id", "=", "icp-builder")
      .orderBy("kind")
      .execute();
    expect(reminded.map((row) => [row.kind, Number(row.mailed_at)])).toEqual([
      ["day-before", at(24, 3, 30)],
      ["due-day", at(25, 3, 30)],
    ]);
    expect(mailsTo(kolkata.email).filter((sent) => sent.subject?.includes("ICP"))).toHaveLength(2);
  });

  it("never reminds of the agency's tasks, of a colleague's, nor whoever turned reminders off or is not signed up", async () => {
    // 09:00 in New York on Friday: Kolkata's colleague hears of Friday's task, not of Saturday's.
    await clockAt(at(27, 14));
    const toColleague = mailsTo(colleague.email)
      .map((mail) => mail.text)
      .join("\n");
    expect(toColleague).toContain("Pricing Strategist");
    expect(toColleague).not.toContain("VSL Alchemist");
    expect(
      mailsTo(kolkata.email)
        .map((mail) => mail.text)
        .join("\n"),
    ).toContain("VSL Alchemist");
    const toClients = [kolkata, berlin, newYork].flatMap((client) => mailsTo(client.email));
    expect(toClients.map((mail) => mail.text).join("\n")).not.toContain("Messaging Mastery");
    // Nothing of the agency's Funnel review, due Wednesday, reached its client.
    expect(mailsTo(later.email)).toEqual([]);
    expect(mailsTo(muted.email)).toEqual([]);
    expect(mailsTo(invited.email)).toEqual([]);
    // Berlin was told on Friday of Saturday's task, then turns reminders off from a mail's own link:
    // Saturday's due-day reminder is not sent.
    const before = mailsTo(berlin.email);
    expect(before.at(-1)?.subject).toBe("Due tomorrow: VSL Alchemist");
    const link = before[0]?.text?.match(/\S+\/unsubscribe\?\S+/)?.[0] ?? "";
    expect(await unsubscribe(new URL(link))).toBe(true);
    await clockAt(at(28, 8));
    expect(mailsTo(berlin.email)).toHaveLength(before.length);
  });

  it("reminds of a task the day after its due day, then weekly, for due days since it began", async () => {
    const db = await database();
    // 09:00 in Kolkata on Thursday 3 December: a week and a day after ICP Builder's due day.
    const now = Date.UTC(2026, 11, 3, 3, 30);
    // The zone as stored: the name Intl writes ("Asia/Calcutta" on some versions).
    const kolkataZone = canonicalTimeZone("Asia/Kolkata") ?? "";
    const due = async () =>
      (await remindersDue(db, reminderWindows([kolkataZone], now), now))
        .filter((reminder) => reminder.userId === kolkata.userId)
        .map((reminder) => [reminder.taskId, reminder.kind]);
    // Before it began (no start recorded), none.
    expect(await due()).toEqual([]);
    await inTransaction((trx) => beginOverdueReminders(trx, at(25, 12)));
    // A later start keeps the first day.
    await inTransaction((trx) => beginOverdueReminders(trx, at(29, 12)));
    expect(await due()).toEqual([["icp-builder", "week-1"]]);
    // A due day that passed before it began is never reminded of.
    const since = Date.UTC(2026, 10, 26) / 86_400_000;
    await inTransaction((trx) =>
      trx.updateTable("rules_since").set({ since_day: since }).execute(),
    );
    expect(await due()).toEqual([]);
  });

  it("mails each staff member one summary a day of what is overdue, once anything is", async () => {
    const summaries = () => mailsTo(staff.email);
    await clockAt(at(29, DIGEST_HOUR));
    // Nothing was overdue on the 24th and 25th; from the 26th one a day, sent when the faked clock
    // first passed 07:00 in Berlin, where the staff member is.
    expect(summaries().map((mail) => mail.date?.getTime())).toEqual([
      at(26, 8),
      at(27, 12),
      at(28, 8),
      at(29, DIGEST_HOUR),
    ]);
    const summary = summaries().at(-1);
    expect(summary?.subject).toMatch(/^Overdue today: \d+ tasks, 5 sprints out of time$/);
    expect(summary?.text).toContain(
      `${SITE_URL}/staff/clients/${berlin.accountId}/tasks/icp-builder`,
    );
    expect(summary?.text).toMatch(/\d+ more under Needs attention: http:\/\/portal\.test\/staff\n/);
    expect(summary?.text).toContain("because clients' work is overdue");
    expect(summary?.messageId).toBe(`<overdue-summary.${staff.userId}.2026-11-29@portal.test>`);
    // A second instance asking for the day's summaries again, and a restart: still one a day.
    await queueOverdueSummaries(Date.now());
    await scheduleRecurring(RECURRING_JOBS, Date.now());
    await settled();
    expect(summaries()).toHaveLength(4);
    await clockAt(at(30, DIGEST_HOUR));
    expect(summaries()).toHaveLength(5);
  });

  it("sends mails from the agency's sender name, replies going where Settings says", async () => {
    const { readAgencySettings, saveAgencySettings } =
      await import("~/data/agency-settings.server");
    const { forgetBrand } = await import("~/brand/brand.server");
    const { sendAppMail } = await import("~/mail/transport.server");
    const { version } = await readAgencySettings(await database());
    const settings = {
      name: "Northwind Media",
      senderName: "Northwind Team",
      replyTo: "hello@northwind.test",
    };
    await inTransaction((trx) =>
      saveAgencySettings(trx, JSON.stringify(settings), version, Date.now()),
    );
    forgetBrand();
    const to = `brand-${engine}@mail.test`;
    await sendAppMail({ key: randomUUID(), to, subject: "Hello", text: "Hi", html: "<p>Hi</p>" });
    await vi.waitFor(() => expect(mailsTo(to)).toHaveLength(1));
    const [mail] = mailsTo(to);
    expect(mail?.from?.value[0]).toEqual({ name: "Northwind Team", address: "portal@agency.test" });
    expect(mail?.replyTo?.text).toBe("hello@northwind.test");
    // A mail that takes replies: its reply address over the agency's, its key in its Message-ID.
    const key = randomUUID();
    const replyTo = "reply+abcdefghijklmnopqrstuvwxyz@mail.agency.test";
    const reply = { replyTo, messageIdPart: `reply-abcdefghijklmnopqrstuvwxyz.${key}` };
    await sendAppMail({ key, to, subject: "Re", text: "Hi", html: "<p>Hi</p>", ...reply });
    await vi.waitFor(() => expect(mailsTo(to)).toHaveLength(2));
    const taking = mailsTo(to)[1];
    expect(taking?.replyTo?.text).toBe(replyTo);
    expect(taking?.messageId).toBe(`<reply-abcdefghijklmnopqrstuvwxyz.${key}@portal.test>`);
  });
});
