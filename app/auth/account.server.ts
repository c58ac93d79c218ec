// The account page's actions: changing the password (the current one first) or the e-mail address
// (confirmed from the new one), and signing out of all devices. A password change or a sign-out
// everywhere leaves a revocation marker, so other devices are signed out at their next page view.
import type { AppLoadContext } from "@remix-run/node";
import { emailChangeSent, messages, waitBeforeAnotherEmail, type Toast } from "~/content/messages";
import {
  callAuth,
  formError,
  parseFields,
  readForm,
  refusal,
  tooManyAttempts,
  type PostedFields,
} from "~/forms/answer.server";
import { secondsUntilNextEmail } from "~/forms/auth-errors.server";
import { CHANGE_EMAIL_INTENT, changeEmailSchema, changePasswordSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { INVALID_EMAIL_HINT, normalizeEmail } from "~/forms/validation";
import { getEnv } from "~/lib/env.server";
import { ACCOUNT_PATH, DASHBOARD_PATH, HOME_PATH } from "~/lib/paths";
import { recordFailedSignIn, takeAttempt } from "~/lib/rate-limit.server";
import { createAuthClient, type AuthClient } from "~/session/auth-service.server";
import { withSessionCleared } from "~/session/cookie.server";
import { requireUser } from "~/session/guards.server";
import { revokeSessions } from "~/session/revocations.server";
import { sessionIdOf } from "~/session/verify.server";
import type { SessionUser } from "~/session/state.server";

type AccountField = "newEmail" | "currentPassword" | "password";

/**
 * Sets the signed-in user's new password and ends every other session: the auth service ends
 * their refresh tokens, the marker ends their access tokens here (sparing this session's).
 */
export async function setNewPassword(
  context: AppLoadContext,
  { supabase, headers }: AuthClient,
  user: SessionUser,
  password: string,
  done: Toast = messages.passwordUpdated,
) {
  const updated = await callAuth(() => supabase.auth.updateUser({ password }));
  if (!updated.ok) {
    const { code } = updated.error;
    const toast =
      code === "same_password"
        ? messages.samePassword
        : code === "weak_password"
          ? messages.passwordRequirements
          : updated.toast;
    return formError(context, toast, { headers });
  }
  const ended = await callAuth(() => supabase.auth.signOut({ scope: "others" }));
  if (!ended.ok) return formError(context, ended.toast, { headers });
  // The session this browser keeps: the one its cookies now hold (checking the current password
  // signed in afresh), else the one it came with.
  const { data } = await supabase.auth.getSession();
  await revokeSessions(user.id, sessionIdOf(data.session?.access_token) ?? user.sessionId);
  return redirectWithToast(DASHBOARD_PATH, done, headers);
}

/** The password change: the current password first, checked by signing in with it. */
async function changePassword(
  context: AppLoadContext,
  client: AuthClient,
  user: SessionUser,
  fields: PostedFields,
) {
  const parsed = parseFields(changePasswordSchema, fields);
  if (!parsed.ok) return refusal<AccountField>(context, parsed);
  const { currentPassword, password } = parsed.value;
  const wait = await takeAttempt("sign-in", context.clientIp, user.email);
  if (wait !== null) return tooManyAttempts(context, wait);
  const checked = await callAuth(() =>
    client.supabase.auth.signInWithPassword({ email: user.email, password: currentPassword }),
  );
  if (!checked.ok && checked.toast !== messages.connectionError) {
    await recordFailedSignIn(context.clientIp, user.email);
    return formError<AccountField>(context, messages.currentPasswordWrong, {
      errors: { currentPassword: messages.currentPasswordWrong.description },
    });
  }
  if (!checked.ok) return formError(context, checked.toast);
  return setNewPassword(context, client, user, password);
}

/**
 * The e-mail change: the auth service mails a link and a code to the new address, which becomes
 * the account's address once that link is opened (the old one works until then).
 */
async function changeEmail(
  context: AppLoadContext,
  { supabase, headers }: AuthClient,
  user: SessionUser,
  fields: PostedFields,
) {
  const values = { newEmail: normalizeEmail(fields.newEmail ?? "") };
  const parsed = parseFields(changeEmailSchema, fields);
  if (!parsed.ok) return refusal<AccountField>(context, parsed, values);
  const { newEmail } = parsed.value;
  const refuse = (toast: Toast, hint?: string) =>
    formError<AccountField>(context, toast, { values, errors: { newEmail: hint }, headers });
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    return refuse(messages.sameEmail, messages.sameEmail.description);
  }
  const wait = await takeAttempt("sign-up", context.clientIp, newEmail);
  if (wait !== null) return tooManyAttempts<AccountField>(context, wait, { values });
  const result = await callAuth(() =>
    supabase.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${getEnv().SITE_URL}${ACCOUNT_PATH}` },
    ),
  );
  if (result.ok) return redirectWithToast(ACCOUNT_PATH, emailChangeSent(newEmail), headers);
  const { code } = result.error;
  if (code === "email_exists") return refuse(messages.emailTaken, messages.emailTaken.description);
  if (code === "validation_failed") return refuse(messages.invalidEmail, INVALID_EMAIL_HINT);
  const gap = secondsUntilNextEmail(result.error);
  if (gap !== null) {
    return tooManyAttempts(context, gap, { values, toast: waitBeforeAnotherEmail(gap), headers });
  }
  return refuse(result.toast);
}

/** The account page's forms post here; the e-mail form says so in `intent`. */
export async function accountAction(request: Request, context: AppLoadContext) {
  // The session first: a stranger's body is never read.
  const { user } = await requireUser(request, context);
  const fields = (await readForm(request)) ?? {};
  const client = createAuthClient(request, context);
  return fields.intent === CHANGE_EMAIL_INTENT
    ? changeEmail(context, client, user, fields)
    : changePassword(context, client, user, fields);
}

/**
 * 'Sign out of all devices': every session of the user, here and elsewhere. The auth service ends
 * the refresh tokens first, then the marker ends every access token issued until then: no token
 * can be refreshed into a second the marker does not cover.
 */
export async function signOutEverywhereAction(request: Request, context: AppLoadContext) {
  const { user } = await requireUser(request, context);
  const { supabase, headers } = createAuthClient(request, context);
  await callAuth(() => supabase.auth.signOut({ scope: "global" }));
  await revokeSessions(user.id, null);
  const cleared = await withSessionCleared(request, headers);
  return redirectWithToast(HOME_PATH, messages.signedOutEverywhere, cleared);
}
