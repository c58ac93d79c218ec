// The product's error catalogue for auth service errors: by error code first, then by the service's
// known messages, then the generic text; an unreachable service is 'Connection Error'. An address
// the service refuses is answered like one the form refuses: 'Invalid Email' and the field's hint.
import { toasts, type Toast } from "~/content/toasts";
import { isAuthUnavailable, type AuthErrorLike } from "~/session/auth-service.server";
import { INVALID_EMAIL_HINT } from "./validation";

const BY_CODE: Record<string, Toast> = {
  email_not_confirmed: toasts.emailNotConfirmed,
  invalid_credentials: toasts.invalidCredentials,
  // Supabase tells a banned account's right password apart; the form answers it like a wrong one.
  user_banned: toasts.invalidCredentials,
  user_already_exists: toasts.alreadyRegistered,
  over_request_rate_limit: toasts.tooManyAttempts,
  over_email_send_rate_limit: toasts.tooManyAttempts,
  signup_disabled: toasts.signUpsClosed,
  // Hosted Supabase's refusal of an address it cannot deliver to.
  email_address_invalid: toasts.invalidEmail,
};

const BY_MESSAGE: Array<[string, Toast]> = [
  ["Email not confirmed", toasts.emailNotConfirmed],
  ["Invalid login credentials", toasts.invalidCredentials],
  ["User already registered", toasts.alreadyRegistered],
  // GoTrue's format check (ASCII only) refuses addresses the form's pattern accepts, such as
  // josé@exämple.com: its `validation_failed` is told from others by the message.
  ["Unable to validate email address", toasts.invalidEmail],
];

export function toastForAuthError(error: AuthErrorLike): Toast {
  if (isAuthUnavailable(error)) return toasts.connectionError;
  const byCode = error.code ? BY_CODE[error.code] : undefined;
  if (byCode) return byCode;
  const text = error.message ?? "";
  const byMessage = BY_MESSAGE.find(([fragment]) => text.includes(fragment));
  return byMessage ? byMessage[1] : toasts.authFailed;
}

/** The hint under the e-mail field that goes with an error's toast: there when it refused the address. */
export function addressHint(toast: Toast): string | undefined {
  return toast === toasts.invalidEmail ? INVALID_EMAIL_HINT : undefined;
}

/**
 * The auth service's per-address mail gap ("…you can only request this after N seconds."), in
 * seconds, or null when the error is something else.
 */
export function secondsUntilNextEmail(error: AuthErrorLike): number | null {
  if (error.code !== "over_email_send_rate_limit") return null;
  const seconds = /after (\d+) seconds?/.exec(error.message ?? "")?.[1];
  return seconds === undefined ? null : Math.max(1, Number(seconds));
}
