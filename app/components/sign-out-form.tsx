// The signed-in user's e-mail and the 'Sign Out' button: a plain POST form, works without JavaScript.
import { Form } from "@remix-run/react";
import { LogOut } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { SIGN_OUT_PATH } from "~/lib/paths";
import { cn } from "~/lib/utils";

export function SignOutForm({ email, className }: { email: string; className?: string }) {
  return (
    <div className={cn("flex min-w-0 items-center gap-3", className)}>
      <span className="min-w-0 truncate text-sm text-muted-foreground" title={email}>
        {email}
      </span>
      <Form method="post" action={SIGN_OUT_PATH} className="shrink-0">
        <Button type="submit" variant="outline" size="sm">
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </Form>
    </div>
  );
}
