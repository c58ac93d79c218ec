// Invitations into the portal: the auth service mails the link, from the agency and whoever invites
// (staff, or a client's primary contact); each address gets at most one a minute (counted here too,
// since hosted Supabase keeps no gap for invitations); a refusal is a toast for the form.
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "@supabase/supabase-js";
import { alreadyClient, invitationWait, toasts, type Toast } from "~/content/toasts";
import type { FormErrorOptions } from "~/forms/answer.server";
import { addressHint, secondsUntilNextEmail, toastForAuthError } from "~/forms/auth-errors.server";
import { getEnv } from "~/lib/env.server";
import { WELCOME_PATH } from "~/lib/paths";
import { returnAttempt, takeAttempt } from "~/lib/rate-limit.server";
import { invite } from "~/identity/auth-admin.server";
import type { AuthErrorLike } from "~/session/auth-service.server";
import { currentBrand } from "~/brand/brand.server";

/** The invited person, or why no invitation went (with what the form answers). */
export type Invitation =
  | { invited: User }
  | { refused: Toast; options: Pick<FormErrorOptions<"email">, "errors" | "status" | "headers"> };

/**
 * What the inviter is told when the auth service did not invite: an outage, an address it refuses (one
 * the form's pattern takes, in another script) or, for anything else, the generic text.
 */
function inviteRefused(error: AuthErrorLike | null): Toast {
  if (error?.status && error.status >= 500) return toasts.connectionError;
  if (error && toastForAuthError(error) === toasts.invalidEmail) return toasts.invalidEmail;
  return toasts.authFailed;
}

/**
 * Invites `email` from the agency and the person named `invitedBy` (into `company`, when named),
 * within the auth
 * service's mail budgets (staff are not limited per IP); a refusal for that says when the next may
 * go. An address that already has an account is told so, unmailed. Nothing mailed: the address may
 * be invited again at once.
 */
export async function sendInvitation(
  context: AppLoadContext,
  invitedBy: string,
  email: string,
  company: string,
): Promise<Invitation> {
  const held = (seconds: number): Invitation => ({
    refused: invitationWait(email, seconds),
    options: { status: 429, headers: { "Retry-After": String(seconds) } },
  });
  const wait = await takeAttempt("invite", context.clientIp, email);
  if (wait !== null) return held(wait);
  let mailed = false;
  try {
    let answer;
    try {
      answer = await invite(email, `${getEnv().SITE_URL}${WELCOME_PATH}`, {
        agencyName: (await currentBrand()).name,
        invitedBy,
        company,
      });
    } catch {
      return { refused: toasts.connectionError, options: {} };
    }
    const { data, error } = answer;
    if (error?.code === "email_exists") return { refused: alreadyClient(email), options: {} };
    const gap = error ? secondsUntilNextEmail(error) : null;
    if (gap !== null) return held(gap);
    if (error || !data.user) {
      const toast = inviteRefused(error);
      return { refused: toast, options: { errors: { email: addressHint(toast) } } };
    }
    mailed = true;
    return { invited: data.user };
  } finally {
    if (!mailed) await returnAttempt("invite", context.clientIp, email);
  }
}
