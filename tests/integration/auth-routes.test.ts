// The auth loaders and actions called as Remix calls them, against a real (in-memory) embedded
// auth server: cookies on redirects, one refresh per request, sign-out clearing every chunk,
// confirmation links, and no-JS posts ending in redirects.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as GuardsModule from "~/session/guards.server";
import type * as StateModule from "~/session/state.server";
import type * as ConfirmRoute from "~/routes/auth.confirm";
import type * as SignOutRoute from "~/routes/auth.sign-out";
import type * as LandingRoute from "~/routes/_landing";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as SignUpRoute from "~/routes/_landing._auth.sign-up";
import type * as Toasts from "~/forms/toast.server";
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
  SITE_URL,
  startTestAuthServer,
  uniqueEmail,
} from "../support/harness";

let auth: AuthServer;
let routes: {
  landing: typeof LandingRoute;
  signInRoute: typeof SignInRoute;
  signUpRoute: typeof SignUpRoute;
  signOut: typeof SignOutRoute;
  confirm: typeof ConfirmRoute;
  guards: typeof GuardsModule;
  state: typeof StateModule;
  toasts: typeof Toasts;
};

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer({ GOTRUE_JWT_EXP: "95" });
  routes = {
    landing: await import("~/routes/_landing"),
    signInRoute: await import("~/routes/_landing._auth.sign-in"),
    signUpRoute: await import("~/routes/_landing._auth.sign-up"),
    signOut: await import("~/routes/auth.sign-out"),
    confirm: await import("~/routes/auth.confirm"),
    guards: await import("~/session/guards.server"),
    state: await import("~/session/state.server"),
    toasts: await import("~/forms/toast.server"),
  };
});

afterAll(async () => {
  await auth.close();
});

const context = (): AppLoadContext => ({ clientIp: "203.0.113.7" });

async function signIn(email: string, password = PASSWORD, path = "/sign-in") {
  const result = await routes.signInRoute.action({
    request: formPost(path, { email, password }),
    context: context(),
    params: {},
  });
  return result;
}

describe("sign-in action", () => {
  it("redirects to /dashboard with httpOnly Lax auth cookies and the welcome toast (a no-JS POST ends in a redirect)", async () => {
    const email = uniqueEmail("signin");
    await adminCreateUser(auth, email);
    const response = asResponse(await signIn(email));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const cookies = response.headers.getSetCookie();
    const authCookie = cookies.find((line) => line.startsWith("sb-127-auth-token"));
    expect(authCookie).toMatch(/HttpOnly/i);
    expect(authCookie).toMatch(/SameSite=Lax/i);
    // Thirty days after it was last written (each refresh writes it), not @supabase/ssr's 400.
    expect(authCookie).toMatch(/Max-Age=2592000(;|$)/i);
    expect(cookies.some((line) => line.startsWith("toast="))).toBe(true);
  });

  it("lands on the signed-in page that sent the client to sign in, and only on one of theirs", async () => {
    const email = uniqueEmail("return");
    await adminCreateUser(auth, email);
    const landing = async (redirectTo: string) => {
      const query = new URLSearchParams({ redirectTo });
      const response = asResponse(await signIn(email, PASSWORD, `/sign-in?${query}`));
      return response.headers.get("Location");
    };
    expect(await landing("/dashboard/sprint-2")).toBe("/dashboard/sprint-2");
    expect(await landing("/dashboard/account?tab=1")).toBe("/dashboard/account?tab=1");
    // Off the site, into the auth pages, or into the staff console: the client's home instead.
    for (const elsewhere of [
      "//evil.example/dashboard",
      "https://evil.example/dashboard",
      "/sign-in",
      "/dashboardx",
      "/staff",
      "/dashboard/../staff",
      "/\\evil.example",
    ]) {
      expect(await landing(elsewhere)).toBe("/dashboard");
    }
  });

  it("answers a wrong password with the catalogue's text and a 400", async () => {
    const email = uniqueEmail("wrong");
    await adminCreateUser(auth, email);
    const result = asData<{ toast: { title: string; description: string } }>(
      await signIn(email, "Nope-2026!"),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.toast).toMatchObject({
      title: "Authentication Error",
      description: "Invalid email or password. Please try again.",
    });
  });

  it("rejects an invalid e-mail before calling the auth service", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const result = asData<{ errors: { email?: string }; toast: { title: string } }>(
      await signIn("not-an-email"),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.errors.email).toBe("Please enter a valid email address");
    expect(result.data.toast.title).toBe("Invalid Email");
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("sends an address in another script that fits the pattern to the auth service, and answers what it says from the catalogue, never 'check your credentials'", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const email = "josé@exämple.com";
    type Answer = {
      values: { email?: string };
      errors: { email?: string };
      toast: { title: string; description: string };
    };
    // Sign-in looks the address up: no account has it.
    const signedIn = asData<Answer>(await signIn(email));
    // Sign-up checks its format, which the auth service (like GoTrue) wants in ASCII.
    const signedUp = asData<Answer>(
      await routes.signUpRoute.action({
        request: formPost("/sign-up", { email, password: PASSWORD }),
        context: context(),
        params: {},
      }),
    );
    expect(fetchSpy).toHaveBeenCalled();
    fetchSpy.mockRestore();
    expect(signedIn.init?.status).toBe(400);
    expect(signedIn.data.toast.description).toBe("Invalid email or password. Please try again.");
    expect(signedUp.init?.status).toBe(400);
    expect(signedUp.data.toast).toMatchObject({
      title: "Invalid Email",
      description: "Please enter a valid email address.",
    });
    expect(signedUp.data.errors.email).toBe("Please enter a valid email address");
    for (const { data } of [signedIn, signedUp]) expect(data.values.email).toBe(email);
  });

  it("answers a form without fields or a non-form body with a 400", async () => {
    const bogus = asData(
      await routes.signInRoute.action({
        request: formPost("/sign-in", { intent: "drop-tables" }),
        context: context(),
        params: {},
      }),
    );
    expect(bogus.init?.status).toBe(400);
    const json = asData(
      await routes.signUpRoute.action({
        request: new Request(`${SITE_URL}/sign-up`, {
          method: "POST",
          body: "{}",
          headers: { "Content-Type": "application/json" },
        }),
        context: context(),
        params: {},
      }),
    );
    expect(json.init?.status).toBe(400);
  });
});

describe("guards", () => {
  it("sends a visitor from a protected route to / (with the page to return to) and a signed-in user from / to /dashboard", async () => {
    const visitor = asResponse(
      await settle(() => routes.guards.requireUser(get("/dashboard"), context())),
    );
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/?redirectTo=%2Fdashboard");

    const email = uniqueEmail("guard");
    await adminCreateUser(auth, email);
    const cookie = cookieHeaderFrom(asResponse(await signIn(email)).headers);
    const landing = asResponse(
      await settle(() =>
        routes.landing.loader({ request: get("/", cookie), context: context(), params: {} }),
      ),
    );
    expect(landing.headers.get("Location")).toBe("/dashboard");
    const { user } = await routes.guards.requireUser(get("/dashboard", cookie), context());
    expect(user.email).toBe(email);
  });

  it("refreshes an expiring token once per request however many loaders ask, and puts the new cookies on a thrown redirect", async () => {
    const email = uniqueEmail("refresh");
    await adminCreateUser(auth, email);
    const cookie = cookieHeaderFrom(asResponse(await signIn(email)).headers);
    // Tokens live 95 s and auth-js refreshes within 90 s of expiry: after 6 s every request refreshes.
    vi.useFakeTimers({ now: Date.now() + 6_000, toFake: ["Date"] });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      // Remix hands every loader of one request the same load context.
      const request = get("/", cookie);
      const shared = context();
      const [redirect, again, user] = await Promise.all([
        settle(() => routes.landing.loader({ request, context: shared, params: {} })),
        routes.state.getAuthState(request, shared),
        routes.guards.requireUser(request, shared),
      ]);
      const refreshCalls = fetchSpy.mock.calls.filter(([url]) =>
        String(url).includes("grant_type=refresh_token"),
      );
      expect(refreshCalls).toHaveLength(1);
      expect(again.user?.email).toBe(email);
      expect(user.user.email).toBe(email);
      const response = asResponse(redirect);
      expect(response.headers.get("Location")).toBe("/dashboard");
      expect(
        response.headers.getSetCookie().some((line) => line.startsWith("sb-127-auth-token")),
      ).toBe(true);
    } finally {
      fetchSpy.mockRestore();
      vi.useRealTimers();
    }
  });

  it("verifies a fresh token locally, with no call to the auth service", async () => {
    const email = uniqueEmail("local");
    await adminCreateUser(auth, email);
    const cookie = cookieHeaderFrom(asResponse(await signIn(email)).headers);
    await routes.guards.requireUser(get("/dashboard", cookie), context()); // warms the key cache
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await routes.guards.requireUser(get("/dashboard/sprint-1", cookie), context());
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe("sign-out action", () => {
  it("clears every auth cookie chunk and goes back to /", async () => {
    const email = uniqueEmail("chunks");
    await adminCreateUser(auth, email, { user_metadata: { bio: "x".repeat(4000) } });
    const signedIn = asResponse(await signIn(email));
    const names = signedIn.headers
      .getSetCookie()
      .map((line) => line.split("=")[0])
      .filter((name) => name?.startsWith("sb-127-auth-token"));
    expect(names.length).toBeGreaterThan(1);
    const response = asResponse(
      await routes.signOut.action({
        request: formPost("/auth/sign-out", {}, cookieHeaderFrom(signedIn.headers)),
        context: context(),
        params: {},
      }),
    );
    expect(response.headers.get("Location")).toBe("/");
    const cleared = response.headers.getSetCookie().filter((line) => /max-age=0/i.test(line));
    for (const name of names)
      expect(cleared.some((line) => line.startsWith(`${name}=`))).toBe(true);
  });

  it("never signs out on GET", async () => {
    const response = asResponse(await routes.signOut.loader());
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie()).toHaveLength(0);
  });
});

describe("sign-up and confirmation", () => {
  it("mails a link to the configured site (not the request's host) that signs the user in once", async () => {
    const email = uniqueEmail("signup");
    const request = new Request("http://evil.example/sign-up", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    const response = asResponse(
      await routes.signUpRoute.action({ request, context: context(), params: {} }),
    );
    expect(response.headers.get("Location")).toBe(`/sign-up?inbox=${encodeURIComponent(email)}`);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("toast="))).toBe(true);

    const mail = await latestMail(auth, email);
    const link = new URL(mail.confirmation_url);
    expect(link.origin).toBe(SITE_URL);
    expect(link.pathname).toBe("/auth/confirm");

    // Opening the link only shows the page: nothing is spent on GET.
    const page = asData<{ state: string }>(
      await routes.confirm.loader({
        request: get(`${link.pathname}${link.search}`),
        context: context(),
        params: {},
      }),
    );
    expect(page.data).toEqual({ state: "ready", purpose: "confirm" });

    // Confirmed in the browser that signed up: it holds the sign-up's proof cookie.
    const confirmed = asResponse(
      await routes.confirm.action({
        request: formPost(`${link.pathname}${link.search}`, {}, cookieHeaderFrom(response.headers)),
        context: context(),
        params: {},
      }),
    );
    expect(confirmed.headers.get("Location")).toBe("/dashboard");
    expect(
      confirmed.headers.getSetCookie().some((line) => line.startsWith("sb-127-auth-token")),
    ).toBe(true);

    const reused = asData<{ state: string }>(
      await routes.confirm.action({
        request: formPost(`${link.pathname}${link.search}`, {}),
        context: context(),
        params: {},
      }),
    );
    expect(reused.init?.status).toBe(400);
    expect(reused.data).toEqual({ state: "invalid", purpose: "confirm" });
  });

  it("refuses a weak password with 'Password Requirements'", async () => {
    const result = asData<{ toast: { title: string } }>(
      await routes.signUpRoute.action({
        request: formPost("/sign-up", {
          email: uniqueEmail("weak"),
          password: "password",
        }),
        context: context(),
        params: {},
      }),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.toast.title).toBe("Password Requirements");
  });

  it("answers a sign-up of an already confirmed address exactly like a new sign-up", async () => {
    const email = uniqueEmail("dupe");
    await adminCreateUser(auth, email);
    const signUp = async (address: string) =>
      asResponse(
        await routes.signUpRoute.action({
          request: formPost("/sign-up", { email: address, password: PASSWORD }),
          context: context(),
          params: {},
        }),
      );
    const repeated = await signUp(email);
    const fresh = await signUp(uniqueEmail("fresh"));
    const cookieNames = (response: Response) =>
      response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")));
    for (const response of [repeated, fresh]) {
      expect(response.status).toBe(302);
      // Each answer names its own address only: "Check your inbox" for that address.
      expect(response.headers.get("Location")).toMatch(/^\/sign-up\?inbox=[^&]+%40example\.com$/);
      const { toast } = await routes.toasts.readPageToast(
        get("/sign-up", cookieHeaderFrom(response.headers)),
        context(),
      );
      expect(toast).toMatchObject({
        title: "Account Created!",
        description: "Please check your email to verify your account.",
        variant: "success",
      });
    }
    expect(cookieNames(repeated)).toEqual(cookieNames(fresh));
  });

  it("mails a confirmed address's owner a notice whose reset link opens the reset page", async () => {
    const email = uniqueEmail("known");
    await adminCreateUser(auth, email);
    await routes.signUpRoute.action({
      request: formPost("/sign-up", { email, password: "Someone-Else-2026!" }),
      context: { clientIp: "198.51.100.90" },
      params: {},
    });
    const notice = await latestMail(auth, email);
    expect(notice.subject).toBe("You already have an account");
    expect(notice.text).toContain(`${SITE_URL}/sign-in`);
    const link = new URL(notice.confirmation_url);
    const opened = asResponse(
      await routes.confirm.action({
        request: formPost(`${link.pathname}${link.search}`, {}),
        context: context(),
        params: {},
      }),
    );
    expect(opened.headers.get("Location")).toBe("/reset-password");
    expect(opened.headers.getSetCookie().some((line) => line.startsWith("sb-127-auth-token"))).toBe(
      true,
    );
  });

  it("answers a broken link with the 'link expired' page, and survives a hostile next", async () => {
    for (const path of [
      "/auth/confirm?token_hash=nope&type=email",
      "/auth/confirm",
      "/auth/confirm?token_hash=nope&type=recovery&next=%2F%25E2%2580%25A8%2F%2Fx",
      "/auth/confirm?token_hash=nope&type=recovery&next=/%E2%80%A8//x",
    ]) {
      const posted = asData<{ state: string }>(
        await routes.confirm.action({
          request: formPost(path, {}),
          context: context(),
          params: {},
        }),
      );
      expect(posted.init?.status).toBe(400);
      expect(posted.data.state).toBe("invalid");
    }
    const missing = asData<{ state: string }>(
      await routes.confirm.loader({
        request: get("/auth/confirm"),
        context: context(),
        params: {},
      }),
    );
    expect(missing.data.state).toBe("invalid");
  });

  it("a valid link with a hostile next still confirms, and stays on the site", async () => {
    // Other sites and schemes fall back to the dashboard; a line separator, plain or encoded
    // twice, is only a (percent-encoded) path on this site.
    const hostile: [next: string, landing: string][] = [
      ["//evil.example", "/dashboard"],
      ["https://evil.example", "/dashboard"],
      ["/%5Cevil.example", "/dashboard"],
      ["javascript:alert(1)", "/dashboard"],
      ["/%E2%80%A8//x", "/%E2%80%A8//x"],
      ["%2F%25E2%2580%25A8%2F%2Fx", "/%E2%80%A8//x"],
    ];
    for (const [i, [next, landing]] of hostile.entries()) {
      const email = uniqueEmail("next");
      // Each link from its own address, clear of the per-IP limits on sign-ups and confirmations.
      const ctx = { clientIp: `198.51.100.${120 + i}` };
      const signedUp = asResponse(
        await routes.signUpRoute.action({
          request: formPost("/sign-up", { email, password: PASSWORD }),
          context: ctx,
          params: {},
        }),
      );
      const browser = cookieHeaderFrom(signedUp.headers);
      const link = new URL((await latestMail(auth, email)).confirmation_url);
      const token = link.searchParams.get("token_hash") ?? "";
      const path = `/auth/confirm?token_hash=${token}&type=email&next=${next}`;
      const page = asData<{ state: string }>(
        await routes.confirm.loader({ request: get(path), context: ctx, params: {} }),
      );
      expect(page.data.state, next).toBe("ready");
      const confirmed = asResponse(
        await settle(() =>
          routes.confirm.action({ request: formPost(path, {}, browser), context: ctx, params: {} }),
        ),
      );
      expect(confirmed.status, next).toBe(302);
      const location = confirmed.headers.get("Location") ?? "";
      expect(location, next).toBe(landing);
      expect(new URL(location, SITE_URL).origin, next).toBe(SITE_URL);
      expect(
        confirmed.headers.getSetCookie().some((line) => line.startsWith("sb-127-auth-token")),
        next,
      ).toBe(true);
    }
  });
});
