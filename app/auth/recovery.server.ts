// Account recovery: asking for a reset link, asking for the confirmation mail again, and setting
// a new password after a reset link. Mail-sending forms share the sign-up budget per client IP.
import type { AppLoadContext } from "@remix-run/node";
import { toasts, resetLinkSent, type Toast } from "~/content/toasts";
import {
  callAuth,
  formError,
  parseFields,
  readForm,
  refusal,
  tooManyAttempts,
} from "~/forms/answer.server";
import { savePersonName } from "~/data/client-profiles.server";
import { inTransaction } from "~/data/connection.server";
import { emailSchema, newPasswordSchema, personNameSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { getEnv } from "~/lib/env.server";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "~/lib/paths";
import { takeAttempt } from "~/lib/rate-limit.server";
import { createAuthClient, isAuthUnavailable } from "~/session/auth-service.server";
import type { SessionUser } from "~/session/state.server";
import { setNewPassword } from "./account.server";
import { dialogSwitch } from "./session-actions.server";
import { authHref, checkInboxHref, FROM_INBOX_FIELD } from "./auth-mode";
import { takeBrowserTimeZone } from "./time-zone.server";

/** 'Forgot password?': the same answer whether or not the address has an account. */
export async function forgotPasswordAction(request: Request, context: AppLoadContext) {
  const fields = (await readForm(request)) ?? {};
  const switched = dialogSwitch("forgot-password", fields);
  if (switched) return switched;
  const typed = { email: normalizeEmail(fields.email ?? "") };
  const parsed = parseFields(emailSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, typed);
  const { email } = parsed.value;
  const wait = await takeAttempt("sign-up", context.clientIp, email);
  if (wait !== null) return tooManyAttempts(context, wait, { values: { email } });
  const { supabase } = createAuthClient(request, context);
  const result = await callAuth(() =>
    supabase.auth.resetPasswordForEmail(email, {
      redirectTo: `${getEnv().SITE_URL}${RESET_PASSWORD_PATH}`,
    }),
  );
  // The per-address gap only exists for real accounts: answering it would tell them apart.
  if (!result.ok && isAuthUnavailable(result.error)) {
    return formError(context, toasts.connectionError, { values: { email } });
  }
  return redirectWithToast(FORGOT_PASSWORD_PATH, resetLinkSent(email));
}

/** 'Send the confirmation email again' after sign-in said the address is not confirmed. */
export async function resendConfirmationAction(request: Request, context: AppLoadContext) {
  const fields = (await readForm(request)) ?? {};
  const parsed = parseFields(emailSchema, fields);
  // Back where it was asked from: the sign-up dialog's "Check your inbox", else sign-in.
  const back = (toast: Parameters<typeof redirectWithToast>[1]) =>
    redirectWithToast(
      parsed.ok && fields[FROM_INBOX_FIELD]
        ? checkInboxHref(parsed.value.email)
        : authHref("sign-in"),
      toast,
    );
  if (!parsed.ok) return back(toasts.invalidEmail);
  const { email } = parsed.value;
  if ((await takeAttempt("sign-up", context.clientIp, email)) !== null) {
    return back(toasts.tooManyAttempts);
  }
  const { supabase } = createAuthClient(request, context);
  const result = await callAuth(() =>
    supabase.auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: getEnv().SITE_URL },
    }),
  );
  // The per-address mail gap means a sign-up or resend in the last minute: answered like a mail
  // sent, so nobody learns from this form that the address was just signed up.
  if (result.ok || result.error.code === "over_email_send_rate_limit") {
    return back(toasts.confirmationResent);
  }
  return back(result.toast);
}

/** A password set after a mailed link proved the address: no current one is asked for. */
async function passwordAfterLink(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  done: Toast,
) {
  const parsed = parseFields(newPasswordSchema, (await readForm(request)) ?? {});
  if (!parsed.ok) return refusal(context, parsed);
  const client = createAuthClient(request, context);
  return setNewPassword(context, client, user, parsed.value.password, done);
}

/** After a verified reset link: the new password; other devices are signed out. */
export function resetPasswordAction(request: Request, context: AppLoadContext, user: SessionUser) {
  return passwordAfterLink(request, context, user, toasts.passwordUpdated);
}

/**
 * After an accepted invitation: the password the new client will sign in with, the name they go
 * by if they give one (kept with the form when the password is refused), and their browser's zone.
 */
export async function welcomeAction(request: Request, context: AppLoadContext, user: SessionUser) {
  const fields = (await readForm(request)) ?? {};
  const values = { personName: fields.personName ?? "" };
  const named = parseFields(personNameSchema, fields);
  if (!named.ok) return refusal(context, named, values);
  const parsed = parseFields(newPasswordSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { personName } = named.value;
  if (personName) {
    await inTransaction((trx) => savePersonName(trx, user.id, personName, Date.now()));
  }
  await takeBrowserTimeZone(user.id, fields);
  const client = createAuthClient(request, context);
  return setNewPassword(context, client, user, parsed.value.password, toasts.welcome, values);
}
