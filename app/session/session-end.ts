// Why a browser's session ended without its user signing out here, so the landing page can say so:
// signed out of all devices, or a password change, from another device; or a session too old to
// refresh. It travels as the landing page's `signedOut` query parameter (plain text that tells
// nothing about the account, and shows no more than a notice if someone types it in).
import type { RevocationReason } from "~/data/schema";

export const SESSION_END_PARAM = "signedOut";

export type SessionEndReason = RevocationReason | "expired";

const REASONS: readonly SessionEndReason[] = ["everywhere", "password-changed", "expired"];

export function parseSessionEnd(value: string | null): SessionEndReason | null {
  return REASONS.find((reason) => reason === value) ?? null;
}
