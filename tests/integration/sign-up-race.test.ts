// Pre-hijacking through a sign-up race, against a real in-memory auth server: someone signs up
// another person's address with a password of their own, before or after the owner, and the owner
// then confirms with whichever mail they have. Afterwards only a password the owner knows signs in.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as SignUpRoute from "~/routes/_landing._auth.sign-up";
import type * as ConfirmRoute from "~/routes/auth.confirm";
import type * as WelcomeRoute from "~/routes/welcome";
import type * as RecoveryModule from "~/auth/recovery.server";
import {
  appEnv,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  PASSWORD,
  settle,
  startTestAuthServer,
  uniqueEmail,
} from "../support/harness";

const ATTACKER_PASSWORD = "Attacker-Chose-2026!";
/** Where a confirmation from a browser that did not sign up lands: /welcome, saying why. */
const CONFIRMED_ELSEWHERE = "/welcome?confirmed-elsewhere";
const OWNER_NEW_PASSWORD = "Owner-Chose-Later-2026!";
/** A new address for each browser. */
let lastHost = 0;
const nextIp = (network: string) => `${network}.${++lastHost}`;

let auth: AuthServer;
let mod: {
  signIn: typeof SignInRoute;
  signUp: typeof SignUpRoute;
  confirm: typeof ConfirmRoute;
  welcome: typeof WelcomeRoute;
  recovery: typeof RecoveryModule;
};

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer(
    // Every call reaches the auth server from this process: no per-client mail budget.
    { AUTH_RATE_LIMIT_EMAIL_PER_IP: "0" },
    { RATE_LIMIT_SIGN_UP_PER_IP: "1000", RATE_LIMIT_CONFIRM_PER_IP: "1000" },
  );
  mod = {
    signIn: await import("~/routes/_landing._auth.sign-in"),
    signUp: await import("~/routes/_landing._auth.sign-up"),
    confirm: await import("~/routes/auth.confirm"),
    welcome: await import("~/routes/welcome"),
    recovery: await import("~/auth/recovery.server"),
  };
});

afterAll(async () => {
  await auth.close();
});

const context = (clientIp: string): AppLoadContext => ({ clientIp });

/** A browser: its cookies, kept across the answers it gets. */
class Browser {
  cookie = "";
  constructor(readonly ip: string) {}

  keep(response: Response) {
    const fresh = cookieHeaderFrom(response.headers);
    const jar = new Map(
      [this.cookie, fresh]
        .flatMap((header) => header.split("; "))
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
    );
    for (const line of response.headers.getSetCookie()) {
      if (/max-age=0/i.test(line)) jar.delete(line.slice(0, line.indexOf("=")));
    }
    this.cookie = [...jar.values()].join("; ");
    return response;
  }

  async signUp(email: string, password: string) {
    const answer = await mod.signUp.action({
      request: formPost("/sign-up", { email, password }, this.cookie),
      context: context(this.ip),
      params: {},
    });
    return this.keep(asResponse(answer));
  }

  async resend(email: string) {
    const answer = await mod.recovery.resendConfirmationAction(
      formPost("/auth/resend-confirmation", { email }, this.cookie),
      context(this.ip),
    );
    return this.keep(asResponse(answer));
  }

  /** Presses the confirmation page's button; the invalid-link page comes back as null. */
  async confirm(link: string): Promise<Response | null> {
    const url = new URL(link);
    const answer = await settle(() =>
      mod.confirm.action({
        request: formPost(`${url.pathname}${url.search}`, {}, this.cookie),
        context: context(this.ip),
        params: {},
      }),
    );
    return answer instanceof Response ? this.keep(answer) : null;
  }

  async choosePassword(password: string) {
    const answer = await settle(() =>
      mod.welcome.action({
        request: formPost("/welcome", { password }, this.cookie),
        context: context(this.ip),
        params: {},
      }),
    );
    return this.keep(asResponse(answer));
  }
}

/** Every confirmation link mailed to `email` so far, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  const response = await fetch(`${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()) as Array<{ confirmation_url: string }>;
  return mails.map((mail) => mail.confirmation_url).reverse();
}

async function signInStatus(email: string, password: string, ip = "192.0.2.99") {
  const answer = await settle(() =>
    mod.signIn.action({
      request: formPost("/sign-in", { email, password }),
      context: context(ip),
      params: {},
    }),
  );
  if (answer instanceof Response) return answer.status;
  return (answer as { init?: { status?: number } }).init?.status ?? 200;
}

describe("a sign-up race", () => {
  it("someone signs the address up after the owner: the owner's resent mail confirms no password of theirs, and the owner chooses one", async () => {
    const email = uniqueEmail("race-after");
    const owner = new Browser(nextIp("203.0.113"));
    const attacker = new Browser(nextIp("198.51.100"));
    await owner.signUp(email, PASSWORD);
    await attacker.signUp(email, ATTACKER_PASSWORD);
    await owner.resend(email);

    const links = await linksTo(email);
    const confirmed = await owner.confirm(links.at(-1) ?? "");
    expect(confirmed?.headers.get("Location")).toBe(CONFIRMED_ELSEWHERE);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(400);

    const chosen = await owner.choosePassword(OWNER_NEW_PASSWORD);
    expect(chosen.headers.get("Location")).toBe("/dashboard");
    expect(await signInStatus(email, OWNER_NEW_PASSWORD)).toBe(302);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(400);
  });

  it("whichever of the owner's mails is opened (the first, a resent one, the newest), the other password never signs in", async () => {
    for (const pick of ["first", "resent", "newest"] as const) {
      const email = uniqueEmail(`race-${pick}`);
      const owner = new Browser(nextIp("203.0.113"));
      const attacker = new Browser(nextIp("198.51.100"));
      await owner.signUp(email, PASSWORD);
      if (pick !== "first") await owner.resend(email);
      await attacker.signUp(email, ATTACKER_PASSWORD);
      if (pick === "newest") await owner.resend(email);
      const ownerLinks = await linksTo(email);
      const link =
        pick === "first" ? ownerLinks[0] : pick === "resent" ? ownerLinks[1] : ownerLinks.at(-1);

      const confirmed = await owner.confirm(link ?? "");
      expect(await signInStatus(email, ATTACKER_PASSWORD), pick).toBe(400);
      if (confirmed) {
        expect(confirmed.headers.get("Location"), pick).toBe(CONFIRMED_ELSEWHERE);
      }
    }
  });

  it("someone signs the address up before the owner: the owner's confirmation keeps only a password the owner chose", async () => {
    const email = uniqueEmail("race-before");
    const attacker = new Browser(nextIp("198.51.100"));
    const owner = new Browser(nextIp("203.0.113"));
    await attacker.signUp(email, ATTACKER_PASSWORD);
    await owner.signUp(email, PASSWORD);

    const confirmed = await owner.confirm((await linksTo(email)).at(-1) ?? "");
    const landing = confirmed?.headers.get("Location");
    expect(["/dashboard", CONFIRMED_ELSEWHERE]).toContain(landing);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(400);
    if (landing === CONFIRMED_ELSEWHERE) await owner.choosePassword(OWNER_NEW_PASSWORD);
    const ownPassword = landing === CONFIRMED_ELSEWHERE ? OWNER_NEW_PASSWORD : PASSWORD;
    expect(await signInStatus(email, ownPassword)).toBe(302);
  });

  it("the owner's own sign-up confirmed in the browser that made it goes straight to the dashboard", async () => {
    const email = uniqueEmail("same-browser");
    const owner = new Browser(nextIp("203.0.113"));
    await owner.signUp(email, PASSWORD);
    const confirmed = await owner.confirm((await linksTo(email)).at(-1) ?? "");
    expect(confirmed?.headers.get("Location")).toBe("/dashboard");
    expect(await signInStatus(email, PASSWORD)).toBe(302);
  });

  it("a confirmation opened on another device asks the owner to choose the password, and the page says why", async () => {
    const email = uniqueEmail("other-device");
    await new Browser(nextIp("203.0.113")).signUp(email, PASSWORD);
    const phone = new Browser(nextIp("192.0.2"));
    const confirmed = await phone.confirm((await linksTo(email)).at(-1) ?? "");
    expect(confirmed?.headers.get("Location")).toBe(CONFIRMED_ELSEWHERE);
    expect(await signInStatus(email, PASSWORD)).toBe(400);
    const page = (path: string) =>
      mod.welcome.loader({
        request: get(path, phone.cookie),
        context: context(phone.ip),
        params: {},
      });
    expect(await page(CONFIRMED_ELSEWHERE)).toEqual({ email, confirmedElsewhere: true });
    // An invitation's /welcome has nothing to explain.
    expect((await page("/welcome")).confirmedElsewhere).toBe(false);
    const chosen = await phone.choosePassword(OWNER_NEW_PASSWORD);
    expect(chosen.headers.get("Location")).toBe("/dashboard");
    expect(await signInStatus(email, OWNER_NEW_PASSWORD)).toBe(302);
  });
});
