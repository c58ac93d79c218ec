// The 'Sign Out' button: a plain POST form, works without JavaScript; with it, the button says it
// is working until the landing page arrives (slow networks).
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { Icon } from "~/components/ui/icon";
import { useSubmitting } from "~/hooks/use-submitting";
import { SIGN_OUT_PATH } from "~/lib/paths";

export function SignOutForm() {
  const pending = useSubmitting(SIGN_OUT_PATH);
  return (
    <Form method="post" action={SIGN_OUT_PATH} className="shrink-0">
      <SubmitButton pending={pending} variant="outline" size="sm">
        <Icon name="log-out" />
        Sign Out
      </SubmitButton>
    </Form>
  );
}
