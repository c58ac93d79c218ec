// The sign-up dialog after 'Account Created!' (`/sign-up?inbox=…`): where the mail went, 'Send it
// again' (which comes back here) and 'Use another address'. Read from the address, so it is the
// same with JavaScript off, and the form cannot be sent twice by accident.
import { useSearchParams } from "@remix-run/react";
import { Link } from "~/components/ui/router";
import { authHref, FROM_INBOX_FIELD, INBOX_PARAM } from "~/auth/auth-mode";
import { ActionRouteForm } from "~/components/action-route-form";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { isValidEmail } from "~/forms/validation";
import { RESEND_CONFIRMATION_PATH } from "~/lib/paths";

/** The dialog's title and description in this state. */
export const CHECK_INBOX_COPY = {
  title: "Check your inbox",
  description: "Open the link in the mail to confirm your address and finish signing up.",
};

/** The address of this state (`?inbox=`), when the address holds a valid one. */
export function useInboxAddress(): string | null {
  const [params] = useSearchParams();
  const email = params.get(INBOX_PARAM);
  return email !== null && isValidEmail(email) ? email : null;
}

export function CheckInbox({ email }: { email: string }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        We&apos;ve sent a confirmation link to{" "}
        <strong className="break-all font-semibold">{email}</strong>. If nothing arrives within a
        minute, look in your spam folder, then send it again.
      </p>
      <ActionRouteForm action={RESEND_CONFIRMATION_PATH}>
        {(pending) => (
          <>
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name={FROM_INBOX_FIELD} value="1" />
            <SubmitButton pending={pending} variant="outline" className="w-full">
              Send it again
            </SubmitButton>
          </>
        )}
      </ActionRouteForm>
      <Button asChild variant="link" className="justify-self-center">
        <Link to={authHref("sign-up")} replace preventScrollReset>
          Use another address
        </Link>
      </Button>
    </div>
  );
}
