// The auth dialog's layout over the landing page. Each child route (/sign-in, /sign-up) brings its
// form, action and copy (`handle.authDialog`); the dialog itself, and what was typed so far, stay
// here, so switching modes neither closes the dialog nor loses the address or password.
import { Outlet, useMatches, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AuthDialog, type AuthDialogCopy } from "~/components/auth/auth-dialog";
import type { AuthModeHandle, AuthOutletContext } from "~/components/auth/auth-form";
import { CHECK_INBOX_COPY, useInboxAddress } from "~/components/auth/check-inbox";
import { EMAIL_PARAM } from "~/auth/auth-mode";
import type { SharedPageHandle } from "~/delivery/shared-pages.server";
export { headers, shouldRevalidate } from "~/forms/page-hooks";

export interface AuthRouteHandle {
  authDialog: AuthDialogCopy;
}

/** The same for every visitor; an e-mail carried over from the other mode comes in the query. */
export const handle: SharedPageHandle = { sharedPage: true };

export default function AuthLayout() {
  const leaf = useMatches().at(-1)?.handle as
    (AuthRouteHandle & Partial<AuthModeHandle>) | undefined;
  const inbox = useInboxAddress();
  // A mode switch without JavaScript arrives with the e-mail typed so far in the URL.
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get(EMAIL_PARAM) ?? "");
  const [password, setPassword] = useState("");
  const context: AuthOutletContext = { email, setEmail, password, setPassword };
  if (!leaf?.authDialog) return <Outlet context={context} />;
  return (
    <AuthDialog copy={leaf.authMode === "sign-up" && inbox ? CHECK_INBOX_COPY : leaf.authDialog}>
      <Outlet context={context} />
    </AuthDialog>
  );
}
