// The 'Sign Out' button: a plain POST form, works without JavaScript; with it, the button says it
// is working until the landing page arrives (slow networks), and a post that reaches no server
// keeps the page with 'Connection Error'.
import { ActionRouteForm } from "~/components/action-route-form";
import { SubmitButton } from "~/components/submit-button";
import { Icon } from "~/components/ui/icon";
import { SIGN_OUT_PATH } from "~/lib/paths";

export function SignOutForm() {
  return (
    <ActionRouteForm action={SIGN_OUT_PATH} className="shrink-0">
      {(pending) => (
        <SubmitButton pending={pending} variant="outline" size="sm">
          <Icon name="log-out" />
          Sign Out
        </SubmitButton>
      )}
    </ActionRouteForm>
  );
}
