// Letting a client go through the routes, on both engines: staff deactivate an account from its
// People tab; each of its people is signed out at their next request and refused at sign-in with a
// page that says why; staff still read it; reactivated, its people are back.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { joinAccount } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import type * as ClientRoute from "~/routes/staff.clients.$clientId";
import type * as Dashboard from "~/routes/dashboard";
import type * as PeopleRoute from "~/routes/staff.clients.$clientId_.people";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import {
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  PASSWORD,
  settle,
  signedInUser,
  startAdminAuthServer,
  toastOf,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.41" });

describe.each(ENGINES)("deactivating a client on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    dashboard: typeof Dashboard;
    client: typeof ClientRoute;
    people: typeof PeopleRoute;
    signIn: typeof SignInRoute;
  };

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      dashboard: await import("~/routes/dashboard"),
      client: await import("~/routes/staff.clients.$clientId"),
      people: await import("~/routes/staff.clients.$clientId_.people"),
      signIn: await import("~/routes/_landing._auth.sign-in"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  const person = (label: string, extra: Record<string, unknown> = {}) =>
    signedInUser(auth, uniqueEmail(`${label}-${engine}`), { extra, clientIp: context().clientIp });

  const dashboard = (cookie: string) =>
    settle(() =>
      routes.dashboard.loader({
        request: get("/dashboard", cookie),
        context: context(),
        params: {},
      }),
    );

  const access = (accountId: string, cookie: string, value: string) =>
    settle(() =>
      routes.people.action({
        request: formPost(
          `/staff/clients/${accountId}/people`,
          { intent: "account-access", access: value },
          cookie,
        ),
        context: context(),
        params: { clientId: accountId },
      }),
    );

  const signIn = (email: string) =>
    settle(() =>
      routes.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );

  it("signs its people out at their next request, refuses their sign-in, and lets staff read on", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const dana = await person("dana");
    const sam = await person("sam");
    await inTransaction((trx) => joinAccount(trx, sam.id, dana.accountId));
    expect((await dashboard(dana.cookie)) instanceof Response).toBe(false);

    const deactivated = asResponse(await access(dana.accountId, staff.cookie, "deactivate"));
    expect(deactivated.status).toBe(302);
    expect(deactivated.headers.get("Location")).toBe(`/staff/clients/${dana.accountId}/people`);

    // Each of its people: sent to the landing page, told why, their session's cookies cleared.
    for (const one of [dana, sam]) {
      const refused = asResponse(await dashboard(one.cookie));
      expect(refused.status).toBe(302);
      const landing = new URL(refused.headers.get("Location") ?? "", "http://portal.test");
      expect(landing.pathname).toBe("/");
      expect(landing.searchParams.get("signedOut")).toBe("deactivated");
      const cleared = refused.headers.getSetCookie();
      expect(cleared.length).toBeGreaterThan(0);
      for (const line of cleared) expect(line).toMatch(/Max-Age=0/i);
    }

    // Signing in again starts no session: the landing page says why, and no "Signed in" toast.
    const again = asResponse(await signIn(dana.email));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/?signedOut=deactivated");
    const sessionCookies = again.headers
      .getSetCookie()
      .filter((line) => /^sb-[^=]+=[^;]/.test(line) && !/Max-Age=0/i.test(line));
    expect(sessionCookies).toEqual([]);
    expect(await toastOf(again)).toBeFalsy();

    // Staff read the account as before, and its trail says who let it go, to staff only.
    const page = await routes.client.loader({
      request: get(`/staff/clients/${dana.accountId}`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(page.client.userId).toBe(dana.accountId);
    const lines = await (
      await database()
    )
      .selectFrom("audit_events")
      .select(["field", "before_value", "after_value", "audience", "actor_email"])
      .where("client_id", "=", dana.accountId)
      .where("field", "=", "Access")
      .execute();
    expect(lines).toEqual([
      {
        field: "Access",
        before_value: "Active",
        after_value: "Deactivated",
        audience: "staff",
        actor_email: staff.email,
      },
    ]);
    const people = await routes.people.loader({
      request: get(`/staff/clients/${dana.accountId}/people`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(people.settings.deactivatedAt).not.toBeNull();

    // Deactivating twice changes nothing; reactivated, its people sign in and work again.
    const twice = asResponse(await access(dana.accountId, staff.cookie, "deactivate"));
    expect(twice.status).toBe(302);
    expect(asResponse(await access(dana.accountId, staff.cookie, "reactivate")).status).toBe(302);
    const back = asResponse(await signIn(sam.email));
    expect(back.headers.get("Location")).toBe("/dashboard");
    const shell = await dashboard(cookieHeaderFrom(back.headers));
    expect(shell instanceof Response).toBe(false);
    const reactivatedLines = await (
      await database()
    )
      .selectFrom("audit_events")
      .select("after_value")
      .where("client_id", "=", dana.accountId)
      .where("field", "=", "Access")
      .orderBy("id")
      .execute();
    expect(reactivatedLines.map((line) => line.after_value)).toEqual(["Deactivated", "Active"]);
  });

  it("answers a forged access value with the form again, changing nothing", async () => {
    const staff = await person("staff", { app_metadata: { role: "staff" } });
    const lee = await person("lee");
    const answer = asData<unknown>(await access(lee.accountId, staff.cookie, "delete-everything"));
    expect(answer.init?.status).toBe(400);
    expect((await dashboard(lee.cookie)) instanceof Response).toBe(false);
  });
});
