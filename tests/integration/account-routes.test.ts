// The recovery and account actions as Remix calls them, against a real embedded auth server with
// GoTrue's 60 s per-address mail gap: the same answer for known and unknown addresses, the wait
// in words when a confirmation mail is asked for too soon, and revocation after a password change.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as AccountActions from "~/lib/account-actions.server";
import type * as Session from "~/lib/auth.server";
import type * as Toasts from "~/lib/toast.server";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as SignUpRoute from "~/routes/_landing._auth.sign-up";
import {
  adminCreateUser,
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  PASSWORD,
  startTestAuthServer,
  uniqueEmail,
} from "./harness";

let auth: AuthServer;
let actions: typeof AccountActions;
let signUp: typeof SignUpRoute;
let signIn: typeof SignInRoute;
let toasts: typeof Toasts;
let session: typeof Session;

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer({ GOTRUE_SMTP_MAX_FREQUENCY: "60s" });
  actions = await import("~/lib/account-actions.server");
  signUp = await import("~/routes/_landing._auth.sign-up");
  signIn = await import("~/routes/_landing._auth.sign-in");
  toasts = await import("~/lib/toast.server");
  session = await import("~/lib/auth.server");
});

afterAll(async () => {
  await auth.close();
});

const context = (): AppLoadContext => ({ clientIp: "203.0.113.9" });

async function mailsTo(email: string): Promise<number> {
  const response = await fetch(`${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as unknown[]).length;
}

/** The flash toast a redirect carries, as the next page would read it. */
async function toastOf(response: Response) {
  const { toast } = await toasts.readFlashToast(get("/", cookieHeaderFrom(response.headers)));
  return toast;
}

describe("forgot password", () => {
  it("answers known and unknown addresses alike, and mails only the known one", async () => {
    const known = uniqueEmail("known");
    await adminCreateUser(auth, known);
    const unknown = uniqueEmail("unknown");
    for (const email of [known, unknown]) {
      const response = asResponse(
        await actions.forgotPasswordAction(formPost("/forgot-password", { email }), context()),
      );
      expect(response.headers.get("Location")).toBe("/forgot-password");
      expect((await toastOf(response))?.description).toBe(
        `If an account exists for ${email}, we've sent a link to reset your password.`,
      );
    }
    expect(await mailsTo(known)).toBe(1);
    expect(await mailsTo(unknown)).toBe(0);

    // Within the per-address gap the answer is still the same (it would reveal the account).
    const again = asResponse(
      await actions.forgotPasswordAction(formPost("/forgot-password", { email: known }), context()),
    );
    expect((await toastOf(again))?.title).toBe("Check Your Email");
  });

  it("answers a malformed address with the hint", async () => {
    const answer = asData<{ errors: { email?: string } }>(
      await actions.forgotPasswordAction(formPost("/forgot-password", { email: "x@y" }), context()),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors.email).toBe("Please enter a valid email address");
  });
});

describe("resend confirmation", () => {
  it("says how long to wait when asked within GoTrue's 60 s gap", async () => {
    const email = uniqueEmail("resend");
    asResponse(
      await signUp.action({
        request: formPost("/sign-up", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    const refused = asData<{ unconfirmed?: boolean }>(
      await signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    expect(refused.data.unconfirmed).toBe(true);
    const response = asResponse(
      await actions.resendConfirmationAction(
        formPost("/auth/resend-confirmation", { email }),
        context(),
      ),
    );
    expect(response.headers.get("Location")).toBe("/sign-in");
    const toast = await toastOf(response);
    expect(toast?.title).toBe("Please Wait");
    expect(toast?.description).toMatch(/^You can ask for another email in (5\d|60) seconds\.$/);
    expect(await mailsTo(email)).toBe(1);
  });
});

describe("password change", () => {
  it("ends the other session at its next view, keeps this one, and the old password fails", async () => {
    const email = uniqueEmail("change");
    await adminCreateUser(auth, email);
    const signInAs = async () =>
      cookieHeaderFrom(
        asResponse(
          await signIn.action({
            request: formPost("/sign-in", { email, password: PASSWORD }),
            context: context(),
            params: {},
          }),
        ).headers,
      );
    const other = await signInAs();
    // Tokens carry whole seconds: the marker must come after the other session's token.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const here = await signInAs();
    const changed = asResponse(
      await actions.changePasswordAction(
        formPost(
          "/dashboard/account",
          { currentPassword: PASSWORD, password: "Brand-New-Pass-9!" },
          here,
        ),
        context(),
      ),
    );
    expect(changed.headers.get("Location")).toBe("/dashboard");
    const renewed = cookieHeaderFrom(changed.headers);
    expect((await session.getAuthState(get("/dashboard", renewed))).user?.email).toBe(email);
    expect((await session.getAuthState(get("/dashboard", other))).user).toBeNull();
    const old = asData<{ toast: { description: string } }>(
      await signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    expect(old.data.toast.description).toBe("Invalid email or password. Please try again.");
  });
});
