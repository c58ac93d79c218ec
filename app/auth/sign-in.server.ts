// The sign-in and sign-up form actions: validate with the shared rules, call the auth service,
// answer errors as form data (rendered inline and as a toast, with or without JavaScript) and
// successes with a redirect (PRG) carrying the session cookies and a flash toast.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { toastForAuthError } from "./auth-errors";
import { createAuthClient } from "~/session/auth.server";
import { getEnv } from "~/lib/env.server";
import { readFormFields, type FormFields } from "~/forms/read-form.server";
import { authHref, EMAIL_PARAM, MODE_SWITCH_FIELD } from "./auth-mode";
import { messages, type Toast } from "~/forms/messages";
import { takeAttempt } from "~/lib/rate-limit.server";
import { redirectWithToast, showToast, type ShownToast } from "~/forms/toast.server";
import {
  INVALID_EMAIL_HINT,
  isAcceptablePassword,
  isValidEmail,
  EMAIL_MAX_LENGTH,
  normalizeEmail,
  PASSWORD_MAX_BYTES,
} from "~/forms/validation";

export type AuthIntent = "sign-in" | "sign-up";

export interface AuthActionData {
  intent: AuthIntent;
  email: string;
  errors: { email?: string; password?: string };
  toast: ShownToast;
  /** Sign-in found the address unconfirmed: the form offers the confirmation mail again. */
  unconfirmed?: boolean;
}

function failure(
  intent: AuthIntent,
  email: string,
  toast: Toast,
  status: number,
  errors: AuthActionData["errors"] = {},
  headers?: Headers,
) {
  const unconfirmed = toast === messages.emailNotConfirmed;
  return data<AuthActionData>(
    { intent, email, errors, toast: showToast(toast), ...(unconfirmed ? { unconfirmed } : {}) },
    { status, headers },
  );
}

function statusFor(toast: Toast): number {
  if (toast === messages.connectionError) return 503;
  if (toast === messages.tooManyAttempts) return 429;
  return 400;
}

/** A 429 with a clear toast when this IP or address has made too many attempts. */
async function rateLimited(context: AppLoadContext, intent: AuthIntent, email: string) {
  const waitSeconds = await takeAttempt(intent, context.clientIp ?? "unknown", email);
  if (waitSeconds === null) return null;
  const headers = new Headers({ "Retry-After": String(waitSeconds) });
  return failure(intent, email, messages.tooManyAttempts, 429, {}, headers);
}

/** A body that is not a form: the form again with the generic message. */
function unreadable(intent: AuthIntent) {
  return failure(intent, "", messages.authFailed, 400);
}

/**
 * The other mode's switch, submitted without JavaScript: the form of this mode with the e-mail
 * typed so far (no validation, no call, no toast).
 */
function modeSwitch(intent: AuthIntent, field: FormFields) {
  if (field(MODE_SWITCH_FIELD) !== intent) return null;
  const email = normalizeEmail(field("email")).slice(0, EMAIL_MAX_LENGTH);
  return redirect(
    `${authHref(intent)}?${new URLSearchParams({ [EMAIL_PARAM]: email }).toString()}`,
  );
}

export async function signInAction(request: Request, context: AppLoadContext) {
  const field = await readFormFields(request);
  if (!field) return unreadable("sign-in");
  const switched = modeSwitch("sign-in", field);
  if (switched) return switched;
  const email = normalizeEmail(field("email"));
  const password = field("password");
  if (!isValidEmail(email)) {
    return failure("sign-in", email, messages.invalidEmail, 400, {
      email: INVALID_EMAIL_HINT,
    });
  }
  if (!password || new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) {
    return failure("sign-in", email, messages.invalidCredentials, 400);
  }
  const limited = await rateLimited(context, "sign-in", email);
  if (limited) return limited;
  const { supabase, headers } = createAuthClient(request, context);
  let error;
  try {
    ({ error } = await supabase.auth.signInWithPassword({ email, password }));
  } catch {
    return failure("sign-in", email, messages.connectionError, 503);
  }
  if (error) {
    const toast = toastForAuthError(error);
    return failure("sign-in", email, toast, statusFor(toast), {}, headers);
  }
  return redirectWithToast("/dashboard", messages.signedIn, headers);
}

export async function signUpAction(request: Request, context: AppLoadContext) {
  const field = await readFormFields(request);
  if (!field) return unreadable("sign-up");
  const switched = modeSwitch("sign-up", field);
  if (switched) return switched;
  const email = normalizeEmail(field("email"));
  const password = field("password");
  if (!isValidEmail(email)) {
    return failure("sign-up", email, messages.invalidEmail, 400, {
      email: INVALID_EMAIL_HINT,
    });
  }
  if (!isAcceptablePassword(password)) {
    return failure("sign-up", email, messages.passwordRequirements, 400, {
      password: messages.passwordRequirements.description,
    });
  }
  const limited = await rateLimited(context, "sign-up", email);
  if (limited) return limited;
  const { supabase, headers } = createAuthClient(request, context);
  let result;
  try {
    result = await supabase.auth.signUp({
      email,
      password,
      options: { emailRedirectTo: getEnv().SITE_URL },
    });
  } catch {
    return failure("sign-up", email, messages.connectionError, 503);
  }
  const { data: signUp, error } = result;
  if (error) {
    const toast = toastForAuthError(error);
    return failure("sign-up", email, toast, statusFor(toast), {}, headers);
  }
  // With e-mail confirmation on, a confirmed address gets an obfuscated user (no identities, no
  // session): it is answered like a new sign-up, so the form never tells who has an account.
  if (signUp.session) return redirectWithToast("/dashboard", messages.signedIn, headers);
  return redirectWithToast(authHref("sign-up"), messages.accountCreated, headers);
}
