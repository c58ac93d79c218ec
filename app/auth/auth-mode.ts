// The auth dialog's two modes and their routes (`/sign-in`, `/sign-up`), so the dialog can be
// opened by a plain link, with or without JavaScript.
import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from "~/lib/paths";

export type AuthMode = "sign-in" | "sign-up";

/** Each form the dialog shows: a mode, or the request for a reset link. */
export type DialogForm = AuthMode | "forgot-password";

/** The query parameter of links that open the dialog on `/` (`/?auth=sign-in`): redirected. */
export const LEGACY_AUTH_PARAM = "auth";

/** A post to a dialog form's action with this field set to that form only switches to it (no JS). */
export const MODE_SWITCH_FIELD = "switch-mode";

/** The query parameter a mode switch without JavaScript carries the typed e-mail in. */
export const EMAIL_PARAM = "email";

export function parseAuthMode(value: string | null): AuthMode | null {
  return value === "sign-in" || value === "sign-up" ? value : null;
}

export function authHref(mode: AuthMode): string {
  return mode === "sign-in" ? SIGN_IN_PATH : SIGN_UP_PATH;
}

export function dialogHref(form: DialogForm): string {
  return form === "forgot-password" ? FORGOT_PASSWORD_PATH : authHref(form);
}

/**
 * The query parameter of the sign-up dialog's "Check your inbox" state: the address the
 * confirmation mail went to (shown to the one who typed it; the request log keeps paths only).
 */
export const INBOX_PARAM = "inbox";

/** The sign-up dialog telling the client to look for the mail sent to `email`. */
export function checkInboxHref(email: string): string {
  return `${SIGN_UP_PATH}?${new URLSearchParams({ [INBOX_PARAM]: email })}`;
}

/** The form field a resend from the "Check your inbox" state carries, to come back to it. */
export const FROM_INBOX_FIELD = "from-inbox";
