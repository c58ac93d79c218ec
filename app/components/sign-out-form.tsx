// The signed-in user's e-mail and the 'Sign Out' button: a plain POST form, works without JavaScript;
// with it, the button says it is working until the landing page arrives (slow networks).
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { LogOut } from "~/components/ui/icons";
import { useSubmitting } from "~/hooks/use-submitting";
import { SIGN_OUT_PATH } from "~/lib/paths";
import { cn } from "~/lib/utils";

export function SignOutForm({ email, className }: { email: string; className?: string }) {
  const pending = useSubmitting(SIGN_OUT_PATH);
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <span className="min-w-0 truncate text-sm text-muted-foreground" title={email}>
        {email}
      </span>
      <Form method="post" action={SIGN_OUT_PATH} className="shrink-0">
        <SubmitButton pending={pending} variant="outline" size="sm">
          <LogOut aria-hidden />
          Sign Out
        </SubmitButton>
      </Form>
    </div>
  );
}
