// Why a browser's session ended without its user signing out here (signed out of all devices or a
// password changed elsewhere; too old to refresh), carried as the landing page's `signedOut`
// parameter: plain text that names nothing of the account (decision 041).
import type { RevocationReason } from "~/data/schema";

export const SESSION_END_PARAM = "signedOut";

export type SessionEndReason = RevocationReason | "expired";

const REASONS: readonly SessionEndReason[] = ["everywhere", "password-changed", "expired"];

export function parseSessionEnd(value: string | null): SessionEndReason | null {
  return REASONS.find((reason) => reason === value) ?? null;
}
