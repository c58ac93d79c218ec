// getClaims() verifies ES256 tokens locally through JWKS (no /user call); GOTRUE_JWT_KEYS rotation.
import { AuthInvalidJwtError } from "@supabase/supabase-js";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  decodeHeader,
  decodePayload,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

/** A fetch that records the auth path of every call the client makes. */
function countingFetch() {
  const paths: string[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    paths.push(url.pathname.replace(/^\/auth\/v1/, ""));
    return fetch(input, init);
  };
  return { paths, fetch: wrapped };
}

describe("getClaims() with the generated ES256 key", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it("verifies locally: one JWKS fetch, never /user", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(ts, email);
    const counter = countingFetch();
    const client = ts.client({ fetch: counter.fetch });
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const serverSeenBefore = ts.seen.length;

    const first = await client.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data?.claims.sub).toBe(id);
    expect(first.data?.header).toMatchObject({ alg: "ES256", kid: expect.any(String) });
    const second = await client.auth.getClaims();
    expect(second.data?.claims.session_id).toBe(first.data?.claims.session_id);

    expect(counter.paths).toEqual(["/token", "/.well-known/jwks.json"]);
    expect(ts.seen.slice(serverSeenBefore).map((r) => r.path)).toEqual([
      "/auth/v1/.well-known/jwks.json",
    ]);
  });

  it("rejects a forged signature locally (AuthInvalidJwtError) without asking the server", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const session = await signIn(ts, email);
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(decodePayload(session.access_token))
      .setProtectedHeader(decodeHeader(session.access_token) as { alg: string })
      .sign(privateKey);
    const counter = countingFetch();
    const { data, error } = await ts.client({ fetch: counter.fetch }).auth.getClaims(forged);
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(AuthInvalidJwtError);
    expect(error?.message).toBe("Invalid JWT signature");
    expect(counter.paths).not.toContain("/user");
  });

  it("still accepts a signed-out session's token locally; getUser() is the revocation check", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const session = await signIn(ts, email);
    await ts.raw("/logout", { method: "POST", bearer: session.access_token });
    const client = ts.client();
    expect((await client.auth.getClaims(session.access_token)).error).toBeNull();
    expect((await client.auth.getUser(session.access_token)).error?.name).toBe(
      "AuthSessionMissingError",
    );
  });
});

describe("GOTRUE_JWT_KEYS", () => {
  it("signs with the key marked sign (RS256 here), publishes every public key, verifies old tokens", async () => {
    const signing = await generateKeyPair("RS256", { extractable: true });
    const old = await generateKeyPair("ES256", { extractable: true });
    const keys = [
      {
        ...(await exportJWK(signing.privateKey)),
        kid: "new-rsa",
        alg: "RS256",
        key_ops: ["sign", "verify"],
      },
      { ...(await exportJWK(old.privateKey)), kid: "old-ec", alg: "ES256", key_ops: ["verify"] },
      {
        kty: "oct",
        k: Buffer.from("s".repeat(40)).toString("base64url"),
        kid: "hs",
        alg: "HS256",
        key_ops: ["verify"],
      },
    ];
    const ts = await startTestServer({ GOTRUE_JWT_KEYS: JSON.stringify(keys) });
    try {
      const jwks = await ts.raw<{ keys: Record<string, unknown>[] }>("/.well-known/jwks.json");
      expect(jwks.body.keys.map((k) => k.kid)).toEqual(["new-rsa", "old-ec"]);
      for (const key of jwks.body.keys) {
        expect(
          Object.keys(key).filter((f) => ["d", "p", "q", "dp", "dq", "qi", "k"].includes(f)),
        ).toEqual([]);
        expect(key.key_ops).toEqual(["verify"]);
      }

      const email = uniqueEmail();
      const id = await createConfirmedUser(ts, email);
      const session = await signIn(ts, email);
      expect(decodeHeader(session.access_token)).toMatchObject({ alg: "RS256", kid: "new-rsa" });
      const counter = countingFetch();
      const client = ts.client({ fetch: counter.fetch });
      const claims = await client.auth.getClaims(session.access_token);
      expect(claims.data?.claims.sub).toBe(id);
      expect(counter.paths).not.toContain("/user");

      // A token from before the rotation (signed with the old key) still passes /user.
      const oldToken = await new SignJWT(decodePayload(session.access_token))
        .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "old-ec" })
        .sign(old.privateKey);
      expect((await ts.raw("/user", { bearer: oldToken })).status).toBe(200);
    } finally {
      await ts.close();
    }
  });
});
