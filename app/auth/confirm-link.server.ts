// The mailed links (`/auth/confirm?token_hash=…&type=…&next=…`): reading them defensively, and
// verifying one when the visitor presses the page's button (a same-origin POST: a GET never spends
// a link, so mail scanners and cross-site navigations sign no one in).
import { data, type AppLoadContext } from "@remix-run/node";
import type { EmailOtpType } from "@supabase/supabase-js";
import { mirrorUser } from "~/data/client-directory.server";
import { callAuth } from "~/forms/answer.server";
import { createAuthClient } from "~/session/auth-service.server";
import {
  ACCOUNT_PATH,
  CONFIRMED_ELSEWHERE_PARAM,
  DASHBOARD_PATH,
  HOME_PATH,
  RESET_PASSWORD_PATH,
  WELCOME_PATH,
} from "~/lib/paths";
import { getEnv } from "~/lib/env.server";
import { toasts, type Toast } from "~/content/toasts";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/forms/toast.server";
import { confirmedElsewhere, SIGN_UP_PROOF_KEY, unguessablePassword } from "./sign-up-proof.server";

const EMAIL_OTP_TYPES: readonly EmailOtpType[] = [
  "email",
  "signup",
  "magiclink",
  "invite",
  "recovery",
  "email_change",
];
const TOKEN_HASH_MAX_LENGTH = 512;

/** What the page shows: the link's purpose, or why it cannot be used. */
export type LinkPurpose = "confirm" | "recovery" | "email_change" | "invite";
export type LinkState =
  | { state: "ready"; purpose: LinkPurpose }
  | { state: "invalid"; purpose: LinkPurpose }
  | { state: "unavailable"; purpose: LinkPurpose };

interface ParsedLink {
  tokenHash: string | null;
  type: EmailOtpType | null;
  purpose: LinkPurpose;
  destination: string;
}

function isEmailOtpType(value: string | null): value is EmailOtpType {
  return EMAIL_OTP_TYPES.includes(value as EmailOtpType);
}

/** Each purpose's own page, where its verified link goes without a usable `next`. */
const FALLBACK_DESTINATION: Record<LinkPurpose, string> = {
  confirm: DASHBOARD_PATH,
  recovery: RESET_PASSWORD_PATH,
  email_change: ACCOUNT_PATH,
  invite: WELCOME_PATH,
};

/** The toast a verified link arrives with. */
const VERIFIED_TOAST: Record<LinkPurpose, Toast> = {
  confirm: toasts.emailConfirmed,
  recovery: toasts.resetLinkVerified,
  email_change: toasts.emailChanged,
  invite: toasts.invitationAccepted,
};

/** Where a verified link goes: a safe same-origin `next`, else the step's own page. */
function destinationFor(next: string | null, purpose: LinkPurpose): string {
  const fallback = FALLBACK_DESTINATION[purpose];
  let target: string;
  try {
    target = safeRedirect(next, fallback, getEnv().SITE_URL);
  } catch {
    // Whatever a hostile `next` does to the check, the link still works with the default.
    return fallback;
  }
  // The site root means "the portal": a signed-in user's home is the dashboard.
  return target === HOME_PATH ? fallback : target;
}

export function parseLink(request: Request): ParsedLink {
  const params = new URL(request.url).searchParams;
  const rawType = params.get("type");
  const type = isEmailOtpType(rawType) ? rawType : null;
  const purpose: LinkPurpose =
    type === "recovery" || type === "email_change" || type === "invite" ? type : "confirm";
  const hash = params.get("token_hash");
  const tokenHash = hash && hash.length <= TOKEN_HASH_MAX_LENGTH ? hash : null;
  return { tokenHash, type, purpose, destination: destinationFor(params.get("next"), purpose) };
}

/** GET: the page with its button, or the "link invalid" page for a link that cannot work. */
export function linkPage(request: Request) {
  const { tokenHash, type, purpose } = parseLink(request);
  if (!tokenHash || !type) return data<LinkState>({ state: "invalid", purpose }, { status: 400 });
  return data<LinkState>({ state: "ready", purpose });
}

/** POST: verifies the link, signs the user in and goes on; a used or expired link gets the page. */
export async function verifyLink(request: Request, context: AppLoadContext) {
  const { tokenHash, type, purpose, destination } = parseLink(request);
  if (!tokenHash || !type) return data<LinkState>({ state: "invalid", purpose }, { status: 400 });
  const { supabase, headers } = createAuthClient(request, context);
  const result = await callAuth(() => supabase.auth.verifyOtp({ type, token_hash: tokenHash }));
  if (!result.ok) {
    const unavailable = result.toast === toasts.connectionError;
    return data<LinkState>(
      { state: unavailable ? "unavailable" : "invalid", purpose },
      { status: unavailable ? 503 : 400, headers },
    );
  }
  const { session, user } = result.data;
  if (user) await mirrorUser(user);
  // Supabase with "secure email change" on wants the other address's link too: no session yet.
  if (purpose === "email_change" && !session) {
    return redirectWithToast(destination, toasts.emailChangeHalfConfirmed, headers);
  }
  if (purpose === "confirm" && session && user && confirmedElsewhere(request, user)) {
    // Whoever chose the pending password may not be this owner: it is replaced before they choose.
    await callAuth(() =>
      supabase.auth.updateUser({
        password: unguessablePassword(),
        data: { [SIGN_UP_PROOF_KEY]: null },
      }),
    );
    return redirectWithToast(
      `${WELCOME_PATH}?${CONFIRMED_ELSEWHERE_PARAM}`,
      toasts.confirmedChoosePassword,
      headers,
    );
  }
  return redirectWithToast(destination, VERIFIED_TOAST[purpose], headers);
}
