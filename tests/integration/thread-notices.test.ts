// A thread without its messages about tasks, on both engines: `?notices=hidden` leaves out the
// hand-in and review notices for either side, and what it leaves out counts as read.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { inTransaction } from "~/data/connection.server";
import { recordMessage } from "~/data/messages.server";
import type * as Dashboard from "~/routes/dashboard";
import type * as MessagesRoute from "~/routes/dashboard.messages";
import type * as StaffMessagesRoute from "~/routes/staff.clients.$clientId_.messages";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import { appEnv, get, signedInUser, startAdminAuthServer, uniqueEmail } from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.44" });

describe.each(ENGINES)("a thread's notices on %s", (engine) => {
  let auth: AuthServer;
  let routes: {
    dashboard: typeof Dashboard;
    messages: typeof MessagesRoute;
    staffMessages: typeof StaffMessagesRoute;
  };

  beforeAll(async () => {
    appEnv();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
    routes = {
      dashboard: await import("~/routes/dashboard"),
      messages: await import("~/routes/dashboard.messages"),
      staffMessages: await import("~/routes/staff.clients.$clientId_.messages"),
    };
  });

  afterAll(async () => {
    await auth.close();
  });

  it("shows them or leaves them out on asking, for the client and for staff", async () => {
    const staff = await signedInUser(auth, uniqueEmail(`notices-staff-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const dana = await signedInUser(auth, uniqueEmail(`notices-${engine}`), {
      clientIp: context().clientIp,
    });
    const agency = { id: staff.id, email: staff.email, role: "staff" as const };
    await inTransaction(async (trx) => {
      const base = { clientId: dana.accountId, internal: false };
      await recordMessage(trx, { ...base, author: agency, body: "Hello Dana", at: 1 });
      await recordMessage(trx, {
        ...base,
        author: agency,
        body: "Approved “ICP Builder” (version 1).",
        at: 2,
        taskId: "icp-builder",
      });
    });
    const clientThread = async (query: string) =>
      routes.messages.loader({
        request: get(`/dashboard/messages${query}`, dana.cookie),
        context: context(),
        params: {},
      });
    const hidden = await clientThread("?notices=hidden");
    expect(hidden.hideNotices).toBe(true);
    expect(hidden.messages.map((message) => message.body)).toEqual(["Hello Dana"]);
    // What was left out was read with the rest: nothing is unread.
    const shell = await routes.dashboard.loader({
      request: get("/dashboard", dana.cookie),
      context: context(),
      params: {},
    });
    expect(shell.unreadMessages).toBe(0);
    const shown = await clientThread("");
    expect(shown.hideNotices).toBe(false);
    expect(shown.messages.map((message) => message.task?.title ?? null)).toEqual([
      null,
      "ICP Builder",
    ]);
    const staffThread = await routes.staffMessages.loader({
      request: get(`/staff/clients/${dana.accountId}/messages?notices=hidden`, staff.cookie),
      context: context(),
      params: { clientId: dana.accountId },
    });
    expect(staffThread.messages.map((message) => message.body)).toEqual(["Hello Dana"]);
  });
});
