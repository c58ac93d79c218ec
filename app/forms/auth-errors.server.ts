// The product's error catalogue for auth service errors: by error code first, then by the service's
// known messages, then the generic text; an unreachable service is 'Connection Error'.
import { messages, type Toast } from "~/content/messages";
import { isAuthUnavailable, type AuthErrorLike } from "~/session/auth-service.server";

const BY_CODE: Record<string, Toast> = {
  email_not_confirmed: messages.emailNotConfirmed,
  invalid_credentials: messages.invalidCredentials,
  // Supabase tells a banned account's right password apart; the form answers it like a wrong one.
  user_banned: messages.invalidCredentials,
  user_already_exists: messages.alreadyRegistered,
  over_request_rate_limit: messages.tooManyAttempts,
  over_email_send_rate_limit: messages.tooManyAttempts,
  signup_disabled: messages.signUpsClosed,
};

const BY_MESSAGE: Array<[string, Toast]> = [
  ["Email not confirmed", messages.emailNotConfirmed],
  ["Invalid login credentials", messages.invalidCredentials],
  ["User already registered", messages.alreadyRegistered],
];

export function toastForAuthError(error: AuthErrorLike): Toast {
  if (isAuthUnavailable(error)) return messages.connectionError;
  const byCode = error.code ? BY_CODE[error.code] : undefined;
  if (byCode) return byCode;
  const text = error.message ?? "";
  const byMessage = BY_MESSAGE.find(([fragment]) => text.includes(fragment));
  return byMessage ? byMessage[1] : messages.authFailed;
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
