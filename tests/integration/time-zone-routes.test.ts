// The time zone and the reminder settings through the routes, as Remix calls them, on both engines:
// sign-in keeps the browser's zone (anything else, or nothing, changes nothing and never fails the
// sign-in); the account page shows and changes it, a chosen zone outlasting sign-ins; forged posts.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { readTimeZone } from "~/data/client-profiles.server";
import { database } from "~/data/connection.server";
import { mailMode } from "~/data/mail.server";
import type * as AccountRoute from "~/routes/dashboard.account";
import type * as DashboardRoute from "~/routes/dashboard._index";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as UnsubscribeRoute from "~/routes/unsubscribe";
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
  toastOf,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.62" });

/** Node's Intl writes India's zone so (browsers may send either name). */
const KOLKATA = new Intl.DateTimeFormat("en", { timeZone: "Asia/Kolkata" }).resolvedOptions()
  .timeZone;

const HOSTILE_ZONES = [
  "Mars/Olympus_Mons",
  "<script>alert(1)</script>",
  "Europe/Berlin\u0000",
  "../../etc/passwd",
  "+05:30",
  "x".repeat(100_000),
];

type Answer = { values: Record<string, string>; errors: Record<string, string> };

describe.each(ENGINES)("the time zone on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    signIn: typeof SignInRoute;
    account: typeof AccountRoute;
    dashboard: typeof DashboardRoute;
    unsubscribe: typeof UnsubscribeRoute;
  };

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startTestAuthServer(
      {},
      { ...(freshDatabase(engine) as Record<string, string>), RATE_LIMIT_SIGN_IN_PER_IP: "1000" },
    );
    routes = {
      signIn: await import("~/routes/_landing._auth.sign-in"),
      account: await import("~/routes/dashboard.account"),
      dashboard: await import("~/routes/dashboard._index"),
      unsubscribe: await import("~/routes/unsubscribe"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  async function signIn(email: string, extra: Record<string, string> = {}) {
    const response = asResponse(
      await routes.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD, ...extra }),
        context: context(),
        params: {},
      }),
    );
    expect(response.status).toBe(302);
    return cookieHeaderFrom(response.headers);
  }

  async function client() {
    const email = uniqueEmail(`zone-${engine}`);
    await adminCreateUser(auth, email);
    const cookie = await signIn(email);
    const { requireUser } = await import("~/session/guards.server");
    const { user } = await requireUser(get("/dashboard", cookie), context());
    return { email, cookie, id: user.id };
  }

  const storedZone = async (id: string) => readTimeZone(await database(), id);

  const accountPost = (cookie: string, fields: Record<string, string>) =>
    settle(() =>
      routes.account.action({
        request: formPost("/dashboard/account", fields, cookie),
        context: context(),
        params: {},
      }),
    );

  const accountPage = (cookie: string) =>
    routes.account.loader({
      request: get("/dashboard/account", cookie),
      context: context(),
      params: {},
    });

  it("keeps the zone the sign-in form's script sent, and nothing without one", async () => {
    const { email, id } = await client();
    // Signed in without JavaScript: no zone, so UTC on the account page.
    expect(await storedZone(id)).toBeNull();
    await signIn(email, { timeZone: "Asia/Kolkata" });
    expect(await storedZone(id)).toBe(KOLKATA);
    // A later sign-in without the field leaves it as it is.
    await signIn(email);
    expect(await storedZone(id)).toBe(KOLKATA);
    // Intl's other spellings are written its way.
    await signIn(email, { timeZone: "europe/berlin" });
    expect(await storedZone(id)).toBe("Europe/Berlin");
  });

  it("signs in whatever a forged zone field carries, and keeps none of it", async () => {
    const { email, id } = await client();
    await signIn(email, { timeZone: "America/New_York" });
    for (const timeZone of HOSTILE_ZONES) {
      await signIn(email, { timeZone });
      expect(await storedZone(id)).toBe("America/New_York");
    }
  });

  it("shows the zone on the account page and changes it there, for good", async () => {
    const { email, cookie, id } = await client();
    const dashboard = async () =>
      (
        await routes.dashboard.loader({
          request: get("/dashboard", cookie),
          context: context(),
          params: {},
        })
      ).inUtc;
    // Signed in without JavaScript, no zone given: the dashboard says times are in UTC.
    expect(await dashboard()).toBe(true);
    const before = await accountPage(cookie);
    expect(before.zone.timeZone).toBe("UTC");
    expect(before.mail.reminders).toBe("each");

    const saved = asResponse(
      await accountPost(cookie, { intent: "time-zone", timeZone: "America/Sao_Paulo" }),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/dashboard/account");
    expect((await toastOf(saved))?.title).toBe("Time Zone Saved");
    expect((await accountPage(cookie)).zone.timeZone).toBe("America/Sao_Paulo");
    expect(await dashboard()).toBe(false);
    // Chosen here, it outlasts a sign-in from a browser set to another zone.
    await signIn(email, { timeZone: "Asia/Tokyo" });
    expect(await storedZone(id)).toBe("America/Sao_Paulo");
  });

  it("answers a zone that is none with the form again, never a 5xx", async () => {
    const { cookie, id } = await client();
    for (const fields of [
      ...HOSTILE_ZONES.map((timeZone) => ({ intent: "time-zone", timeZone })),
      { intent: "time-zone" },
    ]) {
      const answer = asData<Answer>(await accountPost(cookie, fields));
      expect(answer.init?.status).toBe(400);
      expect(answer.data.values).toEqual({ timeZone: "" });
      expect(answer.data.errors.timeZone).toBe("Choose your time zone from the list.");
    }
    expect(await storedZone(id)).toBeNull();
  });

  it("turns task reminders off and on with the mail settings, and from a reminder's link", async () => {
    const { cookie, id } = await client();
    const mode = async () => mailMode(await database(), id, "reminders");
    const off = asResponse(
      await accountPost(cookie, { intent: "mail-settings", messages: "each", reminders: "off" }),
    );
    expect(off.status).toBe(302);
    expect(await mode()).toBe("off");
    expect((await accountPage(cookie)).mail.reminders).toBe("off");
    // A form without the reminders field (drawn before it existed) leaves them as they are.
    await accountPost(cookie, { intent: "mail-settings", messages: "daily" });
    expect(await mode()).toBe("off");
    const junk = asData<Answer>(
      await accountPost(cookie, { intent: "mail-settings", messages: "each", reminders: "daily" }),
    );
    expect(junk.init?.status).toBe(400);
    await accountPost(cookie, { intent: "mail-settings", messages: "each", reminders: "each" });
    expect(await mode()).toBe("each");

    const { unsubscribeUrl } = await import("~/mail/unsubscribe.server");
    const link = new URL(unsubscribeUrl(id, "reminders"));
    const page = asData<{ kind: string | null }>(
      routes.unsubscribe.loader({ request: new Request(link), context: context(), params: {} }),
    );
    expect(page.data.kind).toBe("reminders");
    const done = asResponse(
      await routes.unsubscribe.action({
        request: new Request(link, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        context: context(),
        params: {},
      }),
    );
    expect(done.status).toBe(303);
    expect(await mode()).toBe("off");
    expect(await mailMode(await database(), id, "messages")).toBe("each");
  });
});
