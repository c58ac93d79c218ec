// A mailed confirmation link posted from another site, against the production build as real
// processes: the app refuses it with 403 before the auth service sees it, so the link still works
// when the owner presses the button on the site itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ANON_KEY } from "@portal/auth-server";
import {
  freePort,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Ops-Confirm-2026!";

describe("a cross-site post of a confirmation link", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  /** Signs an address up at the auth service and returns the token of the link it mailed. */
  async function mailedToken(): Promise<string> {
    const email = `cross-site-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const signedUp = await fetch(`${auth.url}/auth/v1/signup`, {
      method: "POST",
      headers: { apikey: DEMO_ANON_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signedUp.status).toBe(200);
    const outbox = await fetch(`${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`);
    const [mail] = (await outbox.json()) as { confirmation_url: string }[];
    return new URL(mail?.confirmation_url ?? "").searchParams.get("token_hash") ?? "";
  }

  const postConfirm = (token: string, headers: Record<string, string>) =>
    fetch(`${app.url}/auth/confirm?token_hash=${token}&type=email`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "",
    });

  it("is refused with 403 (by Origin or, without one, by Referer) and leaves the link unspent", async () => {
    const token = await mailedToken();
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Referer: "https://evil.example/mail" },
    ];
    for (const headers of crossSite) {
      const refused = await postConfirm(token, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.getSetCookie(), JSON.stringify(headers)).toEqual([]);
    }
    const confirmed = await postConfirm(token, { Origin: app.url });
    expect(confirmed.status).toBe(302);
    // Signed up at the auth service, not in a browser of this site: the owner chooses a password.
    expect(confirmed.headers.get("location")).toBe("/welcome?confirmed-elsewhere");
    expect(confirmed.headers.getSetCookie().some((line) => line.startsWith("sb-"))).toBe(true);
  });
});
