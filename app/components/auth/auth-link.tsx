// A link that opens the auth dialog (`/sign-in`, `/sign-up`); the dialog's route code and data are
// fetched as soon as the visitor reaches for it (pointer over it, keyboard focus). A sign-in link
// carries the page the visitor was sent from, if any.
import { Link } from "~/components/ui/router";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { authHref, type AuthMode } from "~/auth/auth-mode";
import { withReturnTo } from "~/lib/return-to";
import { useReturnTo } from "~/hooks/use-return-to";

/**
 * The landing page's main way into the dialog ('Get Started'): where focus goes when the dialog
 * closes and nothing on the page opened it (it was loaded open, or opened without JavaScript).
 */
export const MAIN_AUTH_LINK_ID = "get-started";

type AuthLinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, "to"> & { mode: AuthMode };

export const AuthLink = forwardRef<HTMLAnchorElement, AuthLinkProps>(function AuthLink(
  { mode, children, ...props },
  ref,
) {
  // Sent here from a signed-in page: signing in goes back there.
  const returnTo = useReturnTo();
  const to = mode === "sign-in" ? withReturnTo(authHref(mode), returnTo) : authHref(mode);
  return (
    <Link ref={ref} to={to} prefetch="intent" preventScrollReset {...props}>
      {children}
    </Link>
  );
});
