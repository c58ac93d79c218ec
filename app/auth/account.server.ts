// The account-recovery and account-management actions: asking for a reset link, asking for the
// confirmation mail again, setting a new password after a reset link, changing it or the e-mail
// address on the account page, and signing out of all devices. Errors come back as form data with
// a toast; successes redirect (PRG) with a flash toast. Password changes and global sign-outs leave a revocation
// marker, so other devices are signed out at their next page view.
import { data, type AppLoadContext } from "@remix-run/node";
import { secondsUntilNextEmail, toastForAuthError, isAuthUnavailable } from "./auth-errors";
import { createAuthClient, requireUser } from "~/session/auth.server";
import { authHref } from "./auth-mode";
import {
  ACCOUNT_PATH,
  CHANGE_EMAIL_INTENT,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
} from "~/lib/paths";
import { getEnv } from "~/lib/env.server";
import { readFormFields } from "~/forms/read-form.server";
import {
  emailChangeSent,
  messages,
  resetLinkSent,
  waitBeforeAnotherEmail,
  type Toast,
} from "~/forms/messages";
import { takeAttempt } from "~/lib/rate-limit.server";
import { revokeSessionsBefore } from "~/session/revocations.server";
import { redirectWithToast, showToast, type ShownToast } from "~/forms/toast.server";
import {
  INVALID_EMAIL_HINT,
  isAcceptablePassword,
  isValidEmail,
  normalizeEmail,
  PASSWORD_MAX_BYTES,
} from "~/forms/validation";

export interface FormAnswer {
  email?: string;
  /** The account page's e-mail change: the address asked for, shown again in its form. */
  newEmail?: string;
  errors: { email?: string; password?: string; currentPassword?: string; newEmail?: string };
  toast: ShownToast;
}

function answer(toast: Toast, status: number, fields: Omit<FormAnswer, "toast"> = { errors: {} }) {
  return data<FormAnswer>({ ...fields, toast: showToast(toast) }, { status });
}

function statusFor(toast: Toast): number {
  if (toast === messages.connectionError) return 503;
  if (toast === messages.tooManyAttempts) return 429;
  return 400;
}

/** Mail-sending forms share the sign-up budget per client IP. */
async function mailLimited(context: AppLoadContext, email: string) {
  const waitSeconds = await takeAttempt("sign-up", context.clientIp ?? "unknown", email);
  if (waitSeconds === null) return null;
  return data<FormAnswer>(
    { email, errors: {}, toast: showToast(messages.tooManyAttempts) },
    { status: 429, headers: { "Retry-After": String(waitSeconds) } },
  );
}

/** Reads the posted e-mail, or answers with the invalid-e-mail hint and toast. */
async function postedEmail(request: Request) {
  const field = await readFormFields(request);
  const email = normalizeEmail(field?.("email") ?? "");
  if (!isValidEmail(email)) {
    return {
      email,
      invalid: answer(messages.invalidEmail, 400, { email, errors: { email: INVALID_EMAIL_HINT } }),
    };
  }
  return { email, invalid: null };
}

/** 'Forgot password?': the same answer whether or not the address has an account. */
export async function forgotPasswordAction(request: Request, context: AppLoadContext) {
  const { email, invalid } = await postedEmail(request);
  if (invalid) return invalid;
  const limited = await mailLimited(context, email);
  if (limited) return limited;
  const { supabase } = createAuthClient(request, context);
  try {
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: `${getEnv().SITE_URL}${RESET_PASSWORD_PATH}`,
    });
    // The per-address gap only exists for real accounts: answering it would tell them apart.
    if (error && isAuthUnavailable(error))
      return answer(messages.connectionError, 503, { email, errors: {} });
  } catch {
    return answer(messages.connectionError, 503, { email, errors: {} });
  }
  return redirectWithToast(FORGOT_PASSWORD_PATH, resetLinkSent(email));
}

/** 'Send the confirmation email again' after sign-in said the address is not confirmed. */
export async function resendConfirmationAction(request: Request, context: AppLoadContext) {
  const { email, invalid } = await postedEmail(request);
  if (invalid) return redirectWithToast(authHref("sign-in"), messages.invalidEmail);
  const limited = await mailLimited(context, email);
  if (limited) return redirectWithToast(authHref("sign-in"), messages.tooManyAttempts);
  const { supabase } = createAuthClient(request, context);
  let error;
  try {
    ({ error } = await supabase.auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: getEnv().SITE_URL },
    }));
  } catch {
    return redirectWithToast(authHref("sign-in"), messages.connectionError);
  }
  const wait = error ? secondsUntilNextEmail(error) : null;
  if (wait !== null) return redirectWithToast(authHref("sign-in"), waitBeforeAnotherEmail(wait));
  if (error) return redirectWithToast(authHref("sign-in"), toastForAuthError(error));
  return redirectWithToast(authHref("sign-in"), messages.confirmationResent);
}

/** The new password from a form, checked with the sign-up rules. */
function acceptablePassword(value: string) {
  if (isAcceptablePassword(value)) return null;
  return answer(messages.passwordRequirements, 400, {
    errors: { password: messages.passwordRequirements.description },
  });
}

type AuthClient = ReturnType<typeof createAuthClient>;

/**
 * Sets the signed-in user's new password and ends every other session: the auth service ends
 * their refresh tokens, the marker ends their access tokens here; this session's token is then
 * renewed so it postdates the marker.
 */
async function setNewPassword({ supabase, headers }: AuthClient, userId: string, password: string) {
  let toast: Toast;
  try {
    const { error } = await supabase.auth.updateUser({ password });
    if (!error) {
      await supabase.auth.signOut({ scope: "others" });
      await revokeSessionsBefore(userId);
      const renewed = await supabase.auth.refreshSession();
      if (!renewed.error) return redirectWithToast("/dashboard", messages.passwordUpdated, headers);
      toast = toastForAuthError(renewed.error);
    } else if (error.code === "same_password") toast = messages.samePassword;
    else if (error.code === "weak_password") toast = messages.passwordRequirements;
    else toast = toastForAuthError(error);
  } catch {
    toast = messages.connectionError;
  }
  return data<FormAnswer>(
    { errors: {}, toast: showToast(toast) },
    { status: statusFor(toast), headers },
  );
}

/** After a verified reset link: the new password, no current one (the link proved the address). */
export async function resetPasswordAction(request: Request, context: AppLoadContext) {
  const { user } = await requireUser(request, context);
  const field = await readFormFields(request);
  const password = field?.("password") ?? "";
  const refused = acceptablePassword(password);
  if (refused) return refused;
  return setNewPassword(createAuthClient(request, context), user.id, password);
}

/** The account page's password change: the current password first, checked by signing in. */
export async function changePasswordAction(request: Request, context: AppLoadContext) {
  const { user } = await requireUser(request, context);
  const field = await readFormFields(request);
  const current = field?.("currentPassword") ?? "";
  const password = field?.("password") ?? "";
  if (!current || new TextEncoder().encode(current).length > PASSWORD_MAX_BYTES) {
    return answer(messages.currentPasswordWrong, 400, {
      errors: { currentPassword: messages.currentPasswordWrong.description },
    });
  }
  const refused = acceptablePassword(password);
  if (refused) return refused;
  const waitSeconds = await takeAttempt("sign-in", context.clientIp ?? "unknown", user.email);
  if (waitSeconds !== null) return answer(messages.tooManyAttempts, 429);
  const client = createAuthClient(request, context);
  try {
    const { error } = await client.supabase.auth.signInWithPassword({
      email: user.email,
      password: current,
    });
    if (error && isAuthUnavailable(error)) return answer(messages.connectionError, 503);
    if (error) {
      return answer(messages.currentPasswordWrong, 400, {
        errors: { currentPassword: messages.currentPasswordWrong.description },
      });
    }
  } catch {
    return answer(messages.connectionError, 503);
  }
  return setNewPassword(client, user.id, password);
}

/** The account page's two forms post to the same route; the e-mail form says so in `intent`. */
export async function accountAction(request: Request, context: AppLoadContext) {
  // The session first (checked once per request): a stranger's body is never read.
  await requireUser(request, context);
  const field = await readFormFields(request.clone());
  return field?.("intent") === CHANGE_EMAIL_INTENT
    ? changeEmailAction(request, context)
    : changePasswordAction(request, context);
}

/**
 * The account page's e-mail change: the auth service mails a link and a code to the new address,
 * which becomes the account's address once that link is opened (the old one works until then).
 */
export async function changeEmailAction(request: Request, context: AppLoadContext) {
  const { user } = await requireUser(request, context);
  const field = await readFormFields(request);
  const newEmail = normalizeEmail(field?.("newEmail") ?? "");
  const refuse = (toast: Toast, status: number, fieldError?: string, headers?: Headers) =>
    data<FormAnswer>(
      { newEmail, errors: { newEmail: fieldError }, toast: showToast(toast) },
      { status, headers },
    );
  if (!isValidEmail(newEmail)) return refuse(messages.invalidEmail, 400, INVALID_EMAIL_HINT);
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    return refuse(messages.sameEmail, 400, messages.sameEmail.description);
  }
  const waitSeconds = await takeAttempt("sign-up", context.clientIp ?? "unknown", newEmail);
  if (waitSeconds !== null) {
    return refuse(
      messages.tooManyAttempts,
      429,
      undefined,
      new Headers({ "Retry-After": String(waitSeconds) }),
    );
  }
  const { supabase, headers } = createAuthClient(request, context);
  let error;
  try {
    ({ error } = await supabase.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${getEnv().SITE_URL}${ACCOUNT_PATH}` },
    ));
  } catch {
    return refuse(messages.connectionError, 503);
  }
  if (!error) return redirectWithToast(ACCOUNT_PATH, emailChangeSent(newEmail), headers);
  if (error.code === "email_exists") {
    return refuse(messages.emailTaken, 400, messages.emailTaken.description, headers);
  }
  if (error.code === "validation_failed") {
    return refuse(messages.invalidEmail, 400, INVALID_EMAIL_HINT, headers);
  }
  const wait = secondsUntilNextEmail(error);
  if (wait !== null) {
    headers.set("Retry-After", String(wait));
    return refuse(waitBeforeAnotherEmail(wait), 429, undefined, headers);
  }
  const toast = toastForAuthError(error);
  return refuse(toast, statusFor(toast), undefined, headers);
}

/** 'Sign out of all devices': every session of the user, here and elsewhere. */
export async function signOutEverywhereAction(request: Request, context: AppLoadContext) {
  const { user } = await requireUser(request, context);
  const { supabase, headers } = createAuthClient(request, context);
  await revokeSessionsBefore(user.id);
  try {
    await supabase.auth.signOut({ scope: "global" });
  } catch {
    // The cookies are cleared and the marker ends every token: nothing more to do here.
  }
  return redirectWithToast("/", messages.signedOutEverywhere, headers);
}
