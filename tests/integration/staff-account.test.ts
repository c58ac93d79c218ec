// A staff member's own account in the console, on both engines: /dashboard/account sends staff to
// /staff/account, whose forms (posting to the account page's action) set the name clients read.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as AccountRoute from "~/routes/dashboard.account";
import type * as MessagesRoute from "~/routes/dashboard.messages";
import type * as StaffAccountRoute from "~/routes/staff.account";
import type * as StaffMessagesRoute from "~/routes/staff.clients.$clientId_.messages";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import {
  appEnv,
  asResponse,
  formPost,
  get,
  settle,
  signedInUser,
  startAdminAuthServer,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.43" });

describe.each(ENGINES)("a staff member's account on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    account: typeof AccountRoute;
    staffAccount: typeof StaffAccountRoute;
    messages: typeof MessagesRoute;
    staffMessages: typeof StaffMessagesRoute;
  };

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      account: await import("~/routes/dashboard.account"),
      staffAccount: await import("~/routes/staff.account"),
      messages: await import("~/routes/dashboard.messages"),
      staffMessages: await import("~/routes/staff.clients.$clientId_.messages"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  it("is the console's, names the staff member to clients once they give a name", async () => {
    const grace = await signedInUser(auth, uniqueEmail(`grace-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const dana = await signedInUser(auth, uniqueEmail(`dana-${engine}`), {
      clientIp: context().clientIp,
    });
    const sent = asResponse(
      await settle(() =>
        routes.account.loader({
          request: get("/dashboard/account", grace.cookie),
          context: context(),
          params: {},
        }),
      ),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/staff/account");
    const page = await routes.staffAccount.loader({
      request: get("/staff/account", grace.cookie),
      context: context(),
      params: {},
    });
    expect(page).toMatchObject({ email: grace.email, isStaff: true, name: "" });

    const post = (path: string, fields: Record<string, string>, cookie: string) =>
      settle(() =>
        (path === "/dashboard/account" ? routes.account : routes.staffMessages).action({
          request: formPost(path, fields, cookie),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      );
    const author = async () =>
      (
        await routes.messages.loader({
          request: get("/dashboard/messages", dana.cookie),
          context: context(),
          params: {},
        })
      ).messages.at(-1)?.author;

    const thread = `/staff/clients/${dana.accountId}/messages`;
    await post(thread, { body: "Welcome aboard." }, grace.cookie);
    expect(await author()).toBe(`Agency · ${grace.email.split("@")[0]}`);
    const named = asResponse(
      await post(
        "/dashboard/account",
        { intent: "person-name", personName: "Grace Hopper" },
        grace.cookie,
      ),
    );
    expect(named.status).toBe(302);
    expect(await author()).toBe("Grace Hopper · Agency");
  });
});
