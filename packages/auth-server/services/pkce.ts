// PKCE: challenge validation (RFC 7636), flow states, and verifier checks for grant_type=pkce.
import { createHash, randomUUID } from "node:crypto";
import type { App } from "../app";
import { validationFailed } from "../http/errors";
import type { FlowStateRecord } from "../store/tokens";

export interface PkceParams {
  codeChallenge: string;
  codeChallengeMethod: "s256" | "plain";
}

const MIN_CHALLENGE = 43;
const MAX_CHALLENGE = 128;
const CHALLENGE_CHARS = /^[a-zA-Z._~0-9-]+$/;

/** GoTrue's validatePKCEParams; absent (or JSON null) means the implicit flow: undefined. */
export function validatePkce(
  method: string | undefined,
  challenge: string | undefined,
): PkceParams | undefined {
  const m = method ?? "";
  const c = challenge ?? "";
  if ((m === "") !== (c === "")) {
    throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (c === "") return undefined;
  if (c.length < MIN_CHALLENGE || c.length > MAX_CHALLENGE) {
    throw validationFailed(
      `code challenge has to be between ${MIN_CHALLENGE} and ${MAX_CHALLENGE} characters`,
    );
  }
  if (!CHALLENGE_CHARS.test(c)) {
    throw validationFailed(
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  const lower = m.toLowerCase();
  if (lower !== "s256" && lower !== "plain") {
    throw validationFailed(`unsupported code_challenge method ${JSON.stringify(m)}`);
  }
  return { codeChallenge: c, codeChallengeMethod: lower };
}

/** Stores a flow state for `userId` (auth code = a fresh uuid). */
export function createFlowState(
  app: App,
  userId: string,
  authenticationMethod: string,
  pkce: PkceParams,
): FlowStateRecord {
  const flow: FlowStateRecord = {
    id: randomUUID(),
    userId,
    authCode: randomUUID(),
    codeChallenge: pkce.codeChallenge,
    codeChallengeMethod: pkce.codeChallengeMethod,
    providerType: "email",
    authenticationMethod,
    authCodeIssuedAt: null,
    createdAt: app.now(),
  };
  app.store.tokens.insertFlowState(flow);
  return flow;
}

export function verifierMatches(flow: FlowStateRecord, verifier: string): boolean {
  const computed =
    flow.codeChallengeMethod === "s256"
      ? createHash("sha256").update(verifier).digest("base64url")
      : verifier;
  return computed === flow.codeChallenge;
}

/** GoTrue's authentication method names, as stored on flow states and put in `amr`. */
export function authMethodForVerifyType(type: string): string {
  return type === "signup" ? "email/signup" : type;
}
