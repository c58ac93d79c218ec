// An invitation-only portal (the auth service takes no sign-ups: GOTRUE_DISABLE_SIGNUP, or hosted
// Supabase's switch): /sign-up is sign-in, the landing page says how to get in, a sign-up post gets a
// clear message, and staff invitations still go out.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import { stopEngines, freshDatabase } from "../support/engines";
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
  toastOf,
  uniqueEmail,
} from "../support/harness";

const context = (): AppLoadContext => ({ clientIp: "203.0.113.40" });
let auth: AuthServer;

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer(
    { GOTRUE_DISABLE_SIGNUP: "true" },
    freshDatabase("sqlite") as Record<string, string>,
  );
  const { configure, getEnv } = await import("~/lib/env.server");
  configure({ ...getEnv(), SUPABASE_SERVICE_ROLE_KEY: auth.serviceRoleKey });
});

afterAll(async () => {
  await auth.close();
  await stopEngines();
});

describe("an invitation-only portal", () => {
  it("sends /sign-up to /sign-in and tells the landing page", async () => {
    const signUp = await import("~/routes/_landing._auth.sign-up");
    const redirected = asResponse(await settle(() => signUp.loader()));
    expect(redirected.headers.get("Location")).toBe("/sign-in");
    const landing = await import("~/routes/_landing");
    const data = await landing.loader({ request: get("/"), context: context(), params: {} });
    expect(data.signUpsOpen).toBe(false);
  });

  it("answers a sign-up post with sign-in, the address kept and the invitation-only message", async () => {
    const signUp = await import("~/routes/_landing._auth.sign-up");
    const email = uniqueEmail("closed");
    const answer = asResponse(
      await settle(() =>
        signUp.action({
          request: formPost("/sign-up", { email, password: PASSWORD }),
          context: context(),
          params: {},
        }),
      ),
    );
    // A form answer would be lost to /sign-up's redirect to sign-in: the message goes with it.
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/sign-in?${new URLSearchParams({ email })}`);
    expect(await toastOf(answer)).toMatchObject({
      title: "Sign-ups Closed",
      description:
        "This portal is by invitation only. Ask your contact at the agency for an invitation.",
    });
  });

  it("still lets staff invite a client", async () => {
    const staff = uniqueEmail("staff-closed");
    await adminCreateUser(auth, staff, { app_metadata: { role: "staff" } });
    const signIn = await import("~/routes/_landing._auth.sign-in");
    const cookie = cookieHeaderFrom(
      asResponse(
        await signIn.action({
          request: formPost("/sign-in", { email: staff, password: PASSWORD }),
          context: context(),
          params: {},
        }),
      ).headers,
    );
    const list = await import("~/routes/staff._index");
    const invited = uniqueEmail("invited-closed");
    const answer = asResponse(
      await list.action({
        request: formPost("/staff?index", { email: invited }, cookie),
        context: context(),
        params: {},
      }),
    );
    expect(answer.headers.get("Location")).toBe("/staff");
    expect((await latestMail(auth, invited)).confirmation_url).toContain("type=invite");
    // An address that already has an account is told so, and nothing is mailed.
    const again = asData<{ toast: { description: string } }>(
      await list.action({
        request: formPost("/staff?index", { email: staff }, cookie),
        context: context(),
        params: {},
      }),
    );
    expect(again.data.toast.description).toBe(
      `${staff} already has an account: they can sign in, or use 'Forgot password?'.`,
    );
    await expect(latestMail(auth, staff)).rejects.toThrow(/no mail/);
  });
});
