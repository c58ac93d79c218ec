// The confirmation mail's link: verifies `token_hash`, signs the user in, and goes on to a
// same-origin `next` (default /dashboard). An expired or used link gets a clear toast, not an error.
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { EmailOtpType } from "@supabase/supabase-js";
import { isAuthUnavailable } from "~/lib/auth-errors";
import { createAuthClient } from "~/lib/auth.server";
import { authHref } from "~/lib/auth-mode";
import { getEnv } from "~/lib/env.server";
import { messages } from "~/lib/messages";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";

const EMAIL_OTP_TYPES: readonly EmailOtpType[] = [
  "email",
  "signup",
  "magiclink",
  "invite",
  "recovery",
  "email_change",
];
const TOKEN_HASH_MAX_LENGTH = 512;

function isEmailOtpType(value: string | null): value is EmailOtpType {
  return EMAIL_OTP_TYPES.includes(value as EmailOtpType);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tokenHash = url.searchParams.get("token_hash");
  const type = url.searchParams.get("type");
  const next = safeRedirect(url.searchParams.get("next"), "/dashboard", getEnv().SITE_URL);
  // The site root means "the portal": a signed-in user's home is the dashboard.
  const destination = next === "/" ? "/dashboard" : next;
  if (!tokenHash || tokenHash.length > TOKEN_HASH_MAX_LENGTH || !isEmailOtpType(type)) {
    return redirectWithToast(authHref("sign-in"), messages.confirmationLinkInvalid);
  }
  const { supabase, headers } = createAuthClient(request, context);
  let error;
  try {
    ({ error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash }));
  } catch {
    return redirectWithToast(authHref("sign-in"), messages.connectionError);
  }
  if (error) {
    const toast = isAuthUnavailable(error)
      ? messages.connectionError
      : messages.confirmationLinkInvalid;
    return redirectWithToast(authHref("sign-in"), toast, headers);
  }
  return redirectWithToast(destination, messages.emailConfirmed, headers);
}
