// Why a browser's session ended without its user signing out here (signed out everywhere, a password
// changed elsewhere, too old to refresh, the account deactivated), carried as the landing page's
// `signedOut` parameter: plain text that names nothing of the account (decision 041).
import type { RevocationReason } from "~/data/schema";

export const SESSION_END_PARAM = "signedOut";

export type SessionEndReason = RevocationReason | "expired" | "deactivated";

const REASONS: readonly SessionEndReason[] = [
  "everywhere",
  "password-changed",
  "expired",
  "deactivated",
];

export function parseSessionEnd(value: string | null): SessionEndReason | null {
  return REASONS.find((reason) => reason === value) ?? null;
}
