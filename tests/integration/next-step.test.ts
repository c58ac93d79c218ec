// The dashboard's "Next step" through its loader, on both engines: a new client's first open task;
// the next one while a hand-in waits for review; a hand-in sent back first, until a new version.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { inTransaction } from "~/data/connection.server";
import { recordHandIn, recordReview } from "~/data/hand-ins.server";
import type * as DashboardHome from "~/routes/dashboard._index";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import { appEnv, get, signedInUser, startAdminAuthServer, uniqueEmail } from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.42" });

describe.each(ENGINES)("the next step on %s", (engine) => {
  let auth: AuthServer;
  let home: typeof DashboardHome;

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    home = await import("~/routes/dashboard._index");
  });

  afterAll(async () => {
    await auth.close();
  });

  it("follows the client's hand-ins and the agency's decisions", async () => {
    const dana = await signedInUser(auth, uniqueEmail(`next-${engine}`), {
      clientIp: context().clientIp,
    });
    const next = async () =>
      (
        await home.loader({
          request: get("/dashboard", dana.cookie),
          context: context(),
          params: {},
        })
      ).next;
    const handIn = () =>
      inTransaction((trx) =>
        recordHandIn(trx, {
          clientId: dana.accountId,
          taskId: "icp-builder",
          link: "https://docs.example.com/icp",
          note: "",
          submittedByEmail: dana.email,
          at: Date.now(),
        }),
      );
    const icp = { text: "ICP Builder", path: "/dashboard/sprint-1/tasks/icp-builder" };
    expect(await next()).toEqual(icp);

    const first = await handIn();
    expect(await next()).toEqual({
      text: "Messaging Mastery",
      path: "/dashboard/sprint-1/tasks/messaging-mastery",
    });

    await inTransaction((trx) =>
      recordReview(trx, {
        handInId: first.id,
        clientId: dana.accountId,
        taskId: "icp-builder",
        decision: "changes-requested",
        comment: "Name the industry, please.",
        reviewerEmail: "staff@agency.test",
        at: Date.now(),
      }),
    );
    expect(await next()).toEqual({ ...icp, text: "Changes requested on ICP Builder" });

    // A newer version waits for review: the one sent back is behind it.
    await handIn();
    expect((await next())?.text).toBe("Messaging Mastery");
  });
});
