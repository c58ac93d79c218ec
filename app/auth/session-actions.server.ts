// The actions that start and end a session: sign-in and sign-up (the post read through its schema,
// the auth service called, an error answered as the form again, inline and as a toast, success as
// a redirect carrying the session cookies and a flash toast) and sign-out.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { accessOf } from "~/data/client-accounts.server";
import { mirrorUser } from "~/data/client-directory.server";
import { database } from "~/data/connection.server";
import {
  callAuth,
  formError,
  parseFields,
  readForm,
  refusal,
  tooManyAttempts,
  type FormErrorAnswer,
  type PostedFields,
} from "~/forms/answer.server";
import { signInSchema, signUpSchema } from "~/forms/schemas";
import { addressHint } from "~/forms/auth-errors.server";
import { redirectWithToast } from "~/forms/toast.server";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "~/forms/validation";
import { getEnv } from "~/lib/env.server";
import { DASHBOARD_PATH, HOME_PATH } from "~/lib/paths";
import { settleSignIn, takeAttempt } from "~/lib/rate-limit.server";
import { createAuthClient } from "~/session/auth-service.server";
import { clearedSessionCookies, withSessionCleared } from "~/session/cookie.server";
import { SESSION_END_PARAM } from "~/session/session-end";
import { homePathFor } from "~/lib/roles";
import {
  checkInboxHref,
  dialogHref,
  EMAIL_PARAM,
  MODE_SWITCH_FIELD,
  type AuthMode,
  type DialogForm,
} from "./auth-mode";
import { landingAfterSignIn, RETURN_TO_PARAM, returnToPath } from "~/lib/return-to";
import { newSignUpProof, SIGN_UP_PROOF_KEY } from "./sign-up-proof.server";
import { takeBrowserTimeZone } from "./time-zone.server";

type AuthField = "email" | "password";

/** The e-mail as typed, to show again in the form (the password never is). */
function typedEmail(fields: PostedFields) {
  return { email: normalizeEmail(fields.email ?? "").slice(0, EMAIL_MAX_LENGTH) };
}

/**
 * A switch to another of the dialog's forms, submitted without JavaScript (or before the page's
 * scripts have run): that form with the e-mail typed so far (no validation, no call, no toast).
 */
export function dialogSwitch(form: DialogForm, fields: PostedFields) {
  if (fields[MODE_SWITCH_FIELD] !== form) return null;
  return redirect(dialogWithEmail(form, typedEmail(fields).email));
}

/** One of the dialog's forms with `email` filled in (the plain form when there is none). */
function dialogWithEmail(form: DialogForm, email: string) {
  if (email === "") return dialogHref(form);
  return `${dialogHref(form)}?${new URLSearchParams({ [EMAIL_PARAM]: email })}`;
}

/**
 * Reads a sign-in or sign-up post: the mode switch, a refusal, or the credentials to use (with the
 * post's other fields).
 */
async function readCredentials(
  mode: AuthMode,
  request: Request,
  context: AppLoadContext,
): Promise<
  { answer: Response | FormErrorAnswer } | { email: string; password: string; fields: PostedFields }
> {
  const fields = await readForm(request);
  if (!fields) return { answer: formError<AuthField>(context, toasts.authFailed) };
  const switched = dialogSwitch(mode, fields);
  if (switched) return { answer: switched };
  const parsed = parseFields(mode === "sign-in" ? signInSchema : signUpSchema, fields);
  if (!parsed.ok) return { answer: refusal<AuthField>(context, parsed, typedEmail(fields)) };
  const { email, password } = parsed.value;
  const wait = await takeAttempt(mode, context.clientIp, email);
  if (wait !== null)
    return { answer: tooManyAttempts<AuthField>(context, wait, { values: { email } }) };
  return { email, password, fields };
}

export async function signInAction(request: Request, context: AppLoadContext) {
  const credentials = await readCredentials("sign-in", request, context);
  if ("answer" in credentials) return credentials.answer;
  const { email, password, fields } = credentials;
  const { supabase, headers } = createAuthClient(request, context);
  const result = await callAuth(() => supabase.auth.signInWithPassword({ email, password }));
  const wrongPassword = !result.ok && result.toast === toasts.invalidCredentials;
  await settleSignIn(context.clientIp, email, { wrongPassword });
  if (!result.ok) {
    const unconfirmed = result.toast === toasts.emailNotConfirmed;
    return formError<AuthField>(context, result.toast, {
      values: { email },
      errors: { email: addressHint(result.toast) },
      unconfirmed,
      headers,
    });
  }
  if (result.data.user) {
    await mirrorUser(result.data.user);
    // The agency let this person's account go: the new session ends at once, and the page says why.
    if ((await accessOf(await database(), result.data.user.id)) === "deactivated") {
      await callAuth(() => supabase.auth.signOut({ scope: "local" }));
      const set = new Set(headers.getSetCookie().map((line) => line.slice(0, line.indexOf("="))));
      const ended = new URLSearchParams({ [SESSION_END_PARAM]: "deactivated" });
      return redirect(`${HOME_PATH}?${ended}`, { headers: clearedSessionCookies([...set]) });
    }
    await takeBrowserTimeZone(result.data.user.id, fields);
  }
  // Back to the signed-in page that sent the visitor here, if it is one of theirs.
  const returnTo = returnToPath(new URL(request.url).searchParams.get(RETURN_TO_PARAM));
  const home = homePathFor(result.data.user?.app_metadata?.role as string | undefined);
  return redirectWithToast(landingAfterSignIn(returnTo, home), toasts.signedIn, headers);
}

export async function signUpAction(request: Request, context: AppLoadContext) {
  const credentials = await readCredentials("sign-up", request, context);
  if ("answer" in credentials) return credentials.answer;
  const { email, password } = credentials;
  const { supabase, headers } = createAuthClient(request, context);
  const proof = newSignUpProof(request);
  const result = await callAuth(() =>
    supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: getEnv().SITE_URL, data: { [SIGN_UP_PROOF_KEY]: proof.hash } },
    }),
  );
  headers.append("Set-Cookie", proof.cookie);
  // The dialog then says where the mail went, and offers to send it again.
  const created = () => redirectWithToast(checkInboxHref(email), toasts.accountCreated, headers);
  // The per-address mail gap means this address was signed up in the last minute: answered like a
  // new sign-up, so the form never tells that someone just signed it up.
  if (!result.ok && result.error.code === "over_email_send_rate_limit") return created();
  // A portal by invitation only: /sign-up is sign-in there, so the answer goes to sign-in with the
  // address kept and the message as a flash toast (a form answer would be lost to that redirect).
  if (!result.ok && result.toast === toasts.signUpsClosed) {
    return redirectWithToast(dialogWithEmail("sign-in", email), toasts.signUpsClosed, headers);
  }
  if (!result.ok) {
    const errors = { email: addressHint(result.toast) };
    return formError<AuthField>(context, result.toast, { values: { email }, errors, headers });
  }
  // With e-mail confirmation on, a confirmed address gets an obfuscated user (no identities, no
  // session): it is answered like a new sign-up, so the form never tells who has an account.
  if (result.data.session) return redirectWithToast(DASHBOARD_PATH, toasts.signedIn, headers);
  return created();
}

/**
 * Ends this device's session. auth-js keeps the cookies when the auth service cannot be reached;
 * they are cleared here whatever it answered, so the device is signed out either way.
 */
export async function signOutAction(request: Request, context: AppLoadContext) {
  const { supabase, headers } = createAuthClient(request, context);
  await callAuth(() => supabase.auth.signOut({ scope: "local" }));
  return redirect(HOME_PATH, { headers: await withSessionCleared(request, headers) });
}
