// A switch to another of the auth dialog's forms ('Create an account', 'Sign in', 'Forgot
// password?'): a client navigation with JavaScript; without it, or before hydration, it submits its
// form to the other form's action, which answers with the e-mail filled in (decision 018).
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
