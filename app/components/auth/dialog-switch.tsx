// A switch to another of the auth dialog's forms ('Create an account', 'Sign in', 'Forgot
// password?'). With JavaScript it is a client navigation: what was typed lives in the dialog's
// layout. Without JavaScript, or before the page's scripts have run, it submits the form it sits
// in to the other form's action, which answers with that form and the e-mail filled in: nothing
// typed is lost either way.
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { dialogHref, MODE_SWITCH_FIELD, type DialogForm } from "~/auth/auth-mode";
import { cn } from "~/lib/utils";

export function DialogSwitch({
  to,
  className,
  children,
}: {
  to: DialogForm;
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="submit"
      formAction={dialogHref(to)}
      formMethod="post"
      formNoValidate
      name={MODE_SWITCH_FIELD}
      value={to}
      onClick={(event) => {
        event.preventDefault();
        navigate(dialogHref(to), { replace: true, preventScrollReset: true });
      }}
      className={cn(
        "rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      {children}
    </button>
  );
}
