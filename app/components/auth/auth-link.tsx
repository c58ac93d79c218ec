// A link that opens the auth dialog (`?auth=sign-in|sign-up`) and starts fetching the dialog's
// code as soon as the visitor reaches for it (pointer over or touching it, keyboard focus).
import { Link } from "@remix-run/react";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { authHref, type AuthMode } from "~/lib/auth-mode";
import { preloadAuthDialog } from "./lazy-auth-dialog";

type AuthLinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, "to"> & { mode: AuthMode };

export const AuthLink = forwardRef<HTMLAnchorElement, AuthLinkProps>(function AuthLink(
  { mode, children, ...props },
  ref,
) {
  return (
    <Link
      ref={ref}
      to={authHref(mode)}
      preventScrollReset
      onPointerEnter={preloadAuthDialog}
      onFocus={preloadAuthDialog}
      {...props}
    >
      {children}
    </Link>
  );
});
