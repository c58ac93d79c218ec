// Signing keys: GOTRUE_JWT_KEYS, or an ES256 key created on first start and kept in the data dir.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { IN_MEMORY, type AuthConfig } from "../config/auth-config";
import type { Log } from "../log";

export type JwtAlg = "ES256" | "RS256" | "HS256";

export interface KeyEntry {
  kid: string | undefined;
  alg: JwtAlg;
  key: CryptoKey | Uint8Array;
}

export interface Keyring {
  signing: KeyEntry;
  /** Verification keys by kid (every configured key, signing one included). */
  byKid: Map<string, KeyEntry>;
  /** GOTRUE_JWT_SECRET as HS256 key material. */
  secret: Uint8Array;
  /** The public JWKS document (asymmetric keys only, public fields only). */
  jwks: { keys: JWK[] };
}

export const KEY_FILE_NAME = "signing-keys.json";

const PUBLIC_FIELDS: Record<string, string[]> = { EC: ["crv", "x", "y"], RSA: ["n", "e"] };

/** Loads or creates the keys described by the config. */
export async function loadKeyring(config: AuthConfig, log: Log): Promise<Keyring> {
  const jwks = config.jwtKeys ?? (await storedOrNewKeys(config.dataDir, log));
  const entries = await Promise.all(
    jwks.map(async (jwk) => ({ jwk, entry: await importEntry(jwk, false) })),
  );
  const signingJwk = jwks.find((jwk) => jwk.key_ops?.includes("sign"));
  if (!signingJwk) throw new Error('GOTRUE_JWT_KEYS: no key has key_ops containing "sign"');
  const signing = await importEntry(signingJwk, true);
  const byKid = new Map<string, KeyEntry>();
  for (const { entry } of entries) if (entry.kid) byKid.set(entry.kid, entry);
  return {
    signing,
    byKid,
    secret: new TextEncoder().encode(config.jwtSecret),
    jwks: { keys: entries.map(({ jwk }) => publicJwk(jwk)).filter((jwk) => jwk !== undefined) },
  };
}

const ALGS: readonly string[] = ["ES256", "RS256", "HS256"] satisfies JwtAlg[];

function algOf(jwk: JWK): JwtAlg {
  if (jwk.alg && ALGS.includes(jwk.alg)) return jwk.alg as JwtAlg;
  if (jwk.alg)
    throw new Error(`GOTRUE_JWT_KEYS: unsupported alg ${jwk.alg} (use ES256, RS256 or HS256)`);
  if (jwk.kty === "EC" && jwk.crv === "P-256") return "ES256";
  if (jwk.kty === "RSA") return "RS256";
  if (jwk.kty === "oct") return "HS256";
  throw new Error(`GOTRUE_JWT_KEYS: unsupported key type ${jwk.kty}`);
}

/** Imports the private half for signing, the public half (or the secret) for verifying. */
async function importEntry(jwk: JWK, forSigning: boolean): Promise<KeyEntry> {
  const alg = algOf(jwk);
  const material = forSigning || alg === "HS256" ? jwk : (publicJwk(jwk) ?? jwk);
  // key_ops / use / ext would make WebCrypto refuse a usage we need; the alg decides instead.
  const importable: JWK = { ...material };
  delete importable.key_ops;
  delete importable.use;
  delete importable.ext;
  return { kid: jwk.kid, alg, key: await importJWK(importable, alg) };
}

/** The JWKS entry for a key: public fields only, key_ops ["verify"]; undefined for symmetric keys. */
function publicJwk(jwk: JWK): JWK | undefined {
  const fields = PUBLIC_FIELDS[jwk.kty ?? ""];
  if (!fields) return undefined;
  const source = jwk as Record<string, unknown>;
  const pub: Record<string, unknown> = { kty: jwk.kty };
  for (const field of fields) pub[field] = source[field];
  return { ...pub, kid: jwk.kid, alg: algOf(jwk), use: "sig", key_ops: ["verify"] } as JWK;
}

/** Reads <dataDir>/signing-keys.json, or generates an ES256 key (and saves it unless in memory). */
async function storedOrNewKeys(dataDir: string, log: Log): Promise<JWK[]> {
  const file = dataDir === IN_MEMORY ? undefined : join(dataDir, KEY_FILE_NAME);
  if (file && existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { keys: JWK[] };
    return stored.keys;
  }
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: "ES256",
    use: "sig",
    key_ops: ["sign", "verify"],
  };
  if (file) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ keys: [jwk] }, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
    log("info", "signing_key_created", { kid: jwk.kid, file });
  }
  return [jwk];
}
