// The 'Sign Out' button: a plain POST form, works without JavaScript.
import { Form } from "@remix-run/react";
import { LogOut } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { SIGN_OUT_PATH } from "~/lib/paths";

export function SignOutForm() {
  return (
    <Form method="post" action={SIGN_OUT_PATH} className="shrink-0">
      <Button type="submit" variant="outline" size="sm">
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </Form>
  );
}
