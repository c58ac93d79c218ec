// Unguessable mailed links (random, stored hashed), a capped 6-digit code, and no account
// pre-hijacking through an earlier sign-up of someone else's address.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  latestMail,
  mailsTo,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

async function signUp(server: TestServer, email: string, password = PASSWORD) {
  const res = await server.raw("/signup", { body: { email, password } });
  expect(res.status).toBe(200);
  const mail = await latestMail(server, email);
  return {
    linkToken: new URL(mail.confirmation_url).searchParams.get("token_hash") as string,
    code: /enter this code: (\d{6})/.exec(mail.text)?.[1] as string,
  };
}

const verifyLink = (server: TestServer, tokenHash: string) =>
  server.raw("/verify", { body: { type: "email", token_hash: tokenHash } });
const verifyCode = (server: TestServer, email: string, token: string) =>
  server.raw("/verify", { body: { type: "email", email, token } });

describe("mailed links", () => {
  it("cannot be computed from the address and the code (the old sha224 token_hash)", async () => {
    const email = uniqueEmail();
    const { linkToken, code } = await signUp(ts, email);
    const guessed = createHash("sha224")
      .update(email + code)
      .digest("hex");
    expect(linkToken).not.toBe(guessed);
    expect((await verifyLink(ts, guessed)).status).toBe(403);
    expect((await verifyLink(ts, `pkce_${guessed}`)).status).toBe(403);
    expect((await verifyLink(ts, linkToken)).status).toBe(200);
  });

  it("are kept only as a sha256 in the data folder", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "auth-links-"));
    const persisted = await startTestServer({}, { dataDir });
    // generate_link mails nothing, so the token is nowhere but in the tokens table.
    const { data, error } = await persisted.admin().auth.admin.generateLink({
      type: "signup",
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(error).toBeNull();
    const linkToken = String(data.properties?.hashed_token);
    await persisted.close();
    const stored = readdirSync(dataDir)
      .map((name) => readFileSync(join(dataDir, name)).toString("latin1"))
      .join("\n");
    expect(stored).not.toContain(linkToken);
    expect(stored).toContain(createHash("sha256").update(linkToken).digest("hex"));
  });

  it("the 6-digit code stops working after 5 wrong tries; the link still works", async () => {
    const email = uniqueEmail();
    const { linkToken, code } = await signUp(ts, email);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) expect((await verifyCode(ts, email, wrong)).status).toBe(403);
    const late = await verifyCode(ts, email, code);
    expect(late.status).toBe(403);
    expect(late.body.code).toBe("otp_expired");
    expect((await verifyLink(ts, linkToken)).status).toBe(200);
  });

  it("a right code within the cap confirms (supabase-js verifyOtp with email + token)", async () => {
    const email = uniqueEmail();
    const { code } = await signUp(ts, email);
    const wrong = code === "000000" ? "000001" : "000000";
    for (let i = 0; i < 4; i++) expect((await verifyCode(ts, email, wrong)).status).toBe(403);
    const { data, error } = await ts.client().auth.verifyOtp({ type: "email", email, token: code });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });
});

describe("pre-hijacking", () => {
  /** The owner's password signs in; the attacker's earlier one is refused like any wrong one. */
  async function expectOnlyOwnerSignsIn(email: string, attackerPassword: string) {
    const asOwner = await ts.raw("/token?grant_type=password", {
      body: { email, password: PASSWORD },
    });
    expect(asOwner.status).toBe(200);
    const asAttacker = await ts.raw("/token?grant_type=password", {
      body: { email, password: attackerPassword },
    });
    expect(asAttacker.status).toBe(400);
    expect(asAttacker.body.code).toBe("invalid_credentials");
  }

  it("an attacker's earlier sign-up of the owner's address leaves the attacker nothing", async () => {
    const email = uniqueEmail("owner");
    const attackerPassword = "attacker-password-1";
    await signUp(ts, email, attackerPassword);
    ts.clock.advance(61);
    const owner = await signUp(ts, email, PASSWORD);
    expect((await verifyLink(ts, owner.linkToken)).status).toBe(200);

    await expectOnlyOwnerSignsIn(email, attackerPassword);
  });

  it("the owner's sign-up within the per-address gap mails nothing, yet voids the attacker's link and password", async () => {
    const email = uniqueEmail("owner");
    const attackerPassword = "attacker-password-1";
    const attacker = await signUp(ts, email, attackerPassword);
    ts.clock.advance(5);
    const held = await ts.raw("/signup", { body: { email, password: PASSWORD } });
    expect(held.status).toBe(200);
    expect((await mailsTo(ts, email)).length).toBe(1);
    // The attacker's mail, still in the owner's inbox, no longer confirms anything.
    expect((await verifyLink(ts, attacker.linkToken)).status).toBe(403);
    expect((await verifyCode(ts, email, attacker.code)).status).toBe(403);

    ts.clock.advance(60);
    const resent = await ts.raw("/resend", { body: { type: "signup", email } });
    expect(resent.status).toBe(200);
    const link = new URL((await latestMail(ts, email)).confirmation_url).searchParams.get(
      "token_hash",
    ) as string;
    expect(link).not.toBe(attacker.linkToken);
    const confirmed = await verifyLink(ts, link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.access_token).toEqual(expect.any(String));

    await expectOnlyOwnerSignsIn(email, attackerPassword);
  });

  it("the same holds when the address's mail budget holds the owner's mail back", async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "1" });
    try {
      const email = uniqueEmail("owner");
      const attacker = await signUp(limited, email, "attacker-password-1");
      limited.clock.advance(61);
      const held = await limited.raw("/signup", { body: { email, password: PASSWORD } });
      expect(held.status).toBe(200);
      expect((await mailsTo(limited, email)).length).toBe(1);
      expect((await verifyLink(limited, attacker.linkToken)).status).toBe(403);
      expect((await verifyCode(limited, email, attacker.code)).status).toBe(403);
    } finally {
      await limited.close();
    }
  });
});
