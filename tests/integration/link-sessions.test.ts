// Setting a password without the current one needs a session a mailed link opened in the last 15
// minutes: one signed in with a password, or an older reset link's, is sent to the account page,
// which asks for the current password (decision 014).
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { freshDatabase, stopEngines } from "../support/engines";
import {
  adminCreateUser,
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  latestMail,
  PASSWORD,
  settle,
  startTestAuthServer,
  uniqueEmail,
} from "../support/harness";

const context = (): AppLoadContext => ({ clientIp: "203.0.113.50" });
const NEW_PASSWORD = "Brand-New-Pass-2026!";
let auth: AuthServer;
const userIds = new Map<string, string>();

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer({}, freshDatabase("sqlite") as Record<string, string>);
});

afterAll(async () => {
  await auth.close();
  await stopEngines();
});

afterEach(() => {
  vi.useRealTimers();
});

async function signIn(email: string, password = PASSWORD) {
  const route = await import("~/routes/_landing._auth.sign-in");
  return asResponse(
    await settle(() =>
      route.action({
        request: formPost("/sign-in", { email, password }),
        context: context(),
        params: {},
      }),
    ),
  );
}

/** The cookie of a session a reset link mailed to a new account `email` opened (and its id). */
async function resetLinkSession(email: string) {
  userIds.set(email, await adminCreateUser(auth, email));
  const recovery = await import("~/auth/recovery.server");
  await recovery.forgotPasswordAction(formPost("/forgot-password", { email }), context());
  const link = new URL((await latestMail(auth, email)).confirmation_url);
  const confirm = await import("~/routes/auth.confirm");
  const opened = asResponse(
    await confirm.action({
      request: formPost(`${link.pathname}${link.search}`, {}),
      context: context(),
      params: {},
    }),
  );
  expect(opened.headers.get("Location")).toBe("/reset-password");
  return cookieHeaderFrom(opened.headers);
}

describe("/reset-password and /welcome", () => {
  it("send a session signed in with a password to the account page, and set nothing", async () => {
    const email = uniqueEmail("thief");
    await adminCreateUser(auth, email);
    const cookie = cookieHeaderFrom((await signIn(email)).headers);
    for (const path of ["/reset-password", "/welcome"]) {
      const route = await import(
        path === "/welcome" ? "~/routes/welcome" : "~/routes/reset-password"
      );
      const page = asResponse(
        await settle(() =>
          route.loader({ request: get(path, cookie), context: context(), params: {} }),
        ),
      );
      expect(page.headers.get("Location")).toBe("/dashboard/account");
      const post = asResponse(
        await settle(() =>
          route.action({
            request: formPost(path, { password: NEW_PASSWORD }, cookie),
            context: context(),
            params: {},
          }),
        ),
      );
      expect(post.headers.get("Location")).toBe("/dashboard/account");
    }
    expect((await signIn(email)).headers.get("Location")).toBe("/dashboard");
    const route = await import("~/routes/_landing._auth.sign-in");
    const refused = asData(
      await route.action({
        request: formPost("/sign-in", { email, password: NEW_PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    expect(refused.init?.status).toBe(400);
  });

  it("let a session a reset link opened set the new password", async () => {
    const email = uniqueEmail("owner");
    const cookie = await resetLinkSession(email);
    const reset = await import("~/routes/reset-password");
    await reset.loader({ request: get("/reset-password", cookie), context: context(), params: {} });
    const set = asResponse(
      await reset.action({
        request: formPost("/reset-password", { password: NEW_PASSWORD }, cookie),
        context: context(),
        params: {},
      }),
    );
    expect(set.headers.get("Location")).toBe("/dashboard");
    expect((await signIn(email, NEW_PASSWORD)).headers.get("Location")).toBe("/dashboard");
  });

  it("let /welcome keep the name the person gives with their password, and keep it typed when refused", async () => {
    const email = uniqueEmail("invitee");
    const cookie = await resetLinkSession(email);
    const welcome = await import("~/routes/welcome");
    const post = (fields: Record<string, string>) =>
      settle(() =>
        welcome.action({
          request: formPost("/welcome", fields, cookie),
          context: context(),
          params: {},
        }),
      );
    const weak = asData(await post({ personName: "Dana Whitfield", password: "short" }));
    expect(weak.init?.status).toBe(400);
    expect(weak.data).toMatchObject({ values: { personName: "Dana Whitfield" } });
    const set = asResponse(await post({ personName: " Dana Whitfield ", password: NEW_PASSWORD }));
    expect(set.headers.get("Location")).toBe("/dashboard");
    const { database } = await import("~/data/connection.server");
    const { personOf } = await import("~/data/client-accounts.server");
    expect((await personOf(await database(), userIds.get(email) ?? ""))?.name).toBe(
      "Dana Whitfield",
    );
  });

  it("send a session a reset link opened more than 15 minutes ago to the account page, and set nothing", async () => {
    const email = uniqueEmail("late");
    const cookie = await resetLinkSession(email);
    const reset = await import("~/routes/reset-password");
    const openedAt = Date.now();
    const loaderAfter = (minutes: number) => {
      // Only Date moves: the access token lives an hour, so it still verifies, unrefreshed.
      vi.setSystemTime(openedAt + minutes * 60_000);
      return settle(() =>
        reset.loader({ request: get("/reset-password", cookie), context: context(), params: {} }),
      );
    };
    expect(await loaderAfter(14)).toEqual({ email });
    expect(asResponse(await loaderAfter(16)).headers.get("Location")).toBe("/dashboard/account");
    const post = asResponse(
      await settle(() =>
        reset.action({
          request: formPost("/reset-password", { password: NEW_PASSWORD }, cookie),
          context: context(),
          params: {},
        }),
      ),
    );
    expect(post.headers.get("Location")).toBe("/dashboard/account");
    vi.useRealTimers();
    expect((await signIn(email)).headers.get("Location")).toBe("/dashboard");
  });
});
