// Staff previewing a client's pages as one of its people, through the routes on both engines: the
// pages are that person's, through the client's filter; every write is refused and nothing is
// recorded (no countdown, visit or read marker, no live stream); each preview is a line of trails.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import {
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  settle,
  signedInUser,
  startAdminAuthServer,
  uniqueEmail,
} from "../support/harness";

afterAll(stopEngines);

const context = (): AppLoadContext => ({ clientIp: "203.0.113.48" });

describe.each(ENGINES)("previewing a client on %s", (engine) => {
  let auth: AuthServer;

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
  });

  afterAll(async () => {
    await auth.close();
  });

  it("shows the person's pages, read-only, recording nothing but its trail lines", async () => {
    const people = await import("~/routes/staff.clients.$clientId_.people");
    const layout = await import("~/routes/dashboard");
    const sprint = await import("~/routes/dashboard.$sprint");
    const messages = await import("~/routes/dashboard.messages");
    const live = await import("~/routes/resources.live");
    const { database, inTransaction } = await import("~/data/connection.server");
    const { recordMessage, readerMarks } = await import("~/data/messages.server");
    const { readClientState } = await import("~/data/client-programme.server");
    const { readAuditTrail, readableTrail } = await import("~/data/events.server");
    const { agencyTrail } = await import("~/data/agency-settings.server");

    const ada = await signedInUser(auth, uniqueEmail(`ada-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const dana = await signedInUser(auth, uniqueEmail(`dana-${engine}`), {
      clientIp: context().clientIp,
    });
    await inTransaction((trx) =>
      recordMessage(trx, {
        clientId: dana.accountId,
        author: { id: ada.id, email: ada.email, role: "staff" },
        body: "Welcome aboard",
        internal: false,
        at: Date.now(),
      }),
    );

    // 'Preview' on the People tab: to the dashboard, with the preview's cookie.
    const started = asResponse(
      await settle(() =>
        people.action({
          request: formPost(
            `/staff/clients/${dana.accountId}/people`,
            { intent: "preview", personId: dana.id },
            ada.cookie,
          ),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      ),
    );
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toBe("/dashboard");
    const cookie = `${ada.cookie}; ${cookieHeaderFrom(started.headers)}`;

    // Dana's pages, as Dana sees them.
    const frame = await layout.loader({
      request: get("/dashboard", cookie),
      context: context(),
      params: {},
    });
    expect(frame).toMatchObject({
      email: dana.email,
      isStaff: false,
      preview: { accountId: dana.accountId },
    });
    // Opening Sprint 1 starts no countdown; reading the thread marks nothing read.
    await sprint.loader({
      request: get("/dashboard/sprint-1", cookie),
      context: context(),
      params: { sprint: "sprint-1" },
    });
    const db = await database();
    expect(
      (await readClientState(db, dana.accountId)).sprints.get(1)?.startedAt ?? null,
    ).toBeNull();
    const thread = await messages.loader({
      request: get("/dashboard/messages", cookie),
      context: context(),
      params: {},
    });
    expect(thread.messages.map((message) => message.body)).toEqual(["Welcome aboard"]);
    expect((await readerMarks(db, dana.accountId, dana.id)).lastReadId).toBe(0);
    // No live stream; and every write is refused.
    const stream = asResponse(
      await live.loader({
        request: get("/resources/live", cookie),
        context: context(),
        params: {},
      }),
    );
    expect(stream.status).toBe(204);
    const tick = asResponse(
      await settle(() =>
        sprint.action({
          request: formPost(
            "/dashboard/sprint-1",
            { taskId: "icp-builder", status: "completed" },
            cookie,
          ),
          context: context(),
          params: { sprint: "sprint-1" },
        }),
      ),
    );
    expect(tick.status).toBe(403);
    expect(await tick.text()).toBe("This is a preview: nothing can be changed here.");
    expect((await readClientState(db, dana.accountId)).tasks.get("icp-builder")).toBeUndefined();

    // The preview is a staff-only line of the client's trail, and a line of the agency's.
    const { entries } = await readAuditTrail(db, dana.accountId);
    expect(entries.find((entry) => entry.field === "Preview")).toMatchObject({
      after: `as ${dana.email}`,
    });
    const forClient = await readableTrail(db, "client")
      .select("a.field")
      .where("a.client_id", "=", dana.accountId)
      .execute();
    expect(forClient.map((row) => row.field)).not.toContain("Preview");
    expect((await agencyTrail(db, 5))[0]).toMatchObject({
      field: "Preview as a client",
      after: dana.email,
      actorEmail: ada.email,
    });

    // Another staff member's session with Ada's preview cookie sees their own pages.
    const grace = await signedInUser(auth, uniqueEmail(`grace-${engine}`), {
      extra: { app_metadata: { role: "staff" } },
      clientIp: context().clientIp,
    });
    const borrowed = `${grace.cookie}; ${cookieHeaderFrom(started.headers)}`;
    const own = await layout.loader({
      request: get("/dashboard", borrowed),
      context: context(),
      params: {},
    });
    expect(own).toMatchObject({ email: grace.email, isStaff: true });
    expect(own).not.toHaveProperty("preview");

    // 'End Preview': back to the People tab, the cookie cleared.
    const ended = asResponse(
      await settle(() =>
        people.action({
          request: formPost(
            `/staff/clients/${dana.accountId}/people`,
            { intent: "end-preview" },
            cookie,
          ),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      ),
    );
    expect(ended.headers.get("Location")).toBe(`/staff/clients/${dana.accountId}/people`);
    expect(ended.headers.get("Set-Cookie")).toMatch(/^preview=;.*Max-Age=0/);
    // A person of another client cannot be previewed from this one's People tab.
    const other = await signedInUser(auth, uniqueEmail(`other-${engine}`), {
      clientIp: context().clientIp,
    });
    const refused = asData(
      await settle(() =>
        people.action({
          request: formPost(
            `/staff/clients/${dana.accountId}/people`,
            { intent: "preview", personId: other.id },
            ada.cookie,
          ),
          context: context(),
          params: { clientId: dana.accountId },
        }),
      ),
    );
    expect(refused.init?.status).toBe(404);
  });
});
