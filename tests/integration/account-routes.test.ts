// The recovery and account actions against a real embedded auth server with its 60 s mail gap: one
// answer for known and unknown addresses, the wait in words, revocation after a password change, a
// failed sign-out everywhere, and the e-mail change from the form to the confirmed link.
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as RecoveryActions from "~/auth/recovery.server";
import type * as Session from "~/session/state.server";
import type * as AccountRoute from "~/routes/dashboard.account";
import type * as ConfirmRoute from "~/routes/auth.confirm";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as SignUpRoute from "~/routes/_landing._auth.sign-up";
import { configure, getEnv, parseEnv } from "../../app/lib/env.server";
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
  startTestAuthServer,
  toastOf,
  uniqueEmail,
} from "../support/harness";

let auth: AuthServer;
/** The account page's and 'Sign out of all devices' route actions, as Remix calls them. */
let actions: {
  accountAction: (request: Request, context: AppLoadContext) => Promise<unknown>;
  signOutEverywhereAction: (request: Request, context: AppLoadContext) => Promise<unknown>;
};
let recovery: typeof RecoveryActions;
let signUp: typeof SignUpRoute;
let signIn: typeof SignInRoute;
let session: typeof Session;
let account: typeof AccountRoute;
let confirm: typeof ConfirmRoute;

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer(
    { GOTRUE_SMTP_MAX_FREQUENCY: "60s" },
    // Every sign-in, password check and e-mail change here comes from one address.
    { RATE_LIMIT_SIGN_IN_PER_IP: "1000", RATE_LIMIT_SIGN_UP_PER_IP: "1000" },
  );
  const accountRoute = await import("~/routes/dashboard.account");
  const everywhere = await import("~/routes/auth.sign-out-everywhere");
  actions = {
    accountAction: (request, context) => accountRoute.action({ request, context, params: {} }),
    signOutEverywhereAction: (request, context) =>
      everywhere.action({ request, context, params: {} }),
  };
  recovery = await import("~/auth/recovery.server");
  signUp = await import("~/routes/_landing._auth.sign-up");
  signIn = await import("~/routes/_landing._auth.sign-in");
  session = await import("~/session/state.server");
  account = await import("~/routes/dashboard.account");
  confirm = await import("~/routes/auth.confirm");
});

afterAll(async () => {
  await auth.close();
});

const context = (): AppLoadContext => ({ clientIp: "203.0.113.9" });

async function mailsTo(email: string): Promise<number> {
  const response = await fetch(`${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as unknown[]).length;
}

describe("forgot password", () => {
  it("is switched to from sign-in by a form post that carries the typed address, and sends nothing", async () => {
    const email = uniqueEmail("switch");
    await adminCreateUser(auth, email);
    const response = asResponse(
      await recovery.forgotPasswordAction(
        formPost("/forgot-password", {
          email,
          password: "typed",
          "switch-mode": "forgot-password",
        }),
        context(),
      ),
    );
    expect(response.headers.get("Location")).toBe(
      `/forgot-password?email=${encodeURIComponent(email)}`,
    );
    expect(await mailsTo(email)).toBe(0);
  });

  it("answers known and unknown addresses alike, and mails only the known one", async () => {
    const known = uniqueEmail("known");
    await adminCreateUser(auth, known);
    const unknown = uniqueEmail("unknown");
    for (const email of [known, unknown]) {
      const response = asResponse(
        await recovery.forgotPasswordAction(formPost("/forgot-password", { email }), context()),
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
      await recovery.forgotPasswordAction(
        formPost("/forgot-password", { email: known }),
        context(),
      ),
    );
    expect((await toastOf(again))?.title).toBe("Check Your Email");
  });

  it("answers a malformed address with the hint", async () => {
    const answer = asData<{ errors: { email?: string } }>(
      await recovery.forgotPasswordAction(
        formPost("/forgot-password", { email: "x@y" }),
        context(),
      ),
    );
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors.email).toBe("Please enter a valid email address");
  });
});

describe("answers that could tell a recent sign-up", () => {
  it("a resend within the 60 s gap is answered like a sent mail, and sends none", async () => {
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
    const resend = async (address: string) => {
      const response = asResponse(
        await recovery.resendConfirmationAction(
          formPost("/auth/resend-confirmation", { email: address }),
          context(),
        ),
      );
      const toast = await toastOf(response);
      return {
        location: response.headers.get("Location"),
        title: toast?.title,
        text: toast?.description,
      };
    };
    const withinGap = await resend(email);
    const neverSignedUp = await resend(uniqueEmail("nobody"));
    expect(withinGap).toEqual(neverSignedUp);
    expect(withinGap.title).toBe("Email Sent");
    expect(await mailsTo(email)).toBe(1);
  });

  it("a repeat sign-up within the gap is answered like a first one", async () => {
    const signUpAnswer = async (address: string) => {
      const response = asResponse(
        await signUp.action({
          request: formPost("/sign-up", { email: address, password: PASSWORD }),
          context: context(),
          params: {},
        }),
      );
      const toast = await toastOf(response);
      return {
        location: response.headers.get("Location"),
        title: toast?.title,
        text: toast?.description,
      };
    };
    const email = uniqueEmail("again");
    const first = await signUpAnswer(email);
    expect(await signUpAnswer(email)).toEqual(first);
    expect(first.title).toBe("Account Created!");
  });

  it("hosted Supabase's 429 for the per-address gap is answered like a sent mail too", async () => {
    // GoTrue answers a repeat sign-up or a resend within the gap with this 429.
    const gotrue = createServer((_request, response) => {
      response.writeHead(429, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({
          code: 429,
          error_code: "over_email_send_rate_limit",
          msg: "For security purposes, you can only request this after 42 seconds.",
        }),
      );
    });
    await withAuthServiceAt(gotrue, async () => {
      const email = uniqueEmail("hosted-gap");
      const signedUp = asResponse(
        await signUp.action({
          request: formPost("/sign-up", { email, password: PASSWORD }),
          context: context(),
          params: {},
        }),
      );
      expect(signedUp.headers.get("Location")).toBe(`/sign-up?inbox=${encodeURIComponent(email)}`);
      expect((await toastOf(signedUp))?.title).toBe("Account Created!");
      const resent = asResponse(
        await recovery.resendConfirmationAction(
          formPost("/auth/resend-confirmation", { email }),
          context(),
        ),
      );
      expect((await toastOf(resent))?.title).toBe("Email Sent");
    });
  });
});

/** A new session of `email`'s, signed in through the form: its Cookie header. */
async function sessionCookie(email: string) {
  const answer = await signIn.action({
    request: formPost("/sign-in", { email, password: PASSWORD }),
    context: context(),
    params: {},
  });
  return cookieHeaderFrom(asResponse(answer).headers);
}

/** Points the app at `service`, a stand-in for the auth service, while `run` runs; then back. */
async function withAuthServiceAt(service: Server, run: () => Promise<void>) {
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  const { port } = service.address() as AddressInfo;
  const settings = { ...process.env, DATA_DIR: getEnv().DATA_DIR, SUPABASE_ANON_KEY: auth.anonKey };
  configure(parseEnv({ ...settings, SUPABASE_URL: `http://127.0.0.1:${port}` }));
  try {
    await run();
  } finally {
    configure(parseEnv({ ...settings, SUPABASE_URL: auth.url }));
    service.closeAllConnections();
    service.close();
  }
}

describe("password change", () => {
  it("ends the other session at its next view, keeps this one, and the old password fails", async () => {
    const email = uniqueEmail("change");
    await adminCreateUser(auth, email);
    const signInAs = () => sessionCookie(email);
    // Both sessions' tokens are issued within the second of the change: the marker still ends the
    // other one and spares this one, by session.
    const other = await signInAs();
    const here = await signInAs();
    const changed = asResponse(
      await actions.accountAction(
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
    expect((await session.getAuthState(get("/dashboard", renewed), {})).user?.email).toBe(email);
    expect((await session.getAuthState(get("/dashboard", other), {})).user).toBeNull();
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

describe("sign out of all devices", () => {
  it("says 'Connection Error' and marks nothing when the auth service cannot end the sessions; once it is back, the same button does", async () => {
    // The app reaches the auth service through this relay, which drops every call while `down`.
    let down = false;
    const relay = createServer((incoming, outgoing) => {
      if (down) {
        incoming.socket.destroy();
        return;
      }
      const { method, headers } = incoming;
      const upstream = forward(`${auth.url}${incoming.url}`, { method, headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      incoming.pipe(upstream);
    });
    await withAuthServiceAt(relay, async () => {
      const email = uniqueEmail("everywhere");
      await adminCreateUser(auth, email);
      const signInAs = () => sessionCookie(email);
      const [here, other] = [await signInAs(), await signInAs()];
      const signedInAs = async (cookie: string) =>
        (await session.getAuthState(get("/dashboard", cookie), {})).user?.email ?? null;
      // Read once while the service is up, so the app holds its signing keys through the outage.
      expect(await signedInAs(other)).toBe(email);
      const signOutEverywhere = async () =>
        asResponse(
          await actions.signOutEverywhereAction(
            formPost("/auth/sign-out-everywhere", {}, here),
            context(),
          ),
        );

      down = true;
      const failed = await signOutEverywhere();
      expect(failed.headers.get("Location")).toBe("/dashboard/account");
      expect(await toastOf(failed)).toMatchObject({
        title: "Connection Error",
        description: "Unable to connect to authentication service. Please try again.",
      });
      down = false;
      // Nothing claimed, nothing marked: both devices are still signed in.
      expect(await signedInAs(here)).toBe(email);
      expect(await signedInAs(other)).toBe(email);

      const done = await signOutEverywhere();
      expect(done.headers.get("Location")).toBe("/");
      expect((await toastOf(done))?.title).toBe("Signed Out");
      expect(await signedInAs(other)).toBeNull();
    });
  });
});

describe("e-mail change on the account page", () => {
  async function signedIn(email: string) {
    await adminCreateUser(auth, email);
    return cookieHeaderFrom(
      asResponse(
        await signIn.action({
          request: formPost("/sign-in", { email, password: PASSWORD }),
          context: context(),
          params: {},
        }),
      ).headers,
    );
  }

  const changeEmail = async (cookie: string, newEmail: string, emailChangePassword = PASSWORD) =>
    account.action({
      request: formPost(
        "/dashboard/account",
        { intent: "change-email", newEmail, emailChangePassword },
        cookie,
      ),
      context: context(),
      params: {},
    });

  interface Answer {
    values: { newEmail?: string };
    errors: { newEmail?: string; emailChangePassword?: string };
    toast: { title: string; description: string };
  }

  /** A change's answer as the user meets it: its status, where it leads, and its toast. */
  async function answerTo(cookie: string, address: string) {
    const answer = await changeEmail(cookie, address);
    const redirected = answer instanceof Response;
    const toast = redirected ? await toastOf(answer) : asData<Answer>(answer).data.toast;
    return {
      status: redirected ? answer.status : asData<Answer>(answer).init?.status,
      location: redirected ? answer.headers.get("Location") : null,
      title: toast?.title,
      // The address and the seconds left (which may tick between two answers) left out.
      description: toast?.description.replace(address, "<address>").replace(/\d+/, "<n>"),
    };
  }

  it("mails both addresses; the account moves once both links are opened, and lands on the account page", async () => {
    const email = uniqueEmail("before");
    const cookie = await signedIn(email);
    const newEmail = uniqueEmail("after");
    const asked = asResponse(await changeEmail(cookie, ` ${newEmail} `));
    expect(asked.headers.get("Location")).toBe("/dashboard/account");
    expect((await toastOf(asked))?.description).toBe(
      `Open the links sent to ${newEmail} and to your current address to confirm the change. Until then, sign in with your current email.`,
    );
    const linkTo = async (address: string) => {
      const link = new URL((await latestMail(auth, address)).confirmation_url);
      expect(link.searchParams.get("type")).toBe("email_change");
      return `${link.pathname}${link.search}`;
    };
    const [oldPath, newPath] = [await linkTo(email), await linkTo(newEmail)];

    const page = asData<{ state: string; purpose: string }>(
      await confirm.loader({ request: get(newPath), context: context(), params: {} }),
    );
    expect(page.data).toEqual({ state: "ready", purpose: "email_change" });
    // The first link opened (here the old address's): one more step, nothing changes yet.
    const half = asResponse(
      await confirm.action({ request: formPost(oldPath, {}), context: context(), params: {} }),
    );
    expect((await toastOf(half))?.title).toBe("One More Step");
    expect((await session.getAuthState(get("/dashboard/account", cookie), {})).user?.email).toBe(
      email,
    );
    // Opened in another browser: the second link alone signs the user in with the new address.
    const confirmed = asResponse(
      await confirm.action({ request: formPost(newPath, {}), context: context(), params: {} }),
    );
    expect(confirmed.headers.get("Location")).toBe("/dashboard/account");
    expect((await toastOf(confirmed))?.title).toBe("Email Changed");
    const newCookie = cookieHeaderFrom(confirmed.headers);
    const state = await session.getAuthState(get("/dashboard/account", newCookie), {});
    expect(state.user?.email).toBe(newEmail);

    const reused = asData<{ state: string; purpose: string }>(
      await confirm.action({ request: formPost(newPath, {}), context: context(), params: {} }),
    );
    expect(reused.data).toEqual({ state: "invalid", purpose: "email_change" });
    const oldSignIn = asData<{ toast: { description: string } }>(
      await signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    expect(oldSignIn.data.toast.description).toBe("Invalid email or password. Please try again.");
  });

  it("asks for the current password: without it, or with a wrong one, nothing is mailed", async () => {
    const email = uniqueEmail("guarded");
    const cookie = await signedIn(email);
    const target = uniqueEmail("thief");
    for (const password of ["", "not-the-password"]) {
      const refused = asData<Answer>(await changeEmail(cookie, target, password));
      expect(refused.init?.status).toBe(400);
      expect(refused.data.errors.emailChangePassword).toBe("Your current password is incorrect.");
    }
    expect(await mailsTo(target)).toBe(0);
    const state = await session.getAuthState(get("/dashboard/account", cookie), {});
    expect(state.user?.email).toBe(email);
  });

  it("answers an address that has an account exactly like any other, and mails it nothing", async () => {
    const cookie = await signedIn(uniqueEmail("prober"));
    const taken = uniqueEmail("taken");
    await adminCreateUser(auth, taken);
    const free = uniqueEmail("free");
    // Two accounts: one account may ask for only one change per gap (next test).
    const answers = [
      await answerTo(cookie, taken),
      await answerTo(await signedIn(uniqueEmail("prober-2")), free),
    ];
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(302);
    expect(await mailsTo(taken)).toBe(0);
  });

  it("answers every change asked for within the gap alike, whether the address has an account or not, and mails nothing", async () => {
    const cookie = await signedIn(uniqueEmail("gap-prober"));
    expect((await answerTo(cookie, uniqueEmail("gap-first"))).status).toBe(302);
    const taken = uniqueEmail("gap-taken");
    await adminCreateUser(auth, taken);
    const free = uniqueEmail("gap-free");
    const toTaken = await answerTo(cookie, taken);
    const toFree = await answerTo(cookie, free);
    expect(toTaken).toEqual(toFree);
    expect(toTaken).toMatchObject({ status: 429, title: "Please Wait" });
    expect(await mailsTo(taken)).toBe(0);
    expect(await mailsTo(free)).toBe(0);
  });

  it("answers an invalid or unchanged address with the form and a message", async () => {
    const email = uniqueEmail("stays");
    const cookie = await signedIn(email);

    const invalid = asData<Answer>(await changeEmail(cookie, "not-an-address"));
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data.values.newEmail).toBe("not-an-address");
    expect(invalid.data.errors.newEmail).toBe("Please enter a valid email address");

    const same = asData<Answer>(await changeEmail(cookie, email.toUpperCase()));
    expect(same.init?.status).toBe(400);
    expect(same.data.toast.title).toBe("Email Unchanged");
  });

  it("sends an address in another script that fits the pattern on, and answers the auth service's refusal as 'Invalid Email' by the field", async () => {
    const cookie = await signedIn(uniqueEmail("scripts"));
    const refused = asData<Answer>(await changeEmail(cookie, "josé@exämple.com"));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.toast).toMatchObject({
      title: "Invalid Email",
      description: "Please enter a valid email address.",
    });
    expect(refused.data.values.newEmail).toBe("josé@exämple.com");
    expect(refused.data.errors.newEmail).toBe("Please enter a valid email address");
  });

  it("says how long to wait when another change is asked for within the gap (the app's 120 s, longer than the auth service's 60 s)", async () => {
    const cookie = await signedIn(uniqueEmail("twice"));
    asResponse(await changeEmail(cookie, uniqueEmail("first")));
    const second = uniqueEmail("second");
    const refused = asData<Answer>(await changeEmail(cookie, second));
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^(11\d|120)$/);
    expect(refused.data.toast.title).toBe("Please Wait");
    expect(refused.data.values.newEmail).toBe(second);
    expect(await mailsTo(second)).toBe(0);
  });

  it("says one more step when Supabase's secure change wants the other address's link too", async () => {
    // Hosted Supabase's default: the first of the two links verifies with no session.
    const secureChange = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ msg: "Confirmation link accepted", code: 200 }));
    });
    await withAuthServiceAt(secureChange, async () => {
      const path = "/auth/confirm?token_hash=abc&type=email_change&next=%2Fdashboard%2Faccount";
      const answered = asResponse(
        await confirm.action({ request: formPost(path, {}), context: context(), params: {} }),
      );
      expect(answered.headers.get("Location")).toBe("/dashboard/account");
      expect((await toastOf(answered))?.title).toBe("One More Step");
    });
  });

  it("still changes the password when the form has no intent", async () => {
    const email = uniqueEmail("intent");
    const cookie = await signedIn(email);
    const wrong = asData<{ errors: { currentPassword?: string } }>(
      await account.action({
        request: formPost(
          "/dashboard/account",
          { currentPassword: "not-the-password", password: "Brand-New-Pass-9!" },
          cookie,
        ),
        context: context(),
        params: {},
      }),
    );
    expect(wrong.data.errors.currentPassword).toBe("Your current password is incorrect.");
  });
});
