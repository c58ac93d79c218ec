// The account page's actions: changing the password (the current one first) or the e-mail address
// (confirmed from the new one), and signing out of all devices. A password change or a sign-out
// everywhere leaves a revocation marker, so other devices are signed out at their next page view.
import type { AppLoadContext } from "@remix-run/node";
import { emailChangeSent, toasts, waitBeforeAnotherEmail, type Toast } from "~/content/toasts";
import {
  callAuth,
  formError,
  parseFields,
  readForm,
  refusal,
  tooManyAttempts,
  type PostedFields,
} from "~/forms/answer.server";
import { addressHint, secondsUntilNextEmail } from "~/forms/auth-errors.server";
import {
  CHANGE_EMAIL_INTENT,
  changeEmailSchema,
  changePasswordSchema,
  MAIL_SETTINGS_INTENT,
  PERSON_NAME_INTENT,
  TIME_ZONE_INTENT,
} from "~/forms/schemas";
import type { FormAnswer } from "~/forms/answer";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { getEnv } from "~/lib/env.server";
import { ACCOUNT_PATH, DASHBOARD_PATH, HOME_PATH } from "~/lib/paths";
import { loadMailSettings, saveMailSettings } from "~/mail/preferences.server";
import { STAFF_ROLE } from "~/lib/roles";
import { settleSignIn, takeAttempt } from "~/lib/rate-limit.server";
import { createAuthClient, type AuthClient } from "~/session/auth-service.server";
import { withSessionCleared } from "~/session/cookie.server";
import { revokeSessions } from "~/session/revocations.server";
import { sessionIdOf } from "~/session/verify.server";
import type { SessionUser } from "~/session/state.server";
import { choosePersonName, loadPersonName } from "./person-name.server";
import { chooseTimeZone, loadTimeZone } from "./time-zone.server";

type AccountField = "newEmail" | "emailChangePassword" | "currentPassword" | "password";

/**
 * Sets the signed-in user's new password and ends every other session: the auth service ends
 * their refresh tokens, the marker ends their access tokens here (sparing this session's).
 */
export async function setNewPassword(
  context: AppLoadContext,
  { supabase, headers }: AuthClient,
  user: SessionUser,
  password: string,
  done: Toast = toasts.passwordUpdated,
  values: Record<string, string> = {},
) {
  const updated = await callAuth(() => supabase.auth.updateUser({ password }));
  if (!updated.ok) {
    const { code } = updated.error;
    const toast =
      code === "same_password"
        ? toasts.samePassword
        : code === "weak_password"
          ? toasts.passwordRequirements
          : updated.toast;
    return formError(context, toast, { headers, values });
  }
  const ended = await callAuth(() => supabase.auth.signOut({ scope: "others" }));
  if (!ended.ok) return formError(context, ended.toast, { headers, values });
  // The session this browser keeps: the one its cookies now hold (checking the current password
  // signed in afresh), else the one it came with.
  const { data } = await supabase.auth.getSession();
  await revokeSessions(
    user.id,
    sessionIdOf(data.session?.access_token) ?? user.sessionId,
    "password-changed",
  );
  return redirectWithToast(DASHBOARD_PATH, done, headers);
}

/** Which form's password field a check answers under, and what to show again in that form. */
interface PasswordCheck {
  field: "currentPassword" | "emailChangePassword";
  values?: FormAnswer<AccountField>["values"];
}

/**
 * The current password, checked by signing in with it (a wrong one counts as a failed sign-in);
 * null when it is right, else the form's answer.
 */
async function wrongCurrentPassword(
  context: AppLoadContext,
  { supabase }: AuthClient,
  user: SessionUser,
  password: string,
  { field, values }: PasswordCheck,
) {
  const wait = await takeAttempt("sign-in", context.clientIp, user.email);
  if (wait !== null) return tooManyAttempts<AccountField>(context, wait, { values });
  const checked = await callAuth(() =>
    supabase.auth.signInWithPassword({ email: user.email, password }),
  );
  const unreachable = !checked.ok && checked.toast === toasts.connectionError;
  await settleSignIn(context.clientIp, user.email, { wrongPassword: !checked.ok && !unreachable });
  if (checked.ok) return null;
  if (unreachable) return formError<AccountField>(context, checked.toast, { values });
  return formError<AccountField>(context, toasts.currentPasswordWrong, {
    values,
    errors: { [field]: toasts.currentPasswordWrong.description },
  });
}

/** The password change: the current password first. */
async function changePassword(
  context: AppLoadContext,
  client: AuthClient,
  user: SessionUser,
  fields: PostedFields,
) {
  const parsed = parseFields(changePasswordSchema, fields);
  if (!parsed.ok) return refusal<AccountField>(context, parsed);
  const { currentPassword, password } = parsed.value;
  const wrong = await wrongCurrentPassword(context, client, user, currentPassword, {
    field: "currentPassword",
  });
  return wrong ?? setNewPassword(context, client, user, password);
}

/**
 * The e-mail change, once the current password is checked (a stolen session alone cannot move the
 * account to another address): the auth service mails the new address a link, and with secure
 * e-mail change the old one too; the address changes once the links are opened. An address that
 * already has an account is answered like any other, so the form tells no one who is registered;
 * so is every change asked for within the gap after the last one, answered here before the auth
 * service (which checks "address taken" before its own gap) is asked. Every refusal carries the
 * typed address (`values.newEmail`), which tells the page the refusal is this form's, not the
 * password change's.
 */
async function changeEmail(
  context: AppLoadContext,
  client: AuthClient,
  user: SessionUser,
  fields: PostedFields,
) {
  const values = { newEmail: normalizeEmail(fields.newEmail ?? "") };
  const parsed = parseFields(changeEmailSchema, fields);
  if (!parsed.ok) return refusal<AccountField>(context, parsed, values);
  const { newEmail, emailChangePassword } = parsed.value;
  const { supabase, headers } = client;
  const refuse = (toast: Toast, hint?: string) =>
    formError<AccountField>(context, toast, { values, errors: { newEmail: hint }, headers });
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    return refuse(toasts.sameEmail, toasts.sameEmail.description);
  }
  const wait = await takeAttempt("sign-up", context.clientIp, newEmail);
  if (wait !== null) return tooManyAttempts<AccountField>(context, wait, { values });
  const wrong = await wrongCurrentPassword(context, client, user, emailChangePassword, {
    field: "emailChangePassword",
    values,
  });
  if (wrong) return wrong;
  const pleaseWait = (seconds: number) =>
    tooManyAttempts(context, seconds, { values, toast: waitBeforeAnotherEmail(seconds), headers });
  // Counted once the password is right, so a mistyped one never makes the user wait.
  const waitHere = await takeAttempt("email-change", context.clientIp, user.id);
  if (waitHere !== null) return pleaseWait(waitHere);
  const result = await callAuth(() =>
    supabase.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${getEnv().SITE_URL}${ACCOUNT_PATH}` },
    ),
  );
  const sent = () => redirectWithToast(ACCOUNT_PATH, emailChangeSent(newEmail), headers);
  if (result.ok || result.error.code === "email_exists") return sent();
  const gap = secondsUntilNextEmail(result.error);
  if (gap !== null) return pleaseWait(gap);
  return refuse(result.toast, addressHint(result.toast));
}

/** The account page's forms post here, each saying which it is in `intent`. */
/** What the account page shows `user` (a client's person or staff alike). */
export async function loadAccount(user: SessionUser) {
  const [mail, zone, name] = await Promise.all([
    loadMailSettings(user),
    loadTimeZone(user),
    loadPersonName(user),
  ]);
  return { email: user.email, name, isStaff: user.role === STAFF_ROLE, mail, zone };
}

export async function accountAction(request: Request, context: AppLoadContext, user: SessionUser) {
  const fields = (await readForm(request)) ?? {};
  if (fields.intent === MAIL_SETTINGS_INTENT) return saveMailSettings(context, user, fields);
  if (fields.intent === TIME_ZONE_INTENT) return chooseTimeZone(context, user, fields);
  if (fields.intent === PERSON_NAME_INTENT) return choosePersonName(context, user, fields);
  const client = createAuthClient(request, context);
  return fields.intent === CHANGE_EMAIL_INTENT
    ? changeEmail(context, client, user, fields)
    : changePassword(context, client, user, fields);
}

/**
 * 'Sign out of all devices': every session of the user, here and elsewhere. The auth service ends
 * the refresh tokens first, then the marker ends every access token issued until then: no token
 * can be refreshed into a second the marker does not cover. When the service cannot end them,
 * nothing is marked and the account page says 'Connection Error': a marker alone would claim a
 * sign-out that any living refresh token undoes once the service is back.
 */
export async function signOutEverywhereAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
) {
  const { supabase, headers } = createAuthClient(request, context);
  const ended = await callAuth(() => supabase.auth.signOut({ scope: "global" }));
  if (!ended.ok) return redirectWithToast(ACCOUNT_PATH, ended.toast, headers);
  await revokeSessions(user.id, null, "everywhere");
  const cleared = await withSessionCleared(request, headers);
  return redirectWithToast(HOME_PATH, toasts.signedOutEverywhere, cleared);
}
